import { build } from "esbuild";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

/** Which SDK the test page is built with: latchkey's source, or the official `@stackframe/js`. */
export type SdkUnderTest = "latchkey" | "official";

const root = resolve(__dirname, "../../..");
const built = new Map<SdkUnderTest, Promise<string>>();

/**
 * Bundles test/e2e/page/main.ts for the browser with `sdk-under-test` aliased to the chosen SDK, once per process,
 * and returns the bundle's text (ESM, with an inline source map so browser errors point at the source).
 */
export function pageBundle(sdk: SdkUnderTest): Promise<string> {
  let p = built.get(sdk);
  if (!p) {
    p = (async () => {
      const outdir = mkdtempSync(join(tmpdir(), `latchkey-e2e-${sdk}-`));
      const result = await build({
        entryPoints: [join(root, "test/e2e/page/main.ts")],
        bundle: true,
        format: "esm",
        platform: "browser",
        target: "chrome120",
        write: false,
        outdir,
        sourcemap: "inline",
        logLevel: "silent",
        alias: { "sdk-under-test": sdk === "latchkey" ? join(root, "src/index.ts") : "@stackframe/js" },
        define: { "process.env.NODE_ENV": '"production"' },
      });
      return result.outputFiles[0].text;
    })();
    built.set(sdk, p);
  }
  return p;
}
