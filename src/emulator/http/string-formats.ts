/**
 * The string formats of the platform's validator (yup, through `packages/stack-shared/src/schema-fields.ts`):
 * which values each accepts and how each problem is worded. One place, so every field of a kind reads the same.
 */

/**
 * A string format a request field can have.
 *
 * @example
 * const format: StringFormat = "url";
 */
export type StringFormat = "email" | "strictEmail" | "uuid" | "url";

/**
 * yup's `string().uuid()`: versions 1–5 with the RFC variant, or the nil UUID; the empty string is not a UUID.
 *
 * @example
 * UUID_RE.test("3241a285-8329-4d69-8f3d-316e08cf140c"); // true
 */
export const UUID_RE = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|00000000-0000-0000-0000-000000000000)$/i;

/**
 * yup's `string().email()` (the HTML spec's pattern); yup lets the empty string through.
 *
 * @example
 * EMAIL_RE.test("ada@localhost"); // true
 */
export const EMAIL_RE =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/**
 * The extra pattern of the platform's `strictEmailSchema` (sign-up and one-time-code e-mails).
 *
 * @example
 * STRICT_EMAIL_RE.test("ada@localhost"); // false
 */
export const STRICT_EMAIL_RE = /^[^.]+(\.[^.]+)*@.*\.[^.][^.]+$/;

/** The platform's `strictEmailSchema` length bound. */
const STRICT_EMAIL_MAX = 256;

/**
 * The platform's `isValidUrl`: anything `new URL` parses (any scheme).
 *
 * @example
 * isValidUrl("http://localhost:3000"); // true
 * isValidUrl("not a url"); // false
 */
export function isValidUrl(v: string): boolean {
  try {
    new URL(v);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether a string is a UUID as the platform's validator reads one.
 *
 * @example
 * isUuid("3241a285-8329-4d69-8f3d-316e08cf140c"); // true
 * isUuid("00000000-0000-0000-0000-000000000001"); // false (no version)
 */
export function isUuid(v: string): boolean {
  return UUID_RE.test(v);
}

/**
 * The problems of a string in a format, each worded as the platform words it, in the platform's order.
 *
 * @example
 * stringFormatProblems("url", "a b", "query.redirect_uri"); // ["query.redirect_uri contains spaces", "query.redirect_uri is not a valid URL"]
 * stringFormatProblems("uuid", "x", "body.team_id"); // ["body.team_id must be a valid UUID"]
 */
export function stringFormatProblems(format: StringFormat, v: string, path: string): string[] {
  switch (format) {
    case "uuid":
      return isUuid(v) ? [] : [`${path} must be a valid UUID`];
    case "url":
      // the platform's urlSchema: two tests, both reported
      return [...(v.includes(" ") ? [`${path} contains spaces`] : []), ...(isValidUrl(v) ? [] : [`${path} is not a valid URL`])];
    case "email":
      return v === "" || EMAIL_RE.test(v) ? [] : [`${path} must be a valid email`];
    case "strictEmail":
      return [
        ...stringFormatProblems("email", v, path),
        ...(v.length > STRICT_EMAIL_MAX ? [`${path} must be at most ${STRICT_EMAIL_MAX} characters`] : []),
        // yup's default `matches` wording, the pattern printed as a regular expression literal
        ...(STRICT_EMAIL_RE.test(v) ? [] : [`${path} must match the following: "${String(STRICT_EMAIL_RE)}"`]),
      ];
  }
}
