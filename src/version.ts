/**
 * The version of this package, sent in `x-stack-client-version` as `js latchkey@<version>`.
 *
 * @example
 * console.log(`latchkey ${VERSION}`);
 */
export const VERSION = "0.1.0";

/**
 * The client version this library sends in `x-stack-client-version` and reports as `app.version`.
 *
 * @example
 * console.log(CLIENT_VERSION); // "js latchkey@0.1.0"
 */
export const CLIENT_VERSION = `js latchkey@${VERSION}`;
