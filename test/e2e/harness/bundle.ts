import { build } from "esbuild";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

/** Which SDK the test page is built with: latchkey's source, or the official `@stackframe/js`. */
export type SdkUnderTest = "latchkey" | "official";

/**
 * Which test page: `"sdk"` is test/e2e/page/main.ts (the SDK's calls, driven from the test), `"react"` is
 * test/e2e/react-page/main.tsx (a React app on latchkey/react: provider, handler pages, a protected page),
 * `"official-react"` is test/e2e/official-react-page/main.tsx (the same kind of app on the official
 * `@stackframe/react`, to check its pages against the emulator).
 */
export type TestPage = "sdk" | "react" | "official-react";

const root = resolve(__dirname, "../../..");
const built = new Map<string, Promise<string>>();
const ENTRIES: Record<TestPage, string> = {
  sdk: "test/e2e/page/main.ts",
  react: "test/e2e/react-page/main.tsx",
  "official-react": "test/e2e/official-react-page/main.tsx",
};

/**
 * Bundles the test page for the browser, once per process and kind: `sdk-under-test` is aliased to the chosen SDK,
 * and `latchkey` / `latchkey/react` to latchkey's source (the React page is latchkey's only). Returns the bundle's
 * text (ESM; the SDK page with an inline source map so browser errors point at the source).
 */
export function pageBundle(sdk: SdkUnderTest, page: TestPage = "sdk"): Promise<string> {
  if (page === "react" && sdk !== "latchkey") throw new Error("the React test page is built on latchkey/react only");
  if (page === "official-react" && sdk !== "official") throw new Error("the official React test page is built on @stackframe/react only");
  const key = `${sdk}:${page}`;
  let p = built.get(key);
  if (!p) {
    p = (async () => {
      const result = await build({
        entryPoints: [join(root, ENTRIES[page])],
        bundle: true,
        format: "esm",
        platform: "browser",
        target: "chrome120",
        write: false, // kept in memory: the folder only names the output
        outdir: join(tmpdir(), `latchkey-e2e-${sdk}-${page}`),
        // The React pages carry react-dom: an inline map would make every page load parse ~4 MB instead of ~1 MB.
        sourcemap: page === "sdk" ? "inline" : false,
        logLevel: "silent",
        jsx: "automatic",
        alias: {
          "sdk-under-test": sdk === "latchkey" ? join(root, "src/index.ts") : "@stackframe/js",
          latchkey: join(root, "src/index.ts"),
          "latchkey/react": join(root, "src/react/index.ts"),
        },
        define: { "process.env.NODE_ENV": '"production"' },
      });
      return result.outputFiles[0].text;
    })();
    built.set(key, p);
  }
  return p;
}
