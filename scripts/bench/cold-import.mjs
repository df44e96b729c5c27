// Cold import in Node: the time `await import(specifier)` takes in a fresh process (in-process clock around the
// import, so Node's own start-up is not counted), median of `runs` processes per specifier, the specifiers
// interleaved so drift in the machine's load affects each alike. Run inside the scratch app that has the packed
// package installed, so "latchkey" resolves as it does for a user. A separate, untimed process per specifier records
// every module file the import loads (module.register hooks) to prove jose and the emulator stay unloaded.
import { execFileSync, spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";

const TIMED = `const t = performance.now(); await import(process.argv[2]); console.log(performance.now() - t);`;
const HOOKS = `export async function load(url, context, next) { if (url.startsWith("file:")) process.stderr.write("LOADED " + url + "\\n"); return next(url, context); }`;
const TRACED = `import { register } from "node:module"; register("./cold-import-hooks.mjs", import.meta.url); await import(process.argv[2]);`;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Returns rows `{ specifier, medianMs, minMs, maxMs, files, jose, emulator }` for each specifier. */
export function measureColdImports(appDir, specifiers, runs = 20) {
  writeFileSync(path.join(appDir, "cold-import-timed.mjs"), TIMED);
  writeFileSync(path.join(appDir, "cold-import-hooks.mjs"), HOOKS);
  writeFileSync(path.join(appDir, "cold-import-traced.mjs"), TRACED);
  const samples = new Map(specifiers.map((s) => [s, []]));
  for (let i = 0; i < runs + 1; i++) {
    for (const s of specifiers) {
      const ms = Number(execFileSync(process.execPath, ["cold-import-timed.mjs", s], { cwd: appDir, encoding: "utf8" }).trim());
      if (i > 0) samples.get(s).push(ms); // the first round warms the disk cache
    }
  }
  return specifiers.map((specifier) => {
    const xs = samples.get(specifier);
    return { specifier, medianMs: median(xs), minMs: Math.min(...xs), maxMs: Math.max(...xs), ...traceOf(appDir, specifier) };
  });
}

function traceOf(appDir, specifier) {
  const r = spawnSync(process.execPath, ["cold-import-traced.mjs", specifier], { cwd: appDir, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`tracing import(${specifier}) failed: ${r.stderr.slice(-500)}`);
  const urls = r.stderr.split("\n").filter((l) => l.startsWith("LOADED ")).map((l) => l.slice(7)).filter((u) => !u.endsWith("/cold-import-traced.mjs"));
  return { files: urls.length, jose: urls.some((u) => u.includes("/jose/")), emulator: urls.some((u) => /emulator/.test(u)) };
}
