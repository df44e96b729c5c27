import { CONFIG_SCHEMA_DATA } from "./config-schema-data";

export type { ConfigLevel, ConfigSchemaData, KeyRule, SchemaNode } from "./config-schema-types";
import type { ConfigLevel, KeyRule, SchemaNode } from "./config-schema-types";

// The platform's (yup's) UUID pattern.
const UUID_RE = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|00000000-0000-0000-0000-000000000000)$/i;
const KEY_RE = /^[a-zA-Z0-9_:$][a-zA-Z_:$0-9-]*(?:\.[a-zA-Z0-9_:$][a-zA-Z_:$0-9-]*)*$/;

const isPlainObject = (v: unknown): v is Record<string, unknown> => Object.prototype.toString.call(v) === "[object Object]";

function printSimple(v: unknown, quote: boolean): string | null {
  if (v === null || v === undefined || typeof v === "boolean") return String(v);
  if (typeof v === "number") return Object.is(v, -0) ? "-0" : String(v);
  if (typeof v === "string") return quote ? `"${v}"` : v;
  return null;
}

/**
 * A value as the platform prints it in validation messages (yup's `printValue`).
 *
 * @example
 * printValue([1], true); // '[\n  "1"\n]'
 */
export function printValue(value: unknown, quote = true): string {
  const simple = printSimple(value, quote);
  if (simple !== null) return simple;
  return JSON.stringify(value, function (this: Record<string, unknown>, key: string, v: unknown) {
    return printSimple(this[key], quote) ?? v;
  }, 2);
}

function keyMatches(rule: KeyRule | undefined, key: string): boolean {
  if (!rule) return true;
  if (rule.uuid && !UUID_RE.test(key)) return false;
  if (rule.max !== undefined && key.length > rule.max) return false;
  if (rule.re && !new RegExp(rule.re).test(key)) return false;
  return !rule.one || rule.one.includes(key);
}

function hasNested(node: SchemaNode, part: string): boolean {
  if (node.k === "record") return keyMatches(node.key, part);
  if (node.k === "union") return (node.items ?? []).some((i) => hasNested(i, part));
  return node.k === "object" && Object.prototype.hasOwnProperty.call(node.f ?? {}, part);
}

function getNested(node: SchemaNode, part: string): SchemaNode {
  if (node.k === "record") return node.v as SchemaNode;
  if (node.k === "union") return { k: "union", items: (node.items ?? []).filter((i) => hasNested(i, part)).map((i) => getNested(i, part)) };
  return (node.f as Record<string, SchemaNode>)[part];
}

/** The schema of a (dotted) override key at a level, or undefined when the key cannot be set there. */
function subSchema(root: SchemaNode, key: string): SchemaNode | undefined {
  let node = root;
  for (const part of key.split(".")) {
    if (!hasNested(node, part)) return undefined;
    node = getNested(node, part);
    if (node.no) return undefined;
  }
  return node;
}

/** yup's type error; `original` is the value the check started from when it differs (a record's whole value). */
const typeError = (path: string, type: string, value: unknown, original?: unknown) =>
  `${path} must be a \`${type}\` type, but the final value was: \`${printValue(value)}\`` +
  (original !== undefined && original !== value ? ` (cast from the value \`${printValue(original)}\`).` : ".");

/** A union's alternatives as the platform checks them: scalar ones as they are, object ones merged into one. */
function unionAlternatives(items: SchemaNode[]): SchemaNode[] {
  const objects = items.filter((i) => i.k === "object");
  const others = items.filter((i) => i.k !== "object");
  if (objects.length === 0) return others;
  const keys = [...new Set(objects.flatMap((o) => Object.keys(o.f ?? {})))];
  const merged: SchemaNode = { k: "object", f: Object.fromEntries(keys.map((k) => [k, { k: "union", items: objects.filter((o) => o.f?.[k]).map((o) => o.f![k]) }])) };
  return [...others, merged];
}

/**
 * The first problem of `value` against the node (like the platform's restricted schema, `null` always allowed).
 * Object fields are checked last field first, as the platform reports them.
 */
