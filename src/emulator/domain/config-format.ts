import { CONFIG_SCHEMA_DATA } from "./config-schema-data";

/**
 * A config or config override: keys may be dotted (`"auth.allowSignUp"`) at the top level only.
 *
 * @example
 * const override: ConfigTree = { "auth.allowSignUp": false, teams: { allowClientTeamCreation: true } };
 */
export type ConfigTree = Record<string, unknown>;

const isObjectLike = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;
const own = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);
const clone = <T>(v: T): T => (v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T));
const defined = (c: ConfigTree) => Object.entries(c).filter(([, v]) => v !== undefined);
/** Sets an own property even for keys like `__proto__` (config keys are data, never prototypes). */
const setOwn = (o: Record<string, unknown>, key: string, value: unknown) => Object.defineProperty(o, key, { value, writable: true, enumerable: true, configurable: true });

/**
 * Applies `next` on top of `base` the way the platform layers overrides: each key of `next` replaces that key and
 * every key under it (`"a"` removes `"a.b"` and `"a.b.c"`); the other keys of `base` stay.
 *
 * @example
 * overrideConfig({ "a.b": 1, c: 2 }, { a: { d: 3 } }); // { c: 2, a: { d: 3 } }
 */
export function overrideConfig(base: ConfigTree, next: ConfigTree): ConfigTree {
  let result = { ...base };
  for (const [key] of defined(next)) result = Object.fromEntries(Object.entries(result).filter(([k]) => k !== key && !k.startsWith(`${key}.`)));
  for (const [key, value] of defined(next)) setOwn(result, key, value);
  return result;
}

/**
 * Removes keys from an override with the same nesting rules: resetting `"a.b"` removes `"a.b"`, `"a.b.c"` and `b`
 * inside a nested `a` (dropping objects left empty), and leaves non-object values alone.
 *
 * @example
 * removeConfigKeys({ teams: { a: true, b: true } }, ["teams.a"]); // { teams: { b: true } }
 */
export function removeConfigKeys(config: ConfigTree, keys: readonly string[]): ConfigTree {
  if (keys.length === 0) return config;
  const result: ConfigTree = {};
  for (const [key, value] of defined(config)) {
    if (keys.some((k) => key === k || key.startsWith(`${k}.`))) continue;
    const inner = keys.filter((k) => k.startsWith(`${key}.`)).map((k) => k.slice(key.length + 1));
    if (inner.length > 0 && isObjectLike(value) && !Array.isArray(value)) {
      const cleaned = removeConfigKeys(value, inner);
      if (Object.keys(cleaned).length > 0) setOwn(result, key, cleaned);
    } else {
      setOwn(result, key, value);
    }
  }
  return result;
}

const RECORDS = new Set(CONFIG_SCHEMA_DATA.records);

/** A position in the defaults: its value, its path pattern (`*` for record keys) and whether it is a record. */
interface DefaultsAt {
  value: unknown;
  pattern: string;
  record: boolean;
}

function child(at: DefaultsAt, part: string): DefaultsAt | undefined {
  if (at.record) {
    const pattern = `${at.pattern}.*`;
    const entry = CONFIG_SCHEMA_DATA.entries[at.pattern];
    return entry === undefined ? undefined : { value: clone(entry), pattern, record: RECORDS.has(pattern) };
  }
  if (!isObjectLike(at.value) || !own(at.value, part)) return undefined;
  const pattern = at.pattern ? `${at.pattern}.${part}` : part;
  return { value: at.value[part], pattern, record: RECORDS.has(pattern) };
}

function withDefaults(at: DefaultsAt, config: ConfigTree): ConfigTree {
  const result: ConfigTree = at.record || !isObjectLike(at.value) ? {} : clone(at.value);
  for (const [key, value] of defined(config)) {
    if (!isObjectLike(value)) {
      if (value !== null) {
        setOwn(result, key, value);
        continue;
      }
    }
    let base: DefaultsAt | undefined = at;
    let viaRecord = false;
    let reached = true;
    for (const part of key.split(".")) {
      if (!base || (!base.record && !isObjectLike(base.value))) {
        setOwn(result, key, value ?? null);
        reached = false;
        break;
      }
      viaRecord = base.record;
      base = child(base, part);
    }
    if (!reached) continue;
    if (viaRecord && value == null) setOwn(result, key, null);
    else if (!base || (!base.record && !isObjectLike(base.value))) setOwn(result, key, value ?? base?.value ?? null);
    else setOwn(result, key, withDefaults(base, (value as ConfigTree | null) ?? {}));
  }
  return result;
}

/**
 * Fills in the platform's defaults under an (un-normalized) config: missing settings get their default values and
 * record entries (OAuth providers, trusted domains, …) get their entry defaults; a `null` value resets a setting
 * to its default and removes a record entry.
 *
 * @example
 * normalizeConfig(applyConfigDefaults({ "auth.allowSignUp": false })).auth.password; // { allowSignIn: false }
 */
export function applyConfigDefaults(config: ConfigTree): ConfigTree {
  return withDefaults({ value: CONFIG_SCHEMA_DATA.rendered, pattern: "", record: false }, config);
}

function normalizeValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((v) => v !== null).map(normalizeValue);
  if (isObjectLike(value)) return normalizeConfig(value);
  return value;
}

/**
 * Turns dotted keys into nested objects (shallower keys first, so `"a.b"` lands inside `a`). A dotted key whose
 * parent is missing or not an object is dropped, and `null` values delete what they point at.
 *
 * @example
 * normalizeConfig({ a: { b: 1 }, "a.c": 2, "x.y": 3 }); // { a: { b: 1, c: 2 } }
 */
export function normalizeConfig(config: ConfigTree): ConfigTree {
  const result: ConfigTree = {};
  const depth = (k: string) => k.split(".").length;
  const keys = Object.keys(config).sort((a, b) => depth(a) - depth(b));
  outer: for (const key of keys) {
    const value = config[key];
    if (value === undefined) continue;
    const parts = key.split(".");
    const last = parts.pop() as string;
    let current: Record<string, unknown> = result;
    for (const part of parts) {
      const next = own(current, part) ? current[part] : undefined;
      if (!isObjectLike(next)) continue outer;
      current = next;
    }
    if (value === null) delete current[last];
    else setOwn(current, last, normalizeValue(value));
  }
  return result;
}
