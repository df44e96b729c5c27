// Argument checks shared by every layer (apps, auth, resources, urls): each throws an ArgumentError naming the
// argument. They sit below everything so that lower modules need not import from src/apps.
import { ArgumentError } from "../errors/base";

/** @internal Checks a value is a non-empty string, or throws an ArgumentError naming it. */
export function requireString(value: unknown, name: string): string {
  if (typeof value !== "string" || value === "") throw new ArgumentError(`${name} must be a non-empty string.`);
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
