/**
 * @jest-environment ./test/support/jsdom-env.cjs
 * @jest-environment-options {"url": "https://a.example.com/"}
 */
// The cross-subdomain refresh cookie: the trusted parent domain (the official SDK's rule), the cookie's name,
// value, Domain and lifetime, and how the browser cookie store writes, refreshes, reads and clears it.
import Cookies from "js-cookie";
import { ClientApp } from "../../../src/index";
import { PROJECT } from "../../helpers/http";
import { fakeAccessToken, fakeRefreshToken } from "../../helpers/tokens";
import { planCookieWrite, readCookieTokens } from "../../../src/token-stores/cookie-format";
import { createCookieTokenStore } from "../../../src/token-stores/cookie";
import { coversHost, customRefreshCookieName, trustedParentDomain } from "../../../src/token-stores/cross-subdomain";
import type { TokenPair } from "../../../src/token-stores/types";
import { clearCookies, jar, PID, plant, structured } from "./helpers";
import { readAsOfficial2_8_108, readAsOfficial2_8_86 } from "./official-readers";

// Crockford base32 of the UTF-8 bytes of "example.com", as the official 2.8.108 `encodeBase32` gives it.
const SHARED = `stack-refresh-${PID}--custom-CNW62VBGDHJJWRVFDM`;
const DEFAULT = `__Host-stack-refresh-${PID}--default`;
const ON_PARENT = { name: SHARED, domain: "example.com" };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  clearCookies(["example.com", "a.example.com"], true);
  jest.restoreAllMocks();
});

describe("trustedParentDomain (the official SDK's rule)", () => {
  it("needs both the domain itself and ** of its subdomains among the trusted domains", () => {
    expect(trustedParentDomain("a.example.com", ["https://example.com", "https://**.example.com"])).toBe("example.com");
    expect(trustedParentDomain("a.example.com", ["https://**.example.com"])).toBeNull();
    expect(trustedParentDomain("a.example.com", ["https://example.com", "https://*.example.com"])).toBeNull();
    expect(trustedParentDomain("a.example.com", ["https://a.example.com"])).toBeNull();
  });

  it("ignores schemes, ports, paths, case and entries that are not domains", () => {
    const trusted = [null, undefined, 42, "not a url", "http://EXAMPLE.com:8443/x", "https://**.example.com:*"];
    expect(trustedParentDomain("App.Example.com", trusted)).toBe("example.com");
    expect(trustedParentDomain("a.example.com", ["https://example.com:3000", "http://**.example.com:3000/handler"])).toBe("example.com");
  });

  it("takes the shortest trusted parent, the host itself included, and never a bare top-level label", () => {
    const both = ["https://example.com", "https://**.example.com", "https://b.example.com", "https://**.b.example.com"];
    expect(trustedParentDomain("a.b.example.com", both)).toBe("example.com");
    expect(trustedParentDomain("a.b.example.com", both.slice(2))).toBe("b.example.com");
    expect(trustedParentDomain("b.example.com", both.slice(2))).toBe("b.example.com");
    expect(trustedParentDomain("localhost", ["http://localhost", "http://**.localhost"])).toBeNull();
    expect(trustedParentDomain("a.com", ["https://com", "https://**.com"])).toBeNull();
  });

  it("coversHost: the domain is the host or one of its parents", () => {
    expect(coversHost("example.com", "a.example.com")).toBe(true);
    expect(coversHost("a.example.com", "a.example.com")).toBe(true);
    expect(coversHost("example.com", "a.notexample.com")).toBe(false);
    expect(coversHost("com", "example.com")).toBe(false);
  });
});

