// The locales in a page's bundle, built as an app's bundler builds it (esbuild, code splitting): a page with the
// provider and <SignIn /> loads no locale module up front (an English page downloads nothing more), and each
// locale's table is a file of its own, which the page fetches only when its provider is given that lang.
import { build } from "esbuild";
import type { Metafile } from "esbuild";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { LOCALES } from "../../src/react/locales/load-locale";

const ROOT = path.resolve(__dirname, "..", "..");
const LOCALE_MODULE = /src\/react\/locales\//;

let meta: Metafile;
let entry: string;
beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "latchkey-locale-chunks-"));
  try {
    const page = path.join(dir, "page.tsx");
    writeFileSync(page, `import { LatchkeyProvider, SignIn } from ${JSON.stringify(path.join(ROOT, "src/react/index.ts"))};\nexport const page = [LatchkeyProvider, SignIn];\n`);
    const result = await build({
      entryPoints: [page],
      absWorkingDir: ROOT,
      bundle: true,
      splitting: true,
      format: "esm",
      platform: "browser",
      outdir: path.join(dir, "out"),
      write: false,
      metafile: true,
      logLevel: "error",
      jsx: "automatic",
      external: ["react", "react/*", "react-dom", "react-dom/*"],
      define: { "process.env.NODE_ENV": '"production"' },
    });
    meta = result.metafile;
    entry = Object.keys(meta.outputs).find((k) => meta.outputs[k].entryPoint?.endsWith("page.tsx"))!;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** The output files `from` loads through imports of the given kinds. */
function closure(from: string, kinds: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (k: string) => {
    if (seen.has(k)) return;
    seen.add(k);
    for (const imp of meta.outputs[k].imports) if (kinds.includes(imp.kind) && !imp.external) visit(imp.path);
  };
  visit(from);
  return seen;
}
const modulesOf = (output: string) => Object.keys(meta.outputs[output].inputs).filter((input) => meta.outputs[output].inputs[input].bytesInOutput > 0);

test("what a page loads up front holds no locale module", () => {
  const upFront = [...closure(entry, ["import-statement"])].flatMap(modulesOf);
  expect(upFront.some((m) => m.endsWith("src/react/i18n.ts"))).toBe(true);
  expect(upFront.filter((m) => LOCALE_MODULE.test(m))).toEqual([]);
});

test("each locale's table is a file of its own, loaded with import()", () => {
  const reachable = [...closure(entry, ["import-statement", "dynamic-import"])];
  const tables = reachable.map((output) => modulesOf(output).filter((m) => /src\/react\/locales\/[a-z]{2}-[A-Z0-9]+\.ts$/.test(m))).filter((found) => found.length);
  expect(tables.map((found) => found.length)).toEqual(tables.map(() => 1));
  expect(tables.flat().map((m) => path.basename(m, ".ts")).sort()).toEqual(LOCALES.filter((l) => l !== "en-US").sort());
});
