import * as fs from "node:fs";
import * as path from "node:path";
import * as ts from "typescript";

// latchkey/react is a thin adapter: it reaches the apps through one typed door (contextOf), so it needs neither an
// `any` nor a double cast (`x as unknown as Y`) to get at anything. This keeps it so.
const REACT = path.resolve(__dirname, "..", "..", "..", "src", "react");

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []));
}

/** Each `any` type and each cast through `unknown` in `text`, as "line: code". */
export function escapes(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const at = (node: ts.Node) => `${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${node.getText().slice(0, 80)}`;
  const visit = (node: ts.Node): void => {
    if (node.kind === ts.SyntaxKind.AnyKeyword) found.push(at(node));
    if (ts.isAsExpression(node) && ts.isAsExpression(node.expression) && node.expression.type.kind === ts.SyntaxKind.UnknownKeyword) found.push(at(node));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("latchkey/react's types", () => {
  it("has no `any` and no cast through `unknown` in src/react", () => {
    const all = files(REACT);
    expect(all.length).toBeGreaterThan(50);
    const found = all.flatMap((f) => escapes(f, fs.readFileSync(f, "utf8")).map((e) => `${path.relative(REACT, f)}:${e}`));
    expect(found).toEqual([]);
  });

  it("finds both when they are there (the check itself)", () => {
    const code = "const a: any = 1;\nconst b = (a as unknown as string[]).length;\nconst c = a as string;\n";
    expect(escapes("x.ts", code)).toEqual(["1: any", "2: a as unknown as string[]"]);
  });
});
