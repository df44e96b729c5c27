/**
 * Type-level drop-in: `official-consumer.ts`, an app's code written against the official SDK's types, compiles
 * against the official packages as is, and against latchkey with only the imports changed (here by mapping
 * `@stackframe/js` and `@stackframe/stack-shared` to latchkey's entry point).
 */
import * as path from "node:path";
import * as ts from "typescript";
import { CHECK_OPTIONS } from "../surface/ts-options";

const ROOT = path.resolve(__dirname, "..", "..");
const CONSUMER = path.join(__dirname, "official-consumer.ts");

/**
 * One compiler host for both cases, which keeps what it parses: the typings both programs read (TypeScript's lib
 * files, @types/node: most of the text) are parsed and bound once. The cases differ only in `baseUrl` and `paths`,
 * which change how imports resolve, not how a file parses.
 */
const host = ts.createCompilerHost(CHECK_OPTIONS);
const parsed = new Map<string, ts.SourceFile | undefined>();
const getSourceFile = host.getSourceFile;
host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
  const key = `${fileName}\0${JSON.stringify(languageVersion)}`;
  if (!parsed.has(key)) parsed.set(key, getSourceFile.call(host, fileName, languageVersion, onError, shouldCreate));
  return parsed.get(key);
};

function compile(paths?: Record<string, string[]>): string[] {
  const program = ts.createProgram({ rootNames: [CONSUMER], options: { ...CHECK_OPTIONS, ...(paths ? { baseUrl: ROOT, paths } : {}) }, host });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
    const file = d.file ? path.relative(ROOT, d.file.fileName) : "";
    return `${file}${where ? `:${where.line + 1}:${where.character + 1}` : ""} ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
  });
}

test("the consumer is valid code for the official SDK (compiles against @stackframe/js)", () => {
  expect(compile()).toEqual([]);
});

test("the same consumer compiles against latchkey with only its imports changed", () => {
  const latchkey = ["src/index.ts"];
  expect(compile({ "@stackframe/js": latchkey, "@stackframe/stack-shared": latchkey })).toEqual([]);
});
