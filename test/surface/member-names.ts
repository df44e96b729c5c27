import * as fs from "node:fs";
import * as path from "node:path";
import * as ts from "typescript";
import { CHECK_OPTIONS } from "./ts-options";

const ROOT = path.resolve(__dirname, "..", "..");

/**
 * One public type of the official SDK and its latchkey counterpart, each as a TypeScript type expression over the
 * namespaces `O` (`@stackframe/js`, the installed devDependency) and `L` (latchkey's `src/index.ts`).
 */
export interface SurfacePair {
  label: string;
  official: string;
  latchkey: string;
}

/** The members of one pair, sorted. */
export interface MemberNames {
  official: string[];
  /** The official members declared optional (`x?:`): an object may lack them. */
  optional: string[];
  latchkey: string[];
  /** Why latchkey's expression does not type-check (then `latchkey` is empty). */
  latchkeyProblem?: string;
}

/**
 * The member names (properties and methods, symbols excluded) of each pair's two types, read with the TypeScript
 * checker from the official package's `.d.ts` and latchkey's sources. One program is built for all pairs. A
 * latchkey expression that does not type-check (a missing type or member) yields no names and its error in
 * `latchkeyProblem`; an official one that does not is a broken probe and throws.
 *
 * @example
 * const names = memberNames([{ label: "Team", official: "O.Team", latchkey: "L.Team" }]);
 * names.get("Team")!.official; // ["clientMetadata", "createApiKey", …]
 */
export function memberNames(pairs: SurfacePair[]): Map<string, MemberNames> {
  const file = path.join(ROOT, "test", "surface", `.probe-${process.pid}-${Date.now()}.ts`);
  const lines = [
    'import type * as O from "@stackframe/js";',
    'import type * as L from "../../src/index";',
    ...pairs.flatMap((p, i) => [`export type O${i} = ${p.official};`, `export type L${i} = ${p.latchkey};`]),
  ];
  fs.writeFileSync(file, lines.join("\n") + "\n");
  try {
    const program = ts.createProgram([file], CHECK_OPTIONS);
    const source = program.getSourceFile(file)!;
    const problemsByLine = new Map<number, string>();
    for (const d of ts.getPreEmitDiagnostics(program, source)) {
      const line = d.start === undefined ? -1 : source.getLineAndCharacterOfPosition(d.start).line;
      problemsByLine.set(line, ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    }
    // Line 0 and 1 are the imports; pair i has its official alias on line 2 + 2i and latchkey's on the next.
    for (const [line, message] of problemsByLine) {
      if (line < 2 || line % 2 === 0) throw new Error(`The probe of the official types does not type-check (line ${line}): ${message}`);
    }
    const checker = program.getTypeChecker();
    const exports = checker.getExportsOfModule(checker.getSymbolAtLocation(source)!);
    const membersOf = (alias: string) => {
      const symbol = exports.find((e) => e.name === alias)!;
      return checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(symbol)).filter((p) => !p.getName().startsWith("__@"));
    };
    const namesOf = (alias: string) => membersOf(alias).map((p) => p.getName()).sort();
    const optionalOf = (alias: string) =>
      membersOf(alias).filter((p) => p.flags & ts.SymbolFlags.Optional).map((p) => p.getName()).sort();
    return new Map(
      pairs.map((p, i) => {
        const latchkeyProblem = problemsByLine.get(3 + 2 * i);
        const official = namesOf(`O${i}`);
        return [p.label, { official, optional: optionalOf(`O${i}`), latchkey: latchkeyProblem ? [] : namesOf(`L${i}`), latchkeyProblem }];
      }),
    );
  } finally {
    fs.rmSync(file, { force: true });
  }
}
