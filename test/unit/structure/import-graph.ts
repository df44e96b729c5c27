import * as fs from "node:fs";
import * as path from "node:path";
import * as ts from "typescript";

/** How one module refers to another. */
export type ImportKind = "value" | "type" | "dynamic";

/** One arrow of the import graph: `from` imports `to` (both paths relative to the scanned root, with `/`). */
export interface ImportEdge {
  from: string;
  to: string;
  kind: ImportKind;
}

const EXTENSIONS = [".ts", ".tsx"];

/** Every `.ts`/`.tsx` file under `dir`, absolute paths, sorted. */
function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (EXTENSIONS.some((e) => entry.name.endsWith(e)) && !entry.name.endsWith(".d.ts")) out.push(full);
  }
  return out.sort();
}

/** The file a relative specifier names (`./x`, `./x.js`, `./dir` → `./dir/index.ts`), or undefined if none. */
function resolve(fromFile: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(fromFile), specifier.replace(/\.(m|c)?js$/, ""));
  const candidates = [...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => path.join(base, "index" + e))];
  return candidates.find((c) => fs.existsSync(c) && fs.statSync(c).isFile());
}

/** The relative module specifiers one source file uses, with how it uses each. */
function specifiersOf(file: string): { specifier: string; kind: ImportKind }[] {
  const text = fs.readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: { specifier: string; kind: ImportKind }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            clause.namedBindings !== undefined &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      found.push({ specifier: node.moduleSpecifier.text, kind: typeOnly ? "type" : "value" });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly =
        node.isTypeOnly ||
        (node.exportClause !== undefined && ts.isNamedExports(node.exportClause) && node.exportClause.elements.length > 0 && node.exportClause.elements.every((e) => e.isTypeOnly));
      found.push({ specifier: node.moduleSpecifier.text, kind: typeOnly ? "type" : "value" });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      found.push({ specifier: node.arguments[0].text, kind: "dynamic" });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push({ specifier: node.argument.literal.text, kind: "type" });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.filter((f) => f.specifier.startsWith("."));
}

/**
 * The import graph of every TypeScript file under `root`: static imports and re-exports (value or type-only),
 * `import("…")` calls and `import("…")` types. Only relative specifiers count; packages are leaves.
 *
 * @example
 * const edges = importGraph("src");
 * edges.filter((e) => e.from === "index.ts").map((e) => e.to); // ["apps/client-app.ts", …]
 */
export function importGraph(root: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  const rel = (f: string) => path.relative(root, f).split(path.sep).join("/");
  for (const file of sourceFiles(root)) {
    for (const { specifier, kind } of specifiersOf(file)) {
      const target = resolve(file, specifier);
      if (target === undefined) throw new Error(`${rel(file)}: cannot resolve "${specifier}"`);
      edges.push({ from: rel(file), to: rel(target), kind });
    }
  }
  return edges;
}

/**
 * The strongly connected components with more than one file (or a file importing itself) of a graph: each is a
 * set of modules that import one another in a circle. Components and their members are sorted.
 *
 * @example
 * cycles([{ from: "a.ts", to: "b.ts", kind: "value" }, { from: "b.ts", to: "a.ts", kind: "type" }]); // [["a.ts", "b.ts"]]
 */
export function cycles(edges: ImportEdge[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const e of edges) {
    if (!next.has(e.from)) next.set(e.from, new Set());
    if (!next.has(e.to)) next.set(e.to, new Set());
    next.get(e.from)!.add(e.to);
  }
  // Tarjan's algorithm, iterative so that deep chains cannot overflow the stack.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const out: string[][] = [];
  for (const start of [...next.keys()].sort()) {
    if (index.has(start)) continue;
    const work: { node: string; children: string[]; i: number }[] = [];
    const enter = (node: string) => {
      index.set(node, counter);
      low.set(node, counter);
      counter++;
      stack.push(node);
      onStack.add(node);
      work.push({ node, children: [...next.get(node)!].sort(), i: 0 });
    };
    enter(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      if (frame.i < frame.children.length) {
        const child = frame.children[frame.i++];
        if (!index.has(child)) enter(child);
        else if (onStack.has(child)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(child)!));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1 || next.get(frame.node)!.has(frame.node)) out.push(component.sort());
      }
    }
  }
  return out.sort((a, b) => a[0].localeCompare(b[0]));
}
