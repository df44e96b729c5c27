#!/usr/bin/env node
// `npm run demo`: the React demo app (examples/demo) on the embedded emulator. Prints the app's URL, the emulator's
// inbox and the project's keys, then serves until Ctrl+C. Runs on the built package (`npm run demo` builds first).
//
//   --port N            the app's port (default 3000; 0 picks a free one)
//   --emulator-port N   the emulator's port (default 8102; 0 picks a free one)
//   --data FILE         keep the emulator's state (users, teams, sessions) in FILE between runs
//   --help              this text
import { DemoPortInUseError, startDemo } from "../examples/demo/server.mjs";

const USAGE = `Usage: npm run demo -- [--port N] [--emulator-port N] [--data FILE]

  --port N            the demo app's port (default 3000; 0 picks a free one)
  --emulator-port N   the emulator's port (default 8102; 0 picks a free one)
  --data FILE         keep users, teams and sessions in FILE between runs (e.g. .latchkey-demo.json)`;

/** Reads the flags; a bad one prints what is wrong and the usage, and exits with status 2. */
function parseArgs(argv) {
  const options = { port: 3000, emulatorPort: 8102, dataFile: undefined };
  const fail = (message) => {
    console.error(`${message}\n\n${USAGE}`);
    process.exit(2);
  };
  const portOf = (flag, value) => {
    const n = Number(value);
    if (value === undefined || !/^\d+$/.test(value) || n > 65535) fail(`${flag} takes a port number from 0 to 65535 (got ${value === undefined ? "nothing" : JSON.stringify(value)}).`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    const value = () => inline ?? argv[++i];
    if (flag === "--help" || flag === "-h") {
      console.log(USAGE);
      process.exit(0);
    } else if (flag === "--port") options.port = portOf(flag, value());
    else if (flag === "--emulator-port") options.emulatorPort = portOf(flag, value());
    else if (flag === "--data") {
      const file = value();
      if (!file || file.startsWith("--")) fail("--data takes a file name, e.g. --data .latchkey-demo.json.");
      options.dataFile = file;
    } else fail(`Unknown option ${JSON.stringify(argv[i])}.`);
  }
  return options;
}

const options = parseArgs(process.argv.slice(2));
let demo;
try {
  demo = await startDemo({ ...options, quiet: true });
} catch (error) {
  if (error instanceof DemoPortInUseError || error?.name === "DemoNotBuiltError" || error?.name === "EmulatorDataFileError") {
    console.error(`latchkey demo: ${error.message}`);
    process.exit(1);
  }
  throw error;
}

// Ctrl+C is handled before the banner asks for it, so a signal sent as soon as it is read stops the demo cleanly.
let stopping = false;
const stop = async () => {
  if (stopping) process.exit(130); // a second Ctrl+C does not wait
  stopping = true;
  console.log("\nStopping the demo…");
  await demo.stop();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);

const row = (label, value) => `  ${label.padEnd(24)}${value}`;
console.log(`
Latchkey demo is running. Open the app in your browser:

${row("App", demo.url)}
${row("Emulator inbox", `${demo.inboxUrl}   (verification, magic-link and invitation e-mails)`)}
${row("Emulator API", `${demo.emulatorUrl}/api/v1`)}

${row("Project id", demo.projectId)}
${row("Publishable key", demo.keys.publishableClientKey)}
${row("Secret server key", demo.keys.secretServerKey)}
${row("Super secret admin key", demo.keys.superSecretAdminKey)}

${demo.dataFile ? `Users, teams and sessions are kept in ${demo.dataFile}.` : "Users live in memory until you stop: add --data .latchkey-demo.json to keep them between runs."}
Sign in with GitHub or Google goes to the emulator's mock provider. Press Ctrl+C to stop.`);
