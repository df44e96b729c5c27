import { cloneJson, getOwn, setOwn, stringifyJson } from "../util/json";
import { isUuid, stringFormatProblems, type StringFormat } from "./string-formats";

/**
 * A tiny request validator that reports problems in the platform's (yup's) wording, e.g.
 * `body.email must be defined` or `body contains unknown properties: extra`.
 */

type Kind = "string" | "number" | "boolean" | "json" | "object" | "array";

interface Spec {
  kind: Kind;
  required: boolean;
  nullable: boolean;
  min?: number;
  max?: number;
  length?: number;
  oneOf?: readonly unknown[];
  format?: StringFormat | "userIdOrMe";
  /** The platform's `nonEmpty()`: the empty string is refused with `… must not be empty`. */
  nonEmpty?: boolean;
  integer?: boolean;
  fields?: Record<string, Field>;
  allowUnknown?: boolean;
  items?: Field;
  /** Extra checks, run in order after the built-in ones (each pushes its message when it fails). */
  checks?: readonly FieldCheck[];
}

/**
 * An extra check of a field (like a yup `.test`): `test` gets the cast value, `message` the field's path.
 *
 * @example
 * const noSpaces: FieldCheck = { test: (v) => !String(v).includes(" "), message: (path) => `${path} contains spaces` };
 */
export interface FieldCheck {
  test: (value: unknown) => boolean;
  message: (path: string) => string;
}

/**
 * Things a field may need while validating: the signed-in user's id for `me`.
 *
 * @example
 * field.validate(value, "body.user_id", errors, { currentUserId: null, onMeWithoutUser: () => { throw known("CANNOT_GET_OWN_USER_WITHOUT_USER"); } });
 */
export interface ValidationContext {
  currentUserId: string | null;
  /** Called when `me` is used without a user (the platform throws `CANNOT_GET_OWN_USER_WITHOUT_USER`). */
  onMeWithoutUser: () => never;
}

const printValue = (v: unknown): string => stringifyJson(v) ?? String(v);

/**
 * One field of a request schema. Immutable: `defined()` and `nullable()` return copies.
 *
 * @example
 * const email = t.string({ format: "email" }).defined();
 */
export class Field {
  constructor(readonly spec: Spec) {}
  /** The value must be present. */
  defined(): Field {
    return new Field({ ...this.spec, required: true });
  }
  /** `null` is accepted. */
  nullable(): Field {
    return new Field({ ...this.spec, nullable: true });
  }
  /** Adds a check that runs after the built-in ones, e.g. `t.string().refine((v) => v !== "", (p) => `${p} must not be empty`)`. */
  refine(test: (value: unknown) => boolean, message: (path: string) => string): Field {
    return new Field({ ...this.spec, checks: [...(this.spec.checks ?? []), { test, message }] });
  }

  /** Validates and returns the (cast) value, pushing problems to `errors`. */
  validate(value: unknown, path: string, errors: string[], ctx: ValidationContext): unknown {
    const s = this.spec;
    if (value === undefined) {
      if (s.required) errors.push(`${path} must be defined`);
      return undefined;
    }
    if (value === null) {
      if (!s.nullable) errors.push(`${path} cannot be null`);
      return null;
    }
    const cast = castScalar(s.kind, value);
    if (!matchesKind(s.kind, cast)) {
      errors.push(`${path} must be a \`${s.kind === "json" ? "mixed" : s.kind}\` type, but the final value was: \`${printValue(value)}\`.`);
      return undefined;
    }
    const out = this.checkKind(cast, path, errors, ctx);
    // like yup's `.test`s, extra checks run after the built-in ones (`urlSchema.test(…)`, `domainSchema`)
    for (const c of s.checks ?? []) if (!c.test(cast)) errors.push(c.message(path));
    return out;
  }

  private checkKind(cast: unknown, path: string, errors: string[], ctx: ValidationContext): unknown {
    const s = this.spec;
    if (s.kind === "string") return this.checkString(cast as string, path, errors, ctx);
    if (s.kind === "number") return this.checkNumber(cast as number, path, errors);
    if (s.kind === "object") return validateObject(s, cast as Record<string, unknown>, path, errors, ctx);
    if (s.kind === "array") return (cast as unknown[]).map((item, i) => s.items?.validate(item, `${path}[${i}]`, errors, ctx) ?? item);
    if (s.oneOf && !s.oneOf.includes(cast)) errors.push(`${path} must be one of the following values: ${s.oneOf.join(", ")}`);
    // like the platform's jsonSchema (a JSON round trip): plain data, never shared with the request body
    return s.kind === "json" ? cloneJson(cast) : cast;
  }

