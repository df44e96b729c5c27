/**
 * @internal The OAuth flows `ClientApp` loads on first use, behind one `import()`: the sign-in redirect and the
 * callback (they are used together, so one lazy chunk serves both).
 * @example
 * const { signInWithOAuth } = await import("./oauth-entry");
 */
export { signInWithOAuth } from "./oauth";
export { callOAuthCallback } from "./oauth-callback";
