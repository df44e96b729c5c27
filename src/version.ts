/**
 * The version of this package, sent in `x-stack-client-version` as `js latchkey@<version>`.
 *
 * @example
 * console.log(`latchkey ${VERSION}`);
 */
export const VERSION = "0.1.0";