  private checkString(v: string, path: string, errors: string[], ctx: ValidationContext): unknown {
    const s = this.spec;
    if (s.format === "userIdOrMe") {
      if (v === "me") return ctx.currentUserId ?? ctx.onMeWithoutUser();
      if (!isUuid(v)) errors.push(`${path} must be a valid UUID`);
      return v.toLowerCase();
    }
    // the platform's schemas name the format first (`urlSchema.max(…)`, `yupString().uuid()`), then bounds, then `nonEmpty()`
    if (s.format) errors.push(...stringFormatProblems(s.format, v, path));
    if (s.length !== undefined && v.length !== s.length) errors.push(`${path} must be exactly ${s.length} characters`);
    if (s.min !== undefined && v.length < s.min) errors.push(`${path} must be at least ${s.min} characters`);
    if (s.max !== undefined && v.length > s.max) errors.push(`${path} must be at most ${s.max} characters`);
    if (s.oneOf && !s.oneOf.includes(v)) errors.push(`${path} must be one of the following values: ${s.oneOf.join(", ")}`);
    if (s.nonEmpty && v === "") errors.push(`${path} must not be empty`);
    return v;
  }

  private checkNumber(v: number, path: string, errors: string[]): number {
    const s = this.spec;
    if (s.integer && !Number.isInteger(v)) errors.push(`${path} must be an integer`);
    if (s.min !== undefined && v < s.min) errors.push(`${path} must be greater than or equal to ${s.min}`);
    if (s.max !== undefined && v > s.max) errors.push(`${path} must be less than or equal to ${s.max}`);
    return v;
  }
}

function castScalar(kind: Kind, v: unknown): unknown {
  if (typeof v !== "string") return v;
  if (kind === "number" && v.trim() !== "" && !Number.isNaN(Number(v))) return Number(v);
  if (kind === "boolean" && (v === "true" || v === "false")) return v === "true";
  return v;
}

function matchesKind(kind: Kind, v: unknown): boolean {
  switch (kind) {
    case "string":
      return typeof v === "string";
    case "number":
      return typeof v === "number" && Number.isFinite(v);
    case "boolean":
      return typeof v === "boolean";
    case "object":
      return typeof v === "object" && v !== null && !Array.isArray(v);
    case "array":
      return Array.isArray(v);
    default:
      return true;
  }
}

function validateObject(s: Spec, obj: Record<string, unknown>, path: string, errors: string[], ctx: ValidationContext): Record<string, unknown> {
  const fields = s.fields ?? {};
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(fields)) {
    const v = field.validate(getOwn(obj, key), path ? `${path}.${key}` : key, errors, ctx);
    if (v !== undefined) out[key] = v;
  }
  // own keys only: `__proto__`, `constructor` or `toString` in a body are unknown properties, never prototypes
  const unknown = Object.keys(obj).filter((k) => !Object.hasOwn(fields, k));
  if (s.allowUnknown) for (const k of unknown) setOwn(out, k, obj[k]);
  else if (unknown.length > 0) errors.push(`${path} contains unknown properties: ${unknown.join(", ")}`);
  return out;
}

/**
 * Builders for request fields.
 *
 * @example
 * const body = t.object({ email: t.string({ format: "email" }).defined(), password: t.string().defined() });
 */
export const t = {
  /**
   * A string, optionally with length bounds, an allowed set, `nonEmpty` or a format. Each format checks and words
   * its problems as the platform does: `uuid` (`… must be a valid UUID`), `url` (`… contains spaces`, `… is not a
   * valid URL`), `email` (the empty string passes, as on the platform) and `strictEmail` (sign-up e-mails).
   */
  string: (o: { min?: number; max?: number; length?: number; oneOf?: readonly string[]; format?: StringFormat; nonEmpty?: boolean } = {}) =>
    new Field({ kind: "string", required: false, nullable: false, ...o }),
  /** A number (numeric strings from forms and queries are accepted). */
  number: (o: { min?: number; max?: number; integer?: boolean } = {}) => new Field({ kind: "number", required: false, nullable: false, ...o }),
  /** A boolean (`"true"`/`"false"` strings are accepted), optionally limited to some values (`oneOf: [true]`). */
  boolean: (o: { oneOf?: readonly boolean[] } = {}) => new Field({ kind: "boolean", required: false, nullable: false, ...o }),
  /** Any JSON value (metadata fields). */
  json: () => new Field({ kind: "json", required: false, nullable: true }),
  /** A user id or the literal `me` (replaced by the signed-in user's id). */
  userIdOrMe: () => new Field({ kind: "string", required: false, nullable: false, format: "userIdOrMe" }),
  /** An object with known keys; unknown keys are rejected unless `allowUnknown`. */
  object: (fields: Record<string, Field>, o: { allowUnknown?: boolean } = {}) =>
    new Field({ kind: "object", required: false, nullable: false, fields, allowUnknown: o.allowUnknown }),
  /** An array of one item type. */
  array: (items: Field) => new Field({ kind: "array", required: false, nullable: false, items }),
};
