import { defineConfig } from "tsup";

export default defineConfig([
  {
    // The SDK: runs in browsers, Node and edge runtimes.
    entry: { index: "src/index.ts" },
    format: ["esm", "cjs"],
    dts: true,
    clean: true,
    target: "es2022",
    platform: "neutral",
    splitting: true,
    treeshake: true,
    external: ["next", "next/headers", "react"],
  },
  {
    // The emulator and its command line: Node only.
    entry: { emulator: "src/emulator/index.ts", cli: "src/emulator/cli.ts" },
    format: ["esm", "cjs"],
    dts: { entry: { emulator: "src/emulator/index.ts" } },
    target: "node20",
    platform: "node",
    splitting: true,
    treeshake: true,
  },
]);
