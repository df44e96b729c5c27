/**
 * The Next.js example (examples/nextjs) as a developer runs it: latchkey packed to a tarball, the example copied to
 * a temporary folder and installed from its lockfile, `next build`, then `next start` against the in-process
 * emulator, walked in Chromium. It proves the proxy sends signed-out visitors to sign-in without asking the
 * platform, that the session the browser SDK writes is the one server components and route handlers read (the
 * protected page's server-rendered HTML holds the user's e-mail), and that signing out is seen by the server.
 * Elements are found by role and accessible name or label only. Screenshots go to test-artifacts/nextjs/.
 *
 * Set LATCHKEY_KEEP_TEST_RUN_DIR=1 to keep the run's temporary folder (installs and builds) for a look.
 */
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import type { StatsSnapshot } from "../../src/emulator/stats";
import { startTestEmulator, type TestEmulator } from "../../src/testing";
import { browse, buildExample, installExample, reportTimings, ROOT, startExample } from "./next-app";
import type { RunningExample } from "./next-app";

const PASSWORD = "correct horse battery";
const ARTIFACTS = join(ROOT, "test-artifacts", "nextjs");
// Installing and building take minutes on a small machine; each step below has its own limit too.
jest.setTimeout(60_000);

let emulator: TestEmulator | undefined;
let example: RunningExample | undefined;
let browser: Browser | undefined;
let context: BrowserContext;
let page: Page;
const errors: string[] = [];
const timings: Record<string, number> = {};
const started = Date.now();
const email = `next-${Date.now().toString(36)}@example.com`;

beforeAll(async () => {
  rmSync(ARTIFACTS, { recursive: true, force: true });
  mkdirSync(ARTIFACTS, { recursive: true });
  // latchkey/testing's emulator: a free port, fast passwords, and the environment the app reads its project from.
  emulator = await startTestEmulator({ exportEnv: false });
  const env = { ...emulator.env, NEXT_TELEMETRY_DISABLED: "1" };
  let t = Date.now();
  const dir = await installExample();
  timings.install = Date.now() - t;
  t = Date.now();
  await buildExample(dir, env);
  timings.build = Date.now() - t;
  example = await startExample(dir, env);
  ({ browser, context, page } = await browse(example.origin, errors));
}, 20 * 60_000);

afterAll(async () => {
  await browser?.close();
  await example?.stop();
  await emulator?.stop();
  reportTimings("Next.js example", timings, started);
}, 60_000);

const stats = async (): Promise<StatsSnapshot> => (await fetch(`${emulator!.url}/emulator/stats`)).json() as Promise<StatsSnapshot>;

/** Requests per route made between two snapshots (routes with none left out). */
function requestsBetween(before: StatsSnapshot, after: StatsSnapshot): Record<string, number> {
  const made: Record<string, number> = {};
  for (const [route, r] of Object.entries(after.routes)) {
    const n = r.requests - (before.routes[route]?.requests ?? 0);
    if (n > 0) made[route] = n;
  }
  return made;
}

/** The `Cookie` header the browser would send to the example from `from` (default: the walk's context). */
async function cookieHeader(from: BrowserContext = context): Promise<string> {
  return (await from.cookies(example!.origin)).map((c) => `${c.name}=${c.value}`).join("; ");
}

/** GET `path` of the example without following redirects, with the walk's cookies when `signedIn`. */
async function get(path: string, signedIn: boolean | string): Promise<Response> {
  const cookie = typeof signedIn === "string" ? signedIn : signedIn ? await cookieHeader() : "";
  return fetch(new URL(path, example!.origin), { redirect: "manual", headers: cookie ? { cookie } : {} });
}

/** Fills in and sends the password sign-up form of the page `p` shows. */
async function signUp(p: Page, address: string): Promise<void> {
  await p.getByRole("heading", { name: "Create a new account", exact: true }).waitFor();
  await p.getByRole("tab", { name: "Email & Password" }).click();
  await p.getByRole("textbox", { name: "Email", exact: true }).fill(address);
  await p.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await p.getByLabel("Repeat Password", { exact: true }).fill(PASSWORD);
  await p.getByRole("button", { name: "Sign Up", exact: true }).click();
}

