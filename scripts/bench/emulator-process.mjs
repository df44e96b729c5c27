// Runs one emulator (from the built package) in its own process, so the load generator and the server
// don't share an event loop. Started by scripts/bench.mjs with fork(); options arrive as JSON in argv[2].
// Protocol: sends {type:"ready", url, projectId, keys} once listening; stops and exits on {type:"stop"},
// or when the parent goes away.
import { startEmulator } from "../../dist/emulator.js";

const options = JSON.parse(process.argv[2] ?? "{}");
const em = await startEmulator({ ...options, port: 0, host: "127.0.0.1", quiet: true });

async function shutdown() {
  await em.stop();
  process.exit(0);
}
process.on("message", (m) => {
  if (m && m.type === "stop") void shutdown();
});
process.on("disconnect", () => void shutdown());
process.send({ type: "ready", url: em.url, projectId: em.projectId, keys: em.keys });