describe("the cookie plan with a parent domain", () => {
  it("names the cookie stack-refresh-<projectId>--custom-<Crockford base32 of the domain>", () => {
    expect(customRefreshCookieName(PID, "example.com")).toBe(SHARED);
    expect(customRefreshCookieName(PID, "Example.COM")).toBe(SHARED);
    expect(customRefreshCookieName(PID, "a")).toBe(`stack-refresh-${PID}--custom-C4`);
  });

  it("writes the shared cookie on Domain=<parent> for 365 days instead of the page's own, and deletes that one", () => {
    jest.spyOn(Date, "now").mockReturnValue(1_700_000_000_000);
    const value = JSON.stringify({ refresh_token: "r", updated_at_millis: 1_700_000_000_000 });
    expect(planCookieWrite({ [DEFAULT]: structured("old", 1) }, PID, { accessToken: "a", refreshToken: "r" }, true, ON_PARENT)).toEqual([
      [SHARED, value, 365, "example.com"],
      ["stack-access", '["r","a"]', 1],
      [DEFAULT, null, 0],
    ]);
    // Without a parent domain: the page's own cookie, as before.
    expect(planCookieWrite({}, PID, { accessToken: "a", refreshToken: "r" }, true, null)[0]).toEqual([DEFAULT, value, 365]);
  });

  it("signing out deletes the shared cookie (on its domain) and every other token cookie", () => {
    const before = { [SHARED]: structured("r", 2), [DEFAULT]: structured("r", 1), "stack-access": '["r","a"]' };
    expect(planCookieWrite(before, PID, { accessToken: null, refreshToken: null }, true, ON_PARENT)).toEqual([
      [SHARED, null, 365, "example.com"],
      ["stack-access", null, 1],
      [DEFAULT, null, 0],
    ]);
  });

  it("reads the newest refresh cookie: the shared one a sibling subdomain refreshed wins over the page's own", () => {
    const cookies = { [DEFAULT]: structured("mine", 1), [SHARED]: structured("sibling", 2), "stack-access": '["sibling","a2"]' };
    expect(readCookieTokens(cookies, PID)).toEqual({ refreshToken: "sibling", accessToken: "a2" });
    expect(readCookieTokens({ ...cookies, [DEFAULT]: structured("mine", 3) }, PID).refreshToken).toBe("mine");
  });
});

describe("the browser cookie store with a parent domain", () => {
  it("writes the shared cookie Secure, Path=/, SameSite=Lax, Domain=example.com, for a year; the official SDK reads it", async () => {
    const store = createCookieTokenStore({ projectId: PID, parentDomain: async () => "example.com" });
    await flush();
    const set = jest.spyOn(Cookies, "set");
    store.set({ accessToken: "a1", refreshToken: "r1" });
    expect(set).toHaveBeenCalledWith(SHARED, expect.stringContaining('"refresh_token":"r1"'), {
      path: "/",
      sameSite: "Lax",
      secure: true,
      expires: 365,
      domain: "example.com",
    });
    expect(Object.keys(jar()).sort()).toEqual(["stack-access", SHARED]);
    expect(readAsOfficial2_8_108(jar(), PID)).toEqual({ refreshToken: "r1", accessToken: "a1" });
    expect(readAsOfficial2_8_86(jar(), PID)).toEqual({ refreshToken: "r1", accessToken: "a1" });
  });

  it("rewrites it on refresh with a newer time, and deletes it on sign-out", async () => {
    const store = createCookieTokenStore({ projectId: PID, parentDomain: async () => "example.com" });
    await flush();
    const t0 = Date.now();
    const now = jest.spyOn(Date, "now").mockReturnValue(t0);
    store.set({ accessToken: "a1", refreshToken: "r1" });
    now.mockReturnValue(t0 + 1000);
    store.set({ accessToken: "a2", refreshToken: "r1" });
    expect(JSON.parse(jar()[SHARED])).toEqual({ refresh_token: "r1", updated_at_millis: t0 + 1000 });
    expect(store.get()).toEqual({ accessToken: "a2", refreshToken: "r1" });
    const remove = jest.spyOn(Cookies, "remove");
    store.set({ accessToken: null, refreshToken: null });
    expect(jar()).toEqual({});
    expect(remove).toHaveBeenCalledWith(SHARED, { path: "/", sameSite: "Lax", secure: true, domain: "example.com" });
  });

  it("asks a function for the domain once; a write made before the answer goes to the shared cookie when it comes", async () => {
    let answer!: (domain: string | null) => void;
    const parentDomain = jest.fn(() => new Promise<string | null>((resolve) => (answer = resolve)));
    const store = createCookieTokenStore({ projectId: PID, parentDomain });
    await flush();
    store.set({ accessToken: "a1", refreshToken: "r1" });
    expect(Object.keys(jar()).sort()).toEqual([DEFAULT, "stack-access"]);
    answer("example.com");
    await flush();
    expect(Object.keys(jar()).sort()).toEqual(["stack-access", SHARED]);
    store.set({ accessToken: "a2", refreshToken: "r1" });
    expect(Object.keys(jar()).sort()).toEqual(["stack-access", SHARED]);
    expect(parentDomain).toHaveBeenCalledTimes(1);
  });

  it("copies a session the page holds only in its own cookie to the shared one (keeping its own), once the domain is known", async () => {
    plant(DEFAULT, structured("r0", 5), "; secure");
    const store = createCookieTokenStore({ projectId: PID, parentDomain: async () => "example.com" });
    await flush();
    expect(jar()[SHARED]).toBe(structured("r0", 5));
    expect(jar()[DEFAULT]).toBe(structured("r0", 5));
    expect((store.get() as TokenPair).refreshToken).toBe("r0");
  });

  it("asks again at the next write when the question failed; no domain, or one that is not the page's: the page's own cookie", async () => {
    const parentDomain = jest.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValue("example.com");
    const store = createCookieTokenStore({ projectId: PID, parentDomain });
    await flush();
    store.set({ accessToken: "a1", refreshToken: "r1" });
    await flush();
    expect(parentDomain).toHaveBeenCalledTimes(2);
    expect(Object.keys(jar()).sort()).toEqual(["stack-access", SHARED]);
    clearCookies(["example.com"], true);

    for (const parent of [undefined, async () => null, async () => "other.com", async () => "https://example.com", async () => "com"]) {
      const plain = createCookieTokenStore({ projectId: PID, parentDomain: parent });
      await flush();
      plain.set({ accessToken: "a1", refreshToken: "r1" });
      expect(Object.keys(jar()).sort()).toEqual([DEFAULT, "stack-access"]);
    }
  });
});

