/**
 * @jest-environment ./test/support/jsdom-env.cjs
 * @jest-environment-options {"url": "https://myapp.example/handler/sign-in"}
 */
import { OAUTH_VERIFIER_MAX_AGE_S, consumeVerifier, saveVerifierAndState, verifierCookieNames } from "../../../src/auth/oauth-cookies";
import { cookieWrites } from "../apps/cookie-app-helpers";
import { cookies, resetPage, s256 } from "./oauth-helpers";

afterEach(() => {
  jest.restoreAllMocks();
  resetPage();
});

test("the verifier is kept for 3,600 s under both official names, with Path=/, SameSite=Lax and Secure on https", async () => {
  const written = cookieWrites();
  const before = Date.now();
  const { state, codeChallenge } = await saveVerifierAndState();
  expect(OAUTH_VERIFIER_MAX_AGE_S).toBe(3600);
  expect(state).toMatch(/^[\w-]{43}$/);
  expect(written).toHaveLength(2);
  for (const [i, name] of verifierCookieNames(state).entries()) {
    const parts = written[i].split("; ");
    expect(parts[0].startsWith(`${name}=`)).toBe(true);
    expect(parts.slice(1).map((p) => p.split("=")[0].toLowerCase()).sort()).toEqual(["expires", "path", "samesite", "secure"]);
    expect(parts).toContain("path=/");
    expect(parts).toContain("sameSite=Lax");
    const expires = Date.parse(parts.find((p) => p.startsWith("expires="))!.slice(8));
    expect(expires).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 3_599_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 3_600_000);
  }
  const verifier = cookies()[`stack-oauth-outer-${state}`];
  expect(codeChallenge).toBe(s256(verifier));
});

test("consuming returns the verifier once and deletes both cookies", async () => {
  const { state } = await saveVerifierAndState();
  const verifier = cookies()[`hexclave-oauth-outer-${state}`];
  expect(consumeVerifier(state)).toBe(verifier);
  expect(cookies()).toEqual({});
  expect(consumeVerifier(state)).toBeNull();
});

test("another flow's state does not match", async () => {
  await saveVerifierAndState();
  expect(consumeVerifier("some-other-state")).toBeNull();
});
