/**
 * Drop-in proof, name by name: every name the official `@stackframe/js` package exports (types and values, read
 * from its installed `index.d.ts`) is exported by latchkey too, except the allow-listed ones.
 */
import * as path from "node:path";
import * as ts from "typescript";

const ROOT = path.resolve(__dirname, "..", "..");

/** Official exports latchkey does not have, each with its reason. */
const NOT_EXPORTED: Record<string, string> = {
  getConvexProvidersConfig: "Convex helpers: out of scope for now",
};

function exportedNames(file: string): Set<string> {
  const program = ts.createProgram([file], {
    skipLibCheck: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: ["node"],
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file)!;
  return new Set(checker.getExportsOfModule(checker.getSymbolAtLocation(source)!).map((s) => s.getName()));
}

const official = exportedNames(path.join(ROOT, "node_modules", "@stackframe", "js", "dist", "index.d.ts"));
const latchkey = exportedNames(path.join(ROOT, "src", "index.ts"));

test("the official package exports the names this test expects (about a hundred)", () => {
  expect(official.size).toBeGreaterThanOrEqual(90);
  expect(official.has("StackClientApp")).toBe(true);
});

test("latchkey exports every official name that is not allow-listed", () => {
  const missing = [...official].filter((name) => !latchkey.has(name) && !(name in NOT_EXPORTED)).sort();
  expect(missing).toEqual([]);
});

test("each allow-listed name is really an official export that latchkey lacks", () => {
  for (const name of Object.keys(NOT_EXPORTED)) {
    expect(official.has(name)).toBe(true);
    expect(latchkey.has(name)).toBe(false);
  }
});
