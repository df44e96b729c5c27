// A page where `window.location` and `document` exist but there is no global `location` (embedded web views,
// sandboxed frames, DOMs set up by hand): the official SDK only needs `window` and `document`, and so does latchkey.
// Node's environment with a jsdom window installed as `window` and its document as `document` is such a page.
import "../../support/jsdom-navigation.cjs"; // before jsdom loads: leaving the page becomes a "jsdom-navigation" event
import { JSDOM } from "jsdom";
import { ClientApp } from "../../../src/index";
import { consumeVerifier, saveVerifierAndState } from "../../../src/auth/oauth-cookies";
import { constructRedirectUrl } from "../../../src/auth/oauth-urls";
import { createCookieTokenStore, inCookiePage } from "../../../src/token-stores/cookie";
import { resolveTokenStore } from "../../../src/token-stores/resolve";
import { inBrowser } from "../../../src/util/browser";
import { PROJECT } from "../../helpers/http";
import { browserApp, calledOnce } from "../auth/oauth-helpers";
import { PID } from "./helpers";

const PROVIDER_PAGE = "https://github.mock/login/oauth/authorize?client_id=x&state=inner";
const g = globalThis as { window?: unknown; document?: unknown };
let dom: JSDOM;

beforeEach(() => {
  dom = new JSDOM("<!doctype html><p>page</p>", { url: "https://app.example.com/start?after_auth_return_to=%2Fhome" });
  g.window = dom.window;
  g.document = dom.window.document;
});
afterEach(() => {
  delete g.window;
  delete g.document;
  dom.window.close();
});

const jar = () => Object.fromEntries(dom.window.document.cookie.split("; ").filter(Boolean).map((c) => c.split("=")).map(([k, v]) => [k, decodeURIComponent(v)]));

test("the page has window.location and document, and no global location", () => {
  expect(typeof location).toBe("undefined");
  expect((globalThis as { location?: unknown }).location).toBeUndefined();
  expect(window.location.hostname).toBe("app.example.com");
  expect(inBrowser()).toBe(true);
  expect(inCookiePage()).toBe(true);
});

test("the cookie store works: https read from window.location (the __Host- name, Secure)", () => {
  const store = createCookieTokenStore({ projectId: PID });
  store.set({ accessToken: "a1", refreshToken: "r1" });
  expect(Object.keys(jar()).sort()).toEqual([`__Host-stack-refresh-${PID}--default`, "stack-access"]);
  expect(store.get()).toEqual({ accessToken: "a1", refreshToken: "r1" });
  expect(resolveTokenStore("cookie", { projectId: PID })!.get()).toEqual({ accessToken: "a1", refreshToken: "r1" });
  store.set({ accessToken: null, refreshToken: null });
  expect(jar()).toEqual({});
});

test("the OAuth verifier cookies and redirect URLs work", async () => {
  const { state } = await saveVerifierAndState();
  expect(Object.keys(jar()).sort()).toEqual([`hexclave-oauth-outer-${state}`, `stack-oauth-outer-${state}`]);
  const verifier = consumeVerifier(state);
  expect(verifier).toMatch(/^[\w-]{43}$/);
  expect(jar()).toEqual({});
  expect(constructRedirectUrl("/handler/oauth-callback")).toBe("https://app.example.com/handler/oauth-callback?after_auth_return_to=%2Fhome");
});

test("signInWithOAuth keeps its verifier and leaves for the provider", async () => {
  const { app, navigate, seen } = browserApp({ "GET /auth/oauth/authorize/github": [200, { location: PROVIDER_PAGE }] });
  expect(app).toBeInstanceOf(ClientApp);
  void app.signInWithOAuth("github");
  expect(await calledOnce(navigate)).toBe(PROVIDER_PAGE);
  const query = Object.fromEntries(seen[0].url.searchParams);
  expect(query).toMatchObject({ client_id: PROJECT, redirect_uri: "https://app.example.com/handler/oauth-callback?after_auth_return_to=%2Fhome" });
  expect(jar()[`stack-oauth-outer-${query.state}`]).toMatch(/^[\w-]{43}$/);
});
