/**
 * @internal The parts of jose that `verifyAccessToken` uses, which it loads with one `import()` on its first
 * verification. Re-exported by name so that an app's bundler keeps only these parts in that lazy chunk: jose's own
 * entry also exports namespace objects (`errors`, `base64url`), and a chunk built from it needs a bundler runtime
 * helper that then lands in a chunk of its own, which every page importing "latchkey" fetches. Imported from jose's
 * subpaths: its entry also holds JWE, whose compression uses `CompressionStream`, which Next.js's Edge runtime
 * lacks (a middleware bundle warned about it though nothing called it).
 * @example
 * const { jwtVerify } = await import("./jose");
 * @module
 */
export { createRemoteJWKSet, customFetch } from "jose/jwks/remote";
export { decodeJwt } from "jose/jwt/decode";
export { decodeProtectedHeader } from "jose/decode/protected_header";
export { jwtVerify } from "jose/jwt/verify";
