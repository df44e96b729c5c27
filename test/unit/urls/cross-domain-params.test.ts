/**
 * @jest-environment ./test/support/jsdom-env.cjs
 * @jest-environment-options {"url": "https://app.example.com/settings?tab=2"}
 */
// The cross-domain hand-off's query parameters: both families (hexclave_* of @stackframe/js 2.8.108, the older
// stack_*) are written, either is read; the callback, hosted-page and return addresses built from them.
import { ArgumentError } from "../../../src/index";
import {
  HANDOFF_PARAM_FAMILIES,
  handoffCallbackUrl,
  handoffRedirectUri,
  handoffReturnTarget,
  hasHandoffMarker,
  isCompleteHandoff,
  mayHandOff,
  readHandoffParams,
  withNewHandoff,
  writeHandoffParams,
} from "../../../src/urls/cross-domain-params";

const CHALLENGE = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";
const HOSTED = "https://p1.built-with-stack-auth.com";
const here = () => new URL(window.location.href);

afterEach(() => window.history.replaceState(null, "", "/settings?tab=2"));

describe("the two parameter families", () => {
  it("names the official ones: hexclave_… (2.8.108) first, then stack_… (older versions)", () => {
    const family = (prefix: string) => ({
      marker: `${prefix}_cross_domain_auth`,
      state: `${prefix}_cross_domain_state`,
      codeChallenge: `${prefix}_cross_domain_code_challenge`,
      afterCallbackRedirectUrl: `${prefix}_cross_domain_after_callback_redirect_url`,
    });
    expect(HANDOFF_PARAM_FAMILIES).toEqual([family("hexclave"), family("stack")]);
  });

  it.each([
    ["hexclave", "hexclave_cross_domain_state=s&hexclave_cross_domain_code_challenge=c&hexclave_cross_domain_after_callback_redirect_url=https%3A%2F%2Fa.example%2Fx"],
    ["stack", "stack_cross_domain_state=s&stack_cross_domain_code_challenge=c&stack_cross_domain_after_callback_redirect_url=https%3A%2F%2Fa.example%2Fx"],
  ])("reads the %s family", (_, query) => {
    const params = readHandoffParams(new URLSearchParams(query));
    expect(params).toEqual({ state: "s", codeChallenge: "c", afterCallbackRedirectUrl: "https://a.example/x" });
    expect(isCompleteHandoff(params)).toBe(true);
  });

  it("prefers the newer family, fills gaps from the older one, and reports what is missing as null", () => {
    const params = readHandoffParams(new URLSearchParams("stack_cross_domain_state=old&hexclave_cross_domain_state=new&stack_cross_domain_code_challenge=c"));
    expect(params).toEqual({ state: "new", codeChallenge: "c", afterCallbackRedirectUrl: null });
    expect(isCompleteHandoff(params)).toBe(false);
  });

  it("writes each given parameter under both names and skips null ones", () => {
    const query = new URLSearchParams("keep=1");
    writeHandoffParams(query, { state: "s", codeChallenge: null });
    expect([...query]).toEqual([
      ["keep", "1"],
      ["hexclave_cross_domain_state", "s"],
      ["stack_cross_domain_state", "s"],
    ]);
  });

  it.each([
    ["hexclave_cross_domain_auth=1", true],
    ["stack_cross_domain_auth=1", true],
    ["hexclave_cross_domain_auth=0", false],
    ["code=x&state=y", false],
  ])("marker in %s: %s", (query, expected) => {
    expect(hasHandoffMarker(new URLSearchParams(query))).toBe(expected);
  });
});

