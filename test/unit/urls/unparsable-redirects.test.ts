/**
 * @jest-environment ./test/support/jsdom-env.cjs
 * @jest-environment-options {"url": "https://myapp.example/"}
 */
/**
 * Redirect targets the URL parser cannot read (a port that is not a number, a broken IPv6 host, a bad percent
 * escape in the host) are refused with the same untrusted-redirect ArgumentError as any other untrusted target,
 * never a raw `TypeError: Invalid URL`, on every path a caller's target takes: the page's after_auth_return_to,
 * signInWithOAuth's returnTo, and sign-up's verificationCallbackUrl.
 */
import { ArgumentError } from "../../../src/index";
import { browserApp, resetPage } from "../auth/oauth-helpers";

const UNPARSABLE = ["http://localhost:3000.evil.example", "https://myapp.example:99999/", "http://[::1/", "https://ex%zzample.com/", "http://exa mple.com/"];

afterEach(resetPage);

const untrusted = (target: string) => ({ name: "ArgumentError", message: `Redirect URL ${target} is not trusted; should be relative.` });

test.each(UNPARSABLE)("after_auth_return_to %j: the untrusted-redirect ArgumentError, no navigation", async (target) => {
  const { app, navigate } = browserApp({});
  window.history.replaceState(null, "", `/handler/sign-in?after_auth_return_to=${encodeURIComponent(target)}`);
  const error = await app.redirectToAfterSignIn().catch((e: unknown) => e);
  expect(ArgumentError.isInstance(error)).toBe(true);
  expect(error).toMatchObject(untrusted(target));
  expect(navigate).not.toHaveBeenCalled();
});

test.each(UNPARSABLE)("signInWithOAuth({ returnTo: %j }): the untrusted-redirect ArgumentError before any request", async (target) => {
  const { app, navigate, seen } = browserApp({});
  const error = await app.signInWithOAuth("github", { returnTo: target }).catch((e: unknown) => e);
  expect(ArgumentError.isInstance(error)).toBe(true);
  expect(error).toMatchObject(untrusted(target));
  expect(seen).toHaveLength(0);
  expect(navigate).not.toHaveBeenCalled();
});

test.each(UNPARSABLE)("signUpWithCredential({ verificationCallbackUrl: %j }): an ArgumentError before any request", async (target) => {
  const { app, seen } = browserApp({});
  const error = await app.signUpWithCredential({ email: "a@example.com", password: "password-123", verificationCallbackUrl: target }).catch((e: unknown) => e);
  expect(ArgumentError.isInstance(error)).toBe(true);
  expect(String(error)).not.toMatch(/Invalid URL/);
  expect(seen).toHaveLength(0);
});

test.each(UNPARSABLE)("sendMagicLinkEmail(…, { callbackUrl: %j }): an ArgumentError before any request", async (target) => {
  const { app, seen } = browserApp({});
  const error = await app.sendMagicLinkEmail("a@example.com", { callbackUrl: target }).catch((e: unknown) => e);
  expect(ArgumentError.isInstance(error)).toBe(true);
  expect(String(error)).toContain("callbackUrl must be an absolute URL");
  expect(seen).toHaveLength(0);
});
