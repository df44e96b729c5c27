/**
 * Drop-in proof, name by name: every name each official package exports (types and values, read from its installed
 * typings) is exported by latchkey's counterpart entry too, except the allow-listed ones:
 * `@stackframe/js` ↔ `latchkey`, `@stackframe/react` ↔ `latchkey/react`, `@stackframe/stack` ↔ `latchkey/next`.
 * And latchkey/next's two halves (what client components load, and what server code loads through the
 * `react-server` condition) export the same names.
 */
import * as path from "node:path";
import * as ts from "typescript";

const ROOT = path.resolve(__dirname, "..", "..");

/** Official exports latchkey does not have, each with its reason (the same for every entry that lacks it); none now. */
const NOT_EXPORTED: Record<string, string> = {};

const official = (pkg: string) => path.join(ROOT, "node_modules", "@stackframe", pkg, "dist", "index.d.ts");
const ours = (file: string) => path.join(ROOT, "src", file);

const ENTRIES: [entry: string, officialFile: string, ourFile: string, atLeast: number][] = [
  ["latchkey ↔ @stackframe/js", official("js"), ours("index.ts"), 90],
  ["latchkey/react ↔ @stackframe/react", official("react"), ours("react/index.ts"), 120],
  ["latchkey/next ↔ @stackframe/stack", official("stack"), ours("next/index.ts"), 120],
];

const FILES = [...ENTRIES.flatMap(([, officialFile, ourFile]) => [officialFile, ourFile]), ours("next/server.ts")];

// One program for every file read here (each program parses the official typings and React's anew: one for all is
// several times faster than one per file).
const program = ts.createProgram(FILES, {
  skipLibCheck: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  jsx: ts.JsxEmit.ReactJSX,
  types: ["node"],
});
const checker = program.getTypeChecker();
const names = new Map<string, Set<string>>();

/** The names (types and values) the module `file` exports. */
function exportedNames(file: string): Set<string> {
  if (!names.has(file)) {
    const source = program.getSourceFile(file)!;
    names.set(file, new Set(checker.getExportsOfModule(checker.getSymbolAtLocation(source)!).map((s) => s.getName())));
  }
  return names.get(file)!;
}

describe.each(ENTRIES)("%s", (_entry, officialFile, ourFile, atLeast) => {
  const theirs = exportedNames(officialFile);
  const mine = exportedNames(ourFile);

  test(`the official package exports the names this test expects (at least ${atLeast})`, () => {
    expect(theirs.size).toBeGreaterThanOrEqual(atLeast);
    expect(theirs.has("StackClientApp")).toBe(true);
  });

  test("latchkey exports every official name that is not allow-listed", () => {
    const missing = [...theirs].filter((name) => !mine.has(name) && !(name in NOT_EXPORTED)).sort();
    expect(missing).toEqual([]);
  });

  test("each allow-listed name this official package exports, latchkey really lacks", () => {
    const listed = Object.keys(NOT_EXPORTED).filter((name) => theirs.has(name));
    expect(listed.filter((name) => mine.has(name))).toEqual([]);
  });
});

test("each allow-listed name is exported by one of the official packages", () => {
  const all = new Set(ENTRIES.flatMap(([, officialFile]) => [...exportedNames(officialFile)]));
  expect(Object.keys(NOT_EXPORTED).filter((name) => !all.has(name))).toEqual([]);
});

test("latchkey/next's server half exports the names its client half does (values and types alike)", () => {
  const client = exportedNames(ours("next/index.ts"));
  const server = exportedNames(ours("next/server.ts"));
  expect([...client].filter((n) => !server.has(n)).sort()).toEqual([]);
  expect([...server].filter((n) => !client.has(n)).sort()).toEqual([]);
});
