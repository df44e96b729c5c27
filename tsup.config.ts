import { defineConfig, type Options } from "tsup";

// jose, oauth4webapi and @simplewebauthn/browser are ESM-only. The ESM build imports them (so apps' bundlers
// share one copy); the CJS build carries them inside, so `require("latchkey")` works on every Node 20 release,
// not only on those that can `require()` ES modules.
const esmOnlyDependencies = ["jose", "oauth4webapi", "@simplewebauthn/browser"];

const sdk: Options = {
  entry: { index: "src/index.ts" },
  dts: true,
  target: "es2022",
  platform: "neutral",
  splitting: true,
  treeshake: true,
  external: ["next", "next/headers", "react"],
};

export default defineConfig([
  { ...sdk, format: ["esm"], clean: true },
  { ...sdk, format: ["cjs"], noExternal: esmOnlyDependencies },
  {
    // The emulator and its command line: Node only.
    entry: { emulator: "src/emulator/index.ts", cli: "src/emulator/cli.ts" },
    format: ["esm", "cjs"],
    dts: { entry: { emulator: "src/emulator/index.ts" } },
    target: "node20",
    platform: "node",
    splitting: true,
    treeshake: true,
    noExternal: [],
  },
]);
