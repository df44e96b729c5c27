/**
 * Type-level drop-in for the React layer: `official-components-react.tsx` and `official-components-next.tsx`, an
 * app's components written as the official docs and examples write them, compile against the official packages as
 * is, and against latchkey with only the imports changed (`@stackframe/react` mapped to latchkey/react,
 * `@stackframe/stack` to latchkey/next); `official-component-props.ts` checks every official component's props,
 * prop by prop, against latchkey's.
 */
import * as path from "node:path";
import * as ts from "typescript";
import { CHECK_OPTIONS } from "../surface/ts-options";

const ROOT = path.resolve(__dirname, "..", "..");
const CONSUMERS = ["official-components-react.tsx", "official-components-next.tsx"].map((f) => path.join(__dirname, f));
const PROPS = path.join(__dirname, "official-component-props.ts");
const OPTIONS: ts.CompilerOptions = { ...CHECK_OPTIONS, jsx: ts.JsxEmit.ReactJSX };

// One host for every program, keeping what it parsed (the official typings and TypeScript's lib files, most of the
// text, are parsed once); the programs differ in their roots and in how the two package names resolve.
const host = ts.createCompilerHost(OPTIONS);
const parsed = new Map<string, ts.SourceFile | undefined>();
const getSourceFile = host.getSourceFile;
host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
  const key = `${fileName}\0${JSON.stringify(languageVersion)}`;
  if (!parsed.has(key)) parsed.set(key, getSourceFile.call(host, fileName, languageVersion, onError, shouldCreate));
  return parsed.get(key);
};

function compile(rootNames: string[], paths?: Record<string, string[]>): string[] {
  const program = ts.createProgram({ rootNames, options: { ...OPTIONS, ...(paths ? { baseUrl: ROOT, paths } : {}) }, host });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
    const file = d.file ? path.relative(ROOT, d.file.fileName) : "";
    return `${file}${where ? `:${where.line + 1}:${where.character + 1}` : ""} ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
  });
}

test("the docs' component usages are valid code for the official packages (@stackframe/react, @stackframe/stack)", () => {
  expect(compile(CONSUMERS)).toEqual([]);
});

test("the same usages compile against latchkey/react and latchkey/next with only their imports changed", () => {
  expect(compile(CONSUMERS, { "@stackframe/react": ["src/react/index.ts"], "@stackframe/stack": ["src/next/index.ts"] })).toEqual([]);
});

/** Each `never`-typed check of `official-component-props.ts` with the `Component.prop` names its type holds. */
function gaps(): Record<string, string[]> {
  const program = ts.createProgram({ rootNames: [PROPS], options: OPTIONS, host });
  const checker = program.getTypeChecker();
  const found: Record<string, string[]> = {};
  for (const statement of program.getSourceFile(PROPS)!.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const d of statement.declarationList.declarations) {
      if (!d.initializer || !ts.isAsExpression(d.initializer)) continue;
      const type = checker.getTypeFromTypeNode(d.initializer.type);
      const members = type.isUnion() ? type.types : type.flags & ts.TypeFlags.Never ? [] : [type];
      found[d.name.getText()] = members.map((m) => (m.isStringLiteral() ? m.value : checker.typeToString(m)));
    }
  }
  return found;
}

test("every official component's every prop is a prop of latchkey's component, with a compatible type", () => {
  const found = gaps();
  expect(Object.keys(found)).toHaveLength(10);
  expect(Object.entries(found).filter(([, names]) => names.length > 0)).toEqual([]);
  expect(compile([PROPS])).toEqual([]);
});