describe("addresses", () => {
  it("builds the app's callback with the marker and the parameters in both families", () => {
    const url = handoffCallbackUrl("/handler/oauth-callback", here(), { state: "s", codeChallenge: CHALLENGE, afterCallbackRedirectUrl: here().href });
    expect(url.origin + url.pathname).toBe("https://app.example.com/handler/oauth-callback");
    for (const family of HANDOFF_PARAM_FAMILIES) {
      expect(url.searchParams.get(family.marker)).toBe("1");
      expect(url.searchParams.get(family.state)).toBe("s");
      expect(url.searchParams.get(family.codeChallenge)).toBe(CHALLENGE);
      expect(url.searchParams.get(family.afterCallbackRedirectUrl)).toBe("https://app.example.com/settings?tab=2");
    }
  });

  it("refuses a callback on another origin", () => {
    expect(() => handoffCallbackUrl("https://evil.example/cb", here(), { state: "s", codeChallenge: CHALLENGE, afterCallbackRedirectUrl: null })).toThrow(ArgumentError);
  });

  it("puts a new hand-off on a hosted page: the callback as after_auth_return_to, the parameters at the top level too", () => {
    const url = withNewHandoff(new URL(`${HOSTED}/handler/sign-in?after_auth_return_to=ignored`), here(), "/handler/oauth-callback", { state: "s", codeChallenge: CHALLENGE });
    const callback = new URL(url.searchParams.get("after_auth_return_to")!);
    expect(callback.href).toBe(handoffCallbackUrl("/handler/oauth-callback", here(), readHandoffParams(url.searchParams)).href);
    expect(readHandoffParams(url.searchParams)).toEqual({ state: "s", codeChallenge: CHALLENGE, afterCallbackRedirectUrl: "https://app.example.com/settings?tab=2" });
    expect(url.searchParams.get("stack_cross_domain_state")).toBe("s");
    expect(url.origin).toBe(HOSTED);
  });

  it("comes back to the page's own after_auth_return_to when it has one", () => {
    window.history.replaceState(null, "", "/gate?after_auth_return_to=%2Fprivate%3Ffoo%3Dbar");
    const url = withNewHandoff(new URL(`${HOSTED}/handler/sign-in`), here(), "/handler/oauth-callback", { state: "s", codeChallenge: CHALLENGE });
    expect(readHandoffParams(url.searchParams).afterCallbackRedirectUrl).toBe("https://app.example.com/private?foo=bar");
  });

  it("redeems the code for the callback's own address without code, state and fragment", () => {
    const page = new URL("https://app.example.com/handler/oauth-callback?stack_cross_domain_auth=1&code=abc&x=a+b&state=s#top");
    expect(handoffRedirectUri(page)).toBe("https://app.example.com/handler/oauth-callback?stack_cross_domain_auth=1&x=a+b");
  });

  it("hands off to a return address on another origin, and to the after-callback origin for a same-origin one", () => {
    const hosted = new URL(`${HOSTED}/handler/sign-in`);
    const complete = { state: "s", codeChallenge: CHALLENGE, afterCallbackRedirectUrl: "https://app.example.com/private" };
    expect(handoffReturnTarget(new URL("https://app.example.com/cb?m=1"), hosted, complete)?.href).toBe("https://app.example.com/cb?m=1");
    expect(handoffReturnTarget(new URL(`${HOSTED}/cb?m=1`), hosted, complete)?.href).toBe("https://app.example.com/cb?m=1");
    expect(handoffReturnTarget(new URL(`${HOSTED}/cb`), hosted, { ...complete, afterCallbackRedirectUrl: null })).toBeNull();
    expect(handoffReturnTarget(new URL(`${HOSTED}/cb`), hosted, { ...complete, afterCallbackRedirectUrl: `${HOSTED}/x` })).toBeNull();
  });
});

describe("mayHandOff", () => {
  it.each([
    ["signIn", `${HOSTED}/handler/sign-in`, true],
    ["signIn", "/handler/sign-in", false],
    ["emailVerification", `${HOSTED}/handler/email-verification`, false],
    ["afterSignIn", "https://other.example/x", false], // no after_auth_return_to on this page
  ])("%s to %s: %s", (target, url, expected) => {
    expect(mayHandOff(target, url)).toBe(expected);
  });

  it("follows a page's hand-off parameters of either family", () => {
    window.history.replaceState(null, "", "/handler/sign-in?stack_cross_domain_state=s");
    expect(mayHandOff("signUp", "/handler/sign-up")).toBe(true);
    window.history.replaceState(null, "", "/handler/sign-in?after_auth_return_to=https%3A%2F%2Fother.example%2Fcb");
    expect(mayHandOff("afterSignIn", "https://other.example/cb")).toBe(true);
    expect(mayHandOff("afterSignIn", "/home")).toBe(false);
  });
});
