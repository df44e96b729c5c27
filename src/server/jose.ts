/**
 * @internal The parts of jose that `verifyAccessToken` uses, which it loads with one `import()` on its first
 * verification. Re-exported by name so that an app's bundler keeps only these parts in that lazy chunk: jose's own
 * entry also exports namespace objects (`errors`, `base64url`), and a chunk built from it needs a bundler runtime
 * helper that then lands in a chunk of its own, which every page importing "latchkey" fetches.
 * @example
 * const { jwtVerify } = await import("./jose");
 * @module
 */
export { createRemoteJWKSet, customFetch, decodeJwt, decodeProtectedHeader, jwtVerify } from "jose";
