/**
 * JSON helpers that never recurse on caller data, so a value of any depth (even one loaded from an old data file)
 * cannot overflow the call stack. V8's `JSON.parse` is already iterative; `JSON.stringify` is not, and throws a
 * `RangeError` a few thousand levels down.
 */

type Obj = Record<string, unknown>;

/**
 * Reads an own property only (never one inherited from `Object.prototype`, so `__proto__` is plain data).
 *
 * @example
 * getOwn({ a: 1 }, "constructor"); // undefined
 */
export function getOwn(o: object, key: string): unknown {
  return Object.hasOwn(o, key) ? (o as Obj)[key] : undefined;
}

/**
 * Sets an own, enumerable data property: `setOwn(o, "__proto__", v)` stores a key, it never changes a prototype.
 *
 * @example
 * setOwn(out, key, value);
 */
export function setOwn(o: object, key: string, value: unknown): void {
  // `__proto__` is the only inherited accessor on plain objects and arrays; every other key assigns as data
  if (key === "__proto__") Object.defineProperty(o, key, { value, writable: true, enumerable: true, configurable: true });
  else (o as Obj)[key] = value;
}

const isStackOverflow = (e: unknown) => e instanceof RangeError && /call stack/i.test(e.message);

/** `toJSON` and boxed primitives, as `JSON.stringify` sees them. */
function prepare(key: string, v: unknown): unknown {
  if (v !== null && (typeof v === "object" || typeof v === "bigint") && typeof (v as { toJSON?: unknown }).toJSON === "function") {
    v = (v as { toJSON(k: string): unknown }).toJSON(key);
  }
  if (v instanceof Number) return Number(v);
  if (v instanceof String) return String(v);
  if (v instanceof Boolean) return v.valueOf();
  return v;
}

type Kind = "omit" | "scalar" | "container";

/** How JSON treats a (prepared) value: left out (undefined, functions, symbols), a scalar, or an object/array. */
function kindOf(v: unknown): Kind {
  if (v === null) return "scalar";
  switch (typeof v) {
    case "string":
    case "number":
    case "boolean":
      return "scalar";
    case "bigint":
      throw new TypeError("Do not know how to serialize a BigInt");
    case "object":
      return "container";
    default:
      return "omit";
  }
}

/** A scalar's JSON text (non-finite numbers are `null`, like `JSON.stringify`). */
function scalarText(v: unknown): string {
  if (typeof v === "number") return Number.isFinite(v) ? String(v) : "null";
  return v === null ? "null" : typeof v === "boolean" ? String(v) : JSON.stringify(v);
}

interface Frame {
  value: object;
  keys: string[] | null;
  index: number;
  wrote: boolean;
}

/**
 * `JSON.stringify(value)` (compact) with an explicit stack instead of recursion: same output for every value
 * `JSON.stringify` can handle, and no depth limit.
 *
 * @example
 * stringifyIteratively({ a: [1, 2] }) === JSON.stringify({ a: [1, 2] }); // true
 */
export function stringifyIteratively(value: unknown): string | undefined {
  const out: string[] = [];
  const stack: Frame[] = [];
  const ancestors = new Set<object>();
  /** Writes a scalar, or opens a container; false when the value is left out (undefined, functions, symbols). */
  const write = (v: unknown): boolean => {
    const kind = kindOf(v);
    if (kind === "omit") return false;
    if (kind === "scalar") {
      out.push(scalarText(v));
      return true;
    }
    const o = v as object;
    if (ancestors.has(o)) throw new TypeError("Converting circular structure to JSON");
    ancestors.add(o);
    const isArray = Array.isArray(o);
    out.push(isArray ? "[" : "{");
    stack.push({ value: o, keys: isArray ? null : Object.keys(o), index: 0, wrote: false });
    return true;
  };
  if (!write(prepare("", value))) return undefined;
  while (stack.length > 0) {
    const f = stack[stack.length - 1];
    const length = f.keys ? f.keys.length : (f.value as unknown[]).length;
    if (f.index >= length) {
      stack.pop();
      ancestors.delete(f.value);
      out.push(f.keys ? "}" : "]");
      continue;
    }
    const i = f.index++;
    const key = f.keys ? f.keys[i] : String(i);
    const v = prepare(key, (f.value as Obj)[key]);
    if (f.keys && kindOf(v) === "omit") continue;
    if (f.wrote) out.push(",");
    if (f.keys) out.push(JSON.stringify(key), ":");
    f.wrote = true;
    if (!write(v)) out.push("null");
  }
  return out.join("");
}

