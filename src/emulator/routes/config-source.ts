import { printValue } from "../domain/config-schema";
import { Field } from "../http/schema";

const GITHUB_FIELDS = ["owner", "repo", "branch", "commit_hash", "config_file_path"] as const;
const ALTERNATIVES: { type: string; fields: readonly string[]; optional: readonly string[] }[] = [
  { type: "pushed-from-github", fields: GITHUB_FIELDS, optional: ["workflow_path"] },
  { type: "pushed-from-unknown", fields: [], optional: [] },
  { type: "unlinked", fields: [], optional: [] },
];

/** Every problem of `value` against one alternative of the source union, in the platform's order (checked strictly: no casting). */
function alternativeProblems(alt: (typeof ALTERNATIVES)[number], value: unknown, path: string): { problems: string[]; cast: Record<string, string> } {
  if (Object.prototype.toString.call(value) !== "[object Object]") {
    return { problems: [`${path} must be a \`object\` type, but the final value was: \`${printValue(value)}\`.`], cast: {} };
  }
  const obj = value as Record<string, unknown>;
  const problems: string[] = [];
  const cast: Record<string, string> = {};
  for (const name of ["type", ...alt.fields, ...alt.optional]) {
    const v = obj[name];
    if (v === undefined) {
      if (!alt.optional.includes(name)) problems.push(`${path}.${name} must be defined`);
      continue;
    }
    const s = typeof v === "string" ? v : undefined;
    if (v === null) problems.push(`${path}.${name} cannot be null`);
    else if (s === undefined) problems.push(`${path}.${name} must be a \`string\` type, but the final value was: \`${printValue(v)}\`.`);
    else if (name === "type" && s !== alt.type) problems.push(`${path}.type must be one of the following values: ${alt.type}`);
    else cast[name] = s;
  }
  const known = new Set(["type", ...alt.fields, ...alt.optional]);
  const unknown = Object.keys(obj).filter((k) => !known.has(k));
  if (unknown.length > 0) problems.push(`${path} contains unknown properties: ${unknown.join(", ")}`);
  return { problems, cast };
}

/**
 * The problems of a `source` value (the platform's union of `pushed-from-github`, `pushed-from-unknown` and
 * `unlinked` objects), as one message per field; `null` when it is absent or valid.
 *
 * @example
 * validateBranchSource({ type: "nope" }, "body.source"); // ["body.source is not matched by any of the provided schemas: …"]
 */
export function validateBranchSource(value: unknown, path: string): string[] | null {
  if (value === undefined) return null;
  if (value === null) return [`${path} cannot be null`];
  const results = ALTERNATIVES.map((alt) => alternativeProblems(alt, value, path));
  if (results.some((r) => r.problems.length === 0)) return null;
  const detail = results.map((r, i) => `  Schema ${i}:\n${r.problems.map((p) => `    ${p}`).join("\n")}`).join("\n");
  return [`${path} is not matched by any of the provided schemas:\n${detail}`];
}

/**
 * The source as stored: the fields of the first alternative it matches.
 *
 * @example
 * castBranchSource({ type: "pushed-from-unknown" }); // { type: "pushed-from-unknown" }
 */
export function castBranchSource(value: unknown): Record<string, string> {
  for (const alt of ALTERNATIVES) {
    const r = alternativeProblems(alt, value, "source");
    if (r.problems.length === 0) return r.cast;
  }
  return { type: "unlinked" };
}

/**
 * The `source` body field: validated like the other fields, so its problems join theirs in one `SCHEMA_ERROR`.
 *
 * @example
 * t.object({ config_string: t.string().defined(), source: branchSourceField() });
 */
export function branchSourceField(): Field {
  return new (class extends Field {
    override validate(value: unknown, path: string, errors: string[]): unknown {
      const problems = validateBranchSource(value, path);
      if (problems) errors.push(...problems);
      return problems || value === undefined ? undefined : castBranchSource(value);
    }
  })({ kind: "json", required: false, nullable: false });
}
