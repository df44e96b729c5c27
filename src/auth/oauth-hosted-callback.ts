// The app's side of a hosted OAuth callback: with `urls.oauthCallback` (or `urls.default`) hosted, the platform sends
// the browser back to the page the flow started on, with `code` and `state` in its address. The app finishes the
// sign-in there by itself when it is made, as the official SDK does. Loaded only when the address has a `code`.
import type { HandlerUrlOptions } from "../urls/handler-urls";
import { readVerifier } from "./oauth-cookies";

/**
 * @internal Whether `urls` makes the OAuth callback hosted (so the callback is whatever page started the flow).
 * @example
 * isHostedCallback({ default: { type: "hosted" } }); // true
 */
export const isHostedCallback = (urls: HandlerUrlOptions | undefined): boolean => {
  const target = urls?.oauthCallback ?? urls?.default;
  return typeof target === "object" && target !== null && target.type === "hosted";
};

/**
 * @internal On a page a hosted OAuth callback returned to (its address has `code` and `state`, and this browser holds
 * the verifier cookie of that `state`): finishes the sign-in with `app.callOAuthCallback()`. A page whose address
 * merely has such parameters (another OAuth client's, a reload) is left alone. A failure is reported on the console,
 * never thrown: nothing awaits it but the app's own reads.
 * @example
 * core.pendingAuth = finishHostedCallback(app);
 */
export async function finishHostedCallback(app: { callOAuthCallback(): Promise<boolean> }, urls: HandlerUrlOptions | undefined): Promise<void> {
  const query = new URLSearchParams(window.location.search);
  const state = query.get("state");
  if (!isHostedCallback(urls) || !query.get("code") || !state) return;
  if (!readVerifier(state)) return;
  try {
    await app.callOAuthCallback();
  } catch (error) {
    console.error("latchkey: finishing the sign-in on this page (the hosted OAuth callback) failed:", error);
  }
}