// Last in the file: the apps' sessions keep following the page's cookies after their tests.
describe("a ClientApp's cookie store finds the parent domain in the project's client read", () => {
  const both = [{ domain: "https://example.com", handler_path: "/handler" }, { domain: "https://**.example.com", handler_path: "/handler" }];
  const project = (domains: object[]) => ({ id: PROJECT, display_name: "P", config: { enabled_oauth_providers: [], domains } });
  const tokens = { access_token: fakeAccessToken(600), refresh_token: fakeRefreshToken("r"), user_id: "u1" };
  const signIn = (app: ClientApp) => app.signInWithCredential({ email: "a@example.com", password: "password1", noRedirect: true });

  /** A cookie-store ClientApp over a fake fetch answering the sign-in and the project read; every path recorded. */
  function appWith(domains: object[], noAutomaticPrefetch?: boolean) {
    const paths: string[] = [];
    const fetch = (async (url: string) => {
      const path = new URL(url).pathname.replace("/api/v1", "");
      paths.push(path);
      const body = path === "/projects/current" ? project(domains) : tokens;
      return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
    }) as unknown as typeof globalThis.fetch;
    const app = new ClientApp({ projectId: PROJECT, baseUrl: "https://api.example.test", tokenStore: "cookie", redirectMethod: "none", fetch, noAutomaticPrefetch });
    return { app, paths };
  }
  const sharedOf = (name: string) => `stack-refresh-${PROJECT}--custom-CNW62VBGDHJJWRVFDM` === name;

  it("with the prefetched read: the session goes to the shared cookie, no request made for it", async () => {
    const { app, paths } = appWith(both);
    expect((await signIn(app)).status).toBe("ok");
    await flush();
    expect(Object.keys(jar()).filter(sharedOf)).toHaveLength(1);
    expect(Object.keys(jar())).not.toContain(`__Host-stack-refresh-${PROJECT}--default`);
    expect(paths.filter((p) => p === "/projects/current")).toHaveLength(1);
  });

  it("no ** domain among the trusted ones: the page's own cookie", async () => {
    const { app } = appWith([{ domain: "https://*.example.com", handler_path: "/handler" }, both[0]]);
    expect((await signIn(app)).status).toBe("ok");
    await flush();
    expect(Object.keys(jar()).sort()).toEqual([`__Host-stack-refresh-${PROJECT}--default`, "stack-access"]);
  });

  it("noAutomaticPrefetch: no request for it; once the app read the project, the next write goes to the shared cookie", async () => {
    const { app, paths } = appWith(both, true);
    expect((await signIn(app)).status).toBe("ok");
    await flush();
    expect(paths).toEqual(["/auth/password/sign-in"]);
    expect(Object.keys(jar()).sort()).toEqual([`__Host-stack-refresh-${PROJECT}--default`, "stack-access"]);
    await app.getProject();
    expect((await signIn(app)).status).toBe("ok");
    await flush();
    expect(Object.keys(jar()).filter(sharedOf)).toHaveLength(1);
    expect(Object.keys(jar())).not.toContain(`__Host-stack-refresh-${PROJECT}--default`);
  });
});
