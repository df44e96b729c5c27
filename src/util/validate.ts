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

/**
 * @internal Checks a value is a string, the empty one included, or throws an ArgumentError naming it: for fields the
 * platform takes as any text (team and member display names, new passwords, whose bounds it reports itself).
 * @example
 * const displayName = requireText(data.displayName, "displayName");
 */
export function requireText(value: unknown, name: string): string {
  if (typeof value !== "string") throw new ArgumentError(`${name} must be a string.`);
  return value;
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