/**
 * Serializes like `JSON.stringify(value, undefined, indent)`, but never fails on depth: a value too deep for the
 * engine's recursive serializer is written by `stringifyIteratively`, compact (indenting thousands of levels would
 * make text quadratic in the depth).
 *
 * @example
 * const body = stringifyJson(reply, 2) ?? "null";
 */
export function stringifyJson(value: unknown, indent?: number): string | undefined {
  try {
    return JSON.stringify(value, undefined, indent);
  } catch (e) {
    if (!isStackOverflow(e)) throw e;
    return stringifyIteratively(value);
  }
}

/**
 * A deep copy of JSON data as the wire would carry it, without recursion: own enumerable keys only (`__proto__`
 * and `constructor` stay plain keys), non-finite numbers become `null` and `-0` becomes `0`, `undefined` entries
 * are dropped from objects and become `null` in arrays. Circular structures throw a `TypeError`, like
 * `JSON.stringify`.
 *
 * @example
 * const stored = cloneJson(body.client_metadata);
 */
export function cloneJson<T = unknown>(value: T): T {
  const root: { v: unknown } = { v: undefined };
  const ancestors = new Set<object>();
  type Step = { source: unknown; target: object; key: string } | { leave: object };
  const todo: Step[] = [{ source: prepare("", value), target: root, key: "v" }];
  while (todo.length > 0) {
    const step = todo.pop()!;
    if ("leave" in step) {
      ancestors.delete(step.leave);
      continue;
    }
    const { source, target, key } = step;
    const kind = kindOf(source);
    if (kind === "omit") {
      if (Array.isArray(target)) setOwn(target, key, null);
      continue;
    }
    if (kind === "scalar") {
      // like the wire: non-finite numbers are null and -0 is 0
      setOwn(target, key, typeof source === "number" ? (Number.isFinite(source) ? source + 0 : null) : source);
      continue;
    }
    const container = source as object;
    if (ancestors.has(container)) throw new TypeError("Converting circular structure to JSON");
    ancestors.add(container);
    const copy: object = Array.isArray(container) ? new Array<unknown>(container.length) : {};
    setOwn(target, key, copy);
    todo.push({ leave: container });
    const keys = Array.isArray(container) ? Array.from(container, (_, i) => String(i)) : Object.keys(container);
    // pushed last-first so each object's keys are set in their original order
    for (let i = keys.length - 1; i >= 0; i--) todo.push({ source: prepare(keys[i], (container as Obj)[keys[i]]), target: copy, key: keys[i] });
  }
  return root.v as T;
}

/**
 * True when JSON data nests objects and arrays deeper than `limit` levels (`{}` is 1 level, `{"a": []}` 2), found
 * without recursion; stops at the first path past the limit.
 *
 * @example
 * jsonDepthExceeds({ a: [1] }, 1); // true
 */
export function jsonDepthExceeds(value: unknown, limit: number): boolean {
  const todo: [unknown, number][] = [[value, 1]];
  while (todo.length > 0) {
    const [v, depth] = todo.pop()!;
    if (v === null || typeof v !== "object") continue;
    if (depth > limit) return true;
    for (const k of Object.keys(v)) todo.push([(v as Obj)[k], depth + 1]);
  }
  return false;
}
