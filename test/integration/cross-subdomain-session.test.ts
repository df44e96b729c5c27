// One session for every subdomain of a trusted parent domain, over real HTTP: the project trusts
// `https://example.com` and `https://**.example.com` (set through the emulator's admin API), so a cookie-store app on
// https://a.example.com keeps its refresh token in the shared cookie on Domain=example.com, which an app on
// https://b.example.com reads. Two jsdom pages share one cookie jar, as two tabs of a browser do; the page the SDK
// runs in is the one installed as `window` and `document` (this file runs in Node's environment).
import { CookieJar, JSDOM } from "jsdom";
import type { Cookie } from "tough-cookie";
import { AdminApp, ClientApp } from "../../src/index";
import { startTestEmulator, uniqueEmail } from "../helpers/emulator";
import type { Emulator } from "../helpers/emulator";
import { readAsOfficial2_8_108 } from "../unit/token-stores/official-readers";

const PASSWORD = "cross-subdomain-1";
const DAY_MS = 86_400_000;
let emulator: Emulator;
const cookieJar = new CookieJar();
const pages = {
  a: new JSDOM("<!doctype html>", { url: "https://a.example.com/", cookieJar }),
  b: new JSDOM("<!doctype html>", { url: "https://b.example.com/", cookieJar }),
  other: new JSDOM("<!doctype html>", { url: "https://example.org/", cookieJar }),
};
const g = globalThis as { window?: unknown; document?: unknown };

/** Makes `page` the page the SDK runs in. */
function onPage(page: keyof typeof pages) {
  g.window = pages[page].window;
  g.document = pages[page].window.document;
}

/** A page load on `page`: a fresh cookie-store app (it prefetches the project, as in a browser). */
function openApp(page: keyof typeof pages) {
  onPage(page);
  return new ClientApp({
    projectId: emulator.projectId,
    publishableClientKey: emulator.keys.publishableClientKey,
    baseUrl: emulator.url,
    tokenStore: "cookie",
    redirectMethod: "none",
  });
}

const sharedName = () => `stack-refresh-${emulator.projectId}--custom-CNW62VBGDHJJWRVFDM`; // base32("example.com")
const cookiesOf = (page: keyof typeof pages): Cookie[] => cookieJar.getCookiesSync(pages[page].window.location.href);
const shared = (page: keyof typeof pages) => cookiesOf(page).find((c) => c.key === sharedName());
const jarOf = (page: keyof typeof pages) => Object.fromEntries(cookiesOf(page).map((c) => [c.key, decodeURIComponent(c.value)]));
const sharedValue = (page: keyof typeof pages) => JSON.parse(decodeURIComponent(shared(page)!.value)) as { refresh_token: string; updated_at_millis: number };

async function until(done: () => boolean) {
  for (let i = 0; i < 400 && !done(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(done()).toBe(true);
}

beforeAll(async () => {
  emulator = await startTestEmulator();
  const admin = new AdminApp({ projectId: emulator.projectId, baseUrl: emulator.url, superSecretAdminKey: emulator.keys.superSecretAdminKey, tokenStore: null });
  const project = await admin.getProject();
  const domains = ["https://example.com", "https://**.example.com"].map((domain) => ({ domain, handlerPath: "/handler" }));
  await project.update({ config: { domains } });
});
// The pages stay installed: the apps' cookie stores poll `document.cookie` until the file's timers are cleared.
afterAll(() => emulator.stop());

test("the project's client read carries the trusted domains, as the platform sends them", async () => {
  const res = await fetch(`${emulator.url}/api/v1/projects/current`, {
    headers: { "x-stack-project-id": emulator.projectId, "x-stack-access-type": "client", "x-stack-publishable-client-key": emulator.keys.publishableClientKey },
  });
  expect(res.status).toBe(200);
  expect((await res.json()).config.domains).toEqual([
    { domain: "https://**.example.com", handler_path: "/handler" },
    { domain: "https://example.com", handler_path: "/handler" },
  ]);
});

test("a session signed in on a.example.com is seen on b.example.com, refreshed on refresh and cleared on sign-out", async () => {
  // Every request refreshes the access token (it is valid for less than the SDK's 20 s margin).
  emulator.settings.accessTokenTtlSeconds = 1;
  const appA = openApp("a");
  const signedUp = await appA.signUpWithCredential({ email: uniqueEmail("sub"), password: PASSWORD, noRedirect: true, noVerificationCallback: true });
  expect(signedUp.status).toBe("ok");
  const userA = await appA.getUser({ or: "throw" });
  await until(() => shared("a") !== undefined && !Object.keys(jarOf("a")).some((n) => n.endsWith("--default")));

  // The shared cookie: Domain=example.com, Path=/, Secure, SameSite=Lax, for a year; the page's own is gone.
  const cookie = shared("a")!;
  expect(cookie).toMatchObject({ domain: "example.com", hostOnly: false, path: "/", secure: true, sameSite: "lax" });
  expect((cookie.expires as Date).getTime() - Date.now()).toBeGreaterThan(364 * DAY_MS);
  expect((cookie.expires as Date).getTime() - Date.now()).toBeLessThanOrEqual(365 * DAY_MS);
  const first = sharedValue("a");

  // Another subdomain reads the same session (so would the official SDK), and no other site sees it.
  const appB = openApp("b");
  expect((await appB.getUser({ or: "throw" })).id).toBe(userA.id);
  expect(readAsOfficial2_8_108(jarOf("b"), emulator.projectId).refreshToken).toBe(first.refresh_token);
  expect(cookiesOf("other")).toEqual([]);

  // A refresh on a.example.com rewrites the shared cookie with a newer time (the refresh token does not rotate).
  const beforeRefresh = sharedValue("b").updated_at_millis;
  await new Promise((r) => setTimeout(r, 5));
  onPage("a");
  await appA.getAccessToken();
  const refreshed = sharedValue("b");
  expect(refreshed.refresh_token).toBe(first.refresh_token);
  expect(refreshed.updated_at_millis).toBeGreaterThan(beforeRefresh);

  // Signing out on b.example.com ends the session on every subdomain.
  onPage("b");
  await appB.signOut();
  expect(shared("a")).toBeUndefined();
  expect(shared("b")).toBeUndefined();
  for (const page of ["a", "b"] as const) {
    const app = openApp(page);
    expect(await app.getUser()).toBeNull();
    await app.getProject(); // its prefetch, before the emulator stops
  }
});