function check(node: SchemaNode, value: unknown, path: string, original?: unknown): string | null {
  if (value === null || value === undefined) return null;
  switch (node.k) {
    case "boolean":
    case "number":
    case "string": {
      const ok = node.k === "number" ? typeof value === "number" && !Number.isNaN(value) : typeof value === node.k;
      if (!ok) return typeError(path, node.k, value, original);
      if (node.one && !node.one.includes(value)) return `${path} must be one of the following values: ${node.one.join(", ")}`;
      if (node.uuid && !UUID_RE.test(value as string)) return `${path} must be a valid UUID`;
      return null;
    }
    case "never":
      return "This value should never be reached";
    case "object": {
      if (!isPlainObject(value)) return typeError(path, "object", value, original);
      const fields = node.f ?? {};
      const unknown = Object.keys(value).filter((k) => !Object.prototype.hasOwnProperty.call(fields, k));
      if (unknown.length > 0) return `${path || "Object"} contains unknown properties: ${unknown.join(", ")}`;
      for (const [name, field] of Object.entries(fields).reverse()) {
        const problem = check(field, value[name], path ? `${path}.${name}` : name);
        if (problem) return problem;
      }
      return null;
    }
    case "record": {
      if (!isPlainObject(value)) return typeError(path, "object", value, original);
      for (const [key, entry] of Object.entries(value)) {
        if (node.key?.uuid && !UUID_RE.test(key)) return `${path} must be a valid UUID`;
        if (node.key?.one && !node.key.one.includes(key)) return `${path} must be one of the following values: ${node.key.one.join(", ")}`;
        const problem = check(node.v as SchemaNode, entry, path, value);
        if (problem) return problem;
      }
      return null;
    }
    case "tuple": {
      const items = node.items ?? [];
      if (!Array.isArray(value)) return typeError(path, "tuple", value, original);
      if (value.length !== items.length) {
        return `${path} tuple value has too ${value.length < items.length ? "few" : "many"} items, expected a length of ${items.length} but got ${value.length} for value: \`${printValue(value)}\``;
      }
      for (const [i, item] of items.entries()) {
        const problem = check(item, value[i], `${path}[${i}]`);
        if (problem) return problem;
      }
      return null;
    }
    case "union": {
      const problems: string[] = [];
      for (const alternative of unionAlternatives(node.items ?? [])) {
        const problem = check(alternative, value, path);
        if (!problem) return null;
        problems.push(problem);
      }
      return `${path} is not matched by any of the provided schemas:\n${problems.map((p, i) => `  Schema ${i}:\n    ${p.split("\n").join("\n    ")}`).join("\n")}`;
    }
    default:
      return null;
  }
}

function dottedKeyInside(value: unknown): string | null {
  if (typeof value !== "object" || value === null) return null;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes(".")) return `Key ${key} contains a dot, which is not allowed in config override.`;
    const found = dottedKeyInside(inner);
    if (found) return found;
  }
  return null;
}

function formatProblem(config: Record<string, unknown>, name: string): string | null {
  for (const [key, value] of Object.entries(config)) {
    if (value === undefined) continue;
    if (!KEY_RE.test(key)) {
      return `All keys of ${name} must consist of only alphanumeric characters, dots, underscores, colons, dollar signs, or hyphens and start with a character other than a hyphen (found: ${key})`;
    }
    const problem = valueFormatProblem(value, `${name}.${key}`);
    if (problem) return problem;
  }
  return null;
}

function valueFormatProblem(value: unknown, name: string): string | null {
  if (value === null || ["string", "number", "boolean"].includes(typeof value)) return null;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      if (v === null) return `${name}[${i}] is null; tuple elements cannot be null`;
      const problem = valueFormatProblem(v, `${name}[${i}]`);
      if (problem) return problem;
    }
    return null;
  }
  if (typeof value === "object") return formatProblem(value as Record<string, unknown>, name);
  return `${name} has an invalid value type ${typeof value} (value: ${String(value)})`;
}

/**
 * Why a config override cannot be stored at `level`, in the platform's words, or `null` when it is valid: it must be
 * a plain object of known (dotted) keys whose values have the right types; `null` values are allowed (they reset).
 *
 * @example
 * configOverrideProblem("branch", { "domains.allowLocalhost": true });
 * // 'The key "domains.allowLocalhost" is not valid (nested object not found in schema: "domains.allowLocalhost").'
 */
export function configOverrideProblem(level: ConfigLevel, override: unknown): string | null {
  if (typeof override !== "object" || override === null) return "Config override must be a non-null object.";
  if (Object.getPrototypeOf(override) !== Object.prototype) return "Config override must be plain old JavaScript object.";
  const config = override as Record<string, unknown>;
  for (const value of Object.values(config)) {
    const problem = dottedKeyInside(value);
    if (problem) return problem;
  }
  const format = formatProblem(config, "override");
  if (format) return `Invalid config format: ${format}`;
  const root = CONFIG_SCHEMA_DATA.schemas[level];
  for (const [key, value] of Object.entries(config)) {
    if (value === undefined) continue;
    if (/^payments\.products\.[^.]+\.prices$/.test(key) && value === "include-by-default") return `${key} must not be one of the following values: include-by-default`;
    const node = subSchema(root, key);
    if (!node) {
      const parts = key.split(".");
      const prefix = parts.map((_, i) => parts.slice(0, i + 1).join(".")).find((p) => !subSchema(root, p)) as string;
      return `The key ${JSON.stringify(key)} is not valid (nested object not found in schema: ${JSON.stringify(prefix)}).`;
    }
    const problem = check(node, value, key);
    if (problem) return problem;
  }
  return null;
}
