// Argument checks shared by every layer (apps, auth, resources, urls): each throws an ArgumentError naming the
// argument. They sit below everything so that lower modules need not import from src/apps.
import { ArgumentError } from "../errors/base";

/** A UTF-16 surrogate without its pair: such a string is not text, and `encodeURIComponent` throws on it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * @internal Checks a value is a non-empty, well-formed string (no unpaired surrogate), or throws an ArgumentError
 * naming it.
 * @example
 * const email = requireString(options.email, "email");
 */
export function requireString(value: unknown, name: string): string {
  if (typeof value !== "string" || value === "") throw new ArgumentError(`${name} must be a non-empty string.`);
  if (LONE_SURROGATE.test(value)) throw new ArgumentError(`${name} must be well-formed text (it holds an unpaired UTF-16 surrogate).`);
  return value;
}

/** The platform's (yup's) UUID: versions 1 to 5 with the RFC variant, or the nil UUID. */
const UUID = /^([\da-f]{8}-[\da-f]{4}-[1-5][\da-f]{3}-[89ab][\da-f]{3}-[\da-f]{12}|0{8}(-0{4}){3}-0{12})$/i;

/**
 * @internal Whether an id is a UUID as the platform's validator reads one (user, team, contact channel, session,
 * API key, invitation, OAuth provider, e-mail theme / template / draft / outbox ids; permission ids are not).
 * @example
 * if (!isUuid(teamId)) return null;
 */
export const isUuid = (value: string): boolean => UUID.test(value);

/**
 * @internal Checks an id is a UUID (or `"me"` where `me` is allowed), or throws an ArgumentError naming it: the
 * platform answers any other with a SCHEMA_ERROR, so no request is sent.
 * @example
 * requireUuid(userId, "userId", true);
 */
export function requireUuid(value: unknown, name: string, me?: boolean): string {
  if (!isUuid(requireString(value, name)) && !(me && value == "me")) throw new ArgumentError(`${name} must be a UUID${me ? ' or "me"' : ""}.`);
  return value as string;
}

/**
 * @internal Checks an optional flag is a boolean (or undefined), or throws an ArgumentError naming it.
 * @example
 * optionalBoolean(options.noRedirect, "noRedirect");
 */
export function optionalBoolean(value: unknown, name: string): void {
  if (value !== undefined && typeof value !== "boolean") throw new ArgumentError(`${name} must be a boolean.`);
}

/** @internal Checks an optional argument is an object (or undefined). */
export function optionalObject<T extends object>(value: T | undefined, name: string): T | Record<string, never> {
  if (value === undefined) return {};
  if (typeof value !== "object" || value === null) throw new ArgumentError(`${name} must be an object.`);
  return value;
}