const shot = (name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
const heading = (name: string) => page.getByRole("heading", { name, exact: true }).waitFor();
const atPath = (path: string) => page.waitForURL((u) => u.pathname === path);

test("the proxy sends a signed-out visitor to sign-in, without a request to the platform", async () => {
  // /protected/anything has no page (Next would answer 404): its redirect can only be the proxy's.
  const before = await stats();
  for (const path of ["/protected", "/protected/anything"]) {
    const res = await get(path, false);
    expect(res.status).toBe(307);
    const to = new URL(res.headers.get("location")!, example!.origin);
    expect([to.pathname, to.searchParams.get("after_auth_return_to")]).toEqual(["/handler/sign-in", path]);
  }
  expect(requestsBetween(before, await stats())).toEqual({});

  await page.goto("/protected");
  await heading("Sign in to your account");
  expect(new URL(page.url()).searchParams.get("after_auth_return_to")).toBe("/protected");
  await shot("01-sign-in");
});

test("a visitor signs up through the handler pages and lands on the protected page", async () => {
  await page.getByRole("link", { name: "Sign up" }).click();
  await signUp(page, email);
  await atPath("/protected");
  await heading("Protected page");
  await page.getByText(`Signed in as ${email}`).waitFor();
  await shot("02-protected");
});

test("the protected page's server-rendered HTML holds the user's e-mail", async () => {
  const viaContext = await context.request.get("/protected", { maxRedirects: 0 });
  expect(viaContext.status()).toBe(200);
  const html = await viaContext.text();
  expect(html).toContain("<h1>Protected page</h1>");
  expect(html).toContain(email);
  // The same with nothing but the cookie header: the server reads the cookies the browser SDK wrote.
  const plain = await get("/protected", true);
  expect(plain.status).toBe(200);
  expect(await plain.text()).toContain(email);
});

test("each visitor's server render shows their own user (the server's app objects are shared by all requests)", async () => {
  const other = await browser!.newContext({ baseURL: example!.origin });
  try {
    // A second visitor, signed in by latchkey/testing: a user made through the server API, its session in cookies.
    const otherEmail = email.replace("next-", "second-");
    await emulator!.signIn(other, await emulator!.createUser({ email: otherEmail }), { url: example!.origin });
    const [mine, theirs] = await Promise.all([get("/protected", true), get("/protected", await cookieHeader(other))]);
    const [mineHtml, theirsHtml] = [await mine.text(), await theirs.text()];
    expect([mineHtml.includes(email), mineHtml.includes(otherEmail)]).toEqual([true, false]);
    expect([theirsHtml.includes(otherEmail), theirsHtml.includes(email)]).toEqual([true, false]);
  } finally {
    await other.close();
  }
});

test("the route handler answers the signed-in user, and 401 without a session", async () => {
  const me = await context.request.get("/api/me");
  expect(me.status()).toBe(200);
  const body = await me.json();
  expect(body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), primaryEmail: email, displayName: null });
  const user = await (await fetch(`${emulator!.url}/api/v1/users/${body.id}`, {
    headers: {
      "x-stack-access-type": "server",
      "x-stack-project-id": emulator!.projectId,
      "x-stack-secret-server-key": emulator!.keys.secretServerKey,
    },
  })).json();
  expect(user.primary_email).toBe(email);
  const anonymous = await get("/api/me", false);
  expect(anonymous.status).toBe(401);
});

test("the proxy verifies the token locally: no request to the platform per page view", async () => {
  // /protected/nope has no page: only the proxy redirects there (signed out), and a visitor it lets through gets
  // Next's 404 page, which asks the platform nothing itself. So the 404s below are the proxy's own cost.
  expect((await get("/protected/nope", false)).status).toBe(307);
  const before = await stats();
  for (let i = 0; i < 5; i++) expect((await get("/protected/nope", true)).status).toBe(404);
  expect(requestsBetween(before, await stats())).toEqual({});
  // The protected page itself reads the user (GET /users/me) twice per view: in the server component and in the
  // server render of <UserButton>. Nothing else is asked: no refresh, no key fetch.
  const views = 3;
  const mid = await stats();
  for (let i = 0; i < views; i++) expect(await (await get("/protected", true)).text()).toContain(email);
  const made = requestsBetween(mid, await stats());
  expect(Object.keys(made)).toEqual(["GET /users/me"]);
  expect(made["GET /users/me"]).toBeLessThanOrEqual(2 * views);
  // The project's public keys were fetched once, by the proxy's first verification, and then kept.
  expect((await stats()).routes["GET /projects/:project_id/.well-known/jwks.json"]?.requests).toBe(1);
});

test("after signing out, the proxy sends the visitor to sign-in; signing in there returns to the protected page", async () => {
  await page.getByRole("button", { name: /^Account menu/ }).click();
  await Promise.all([page.waitForEvent("load"), page.getByRole("menuitem", { name: "Sign out" }).click()]);
  await heading("latchkey × Next.js");
  expect((await get("/protected", true)).status).toBe(307);
  expect((await context.request.get("/api/me")).status()).toBe(401);

  await page.getByRole("link", { name: "Protected page" }).click();
  await heading("Sign in to your account");
  await page.getByRole("tab", { name: "Email & Password" }).click();
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await atPath("/protected");
  await page.getByText(`Signed in as ${email}`).waitFor();
  expect((await get("/protected", true)).status).toBe(200);
});

test("no page logged an error", () => {
  expect(errors).toEqual([]);
});
