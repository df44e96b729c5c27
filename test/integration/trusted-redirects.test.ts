/**
 * @jest-environment ./test/support/jsdom-env.cjs
 * @jest-environment-options {"url": "http://localhost:3000/"}
 */
// Trusted redirects over real HTTP: the project's trusted domains and allow_localhost are set through the admin API
// of the emulator, and an app on a jsdom page (http://localhost:3000, navigations recorded) reads them from
// GET /projects/current to decide where a sign-in may send the visitor.
import { AdminApp, ClientApp } from "../../src/index";
import { routeStats, startTestEmulator, uniqueEmail } from "../helpers/emulator";
import type { Emulator } from "../helpers/emulator";
import { recordLeaving } from "../helpers/navigations";

const PASSWORD = "trusted-redirects-1";
let emulator: Emulator;
let admin: AdminApp;
beforeAll(async () => {
  emulator = await startTestEmulator();
  admin = new AdminApp({ projectId: emulator.projectId, baseUrl: emulator.url, superSecretAdminKey: emulator.keys.superSecretAdminKey, tokenStore: null });
});
afterAll(() => emulator.stop());
afterEach(() => window.history.replaceState(null, "", "/"));

async function trust(domains: string[], allowLocalhost: boolean) {
  const project = await admin.getProject();
  await project.update({ config: { allowLocalhost, domains: domains.map((domain) => ({ domain, handlerPath: "/handler" })) } });
}

/** A page load at `path`: a fresh app (so a fresh project cache) whose navigations are recorded. */
function openPage(path: string) {
  window.history.replaceState(null, "", path);
  const navigate = jest.fn();
  recordLeaving(navigate); // another origin (the OAuth provider) leaves the page instead
  const app = new ClientApp({
    projectId: emulator.projectId,
    publishableClientKey: emulator.keys.publishableClientKey,
    baseUrl: emulator.url,
    tokenStore: "memory",
    redirectMethod: { navigate },
    noAutomaticPrefetch: true,
  });
  return { app, navigate };
}
const signInPage = (returnTo: string) => `/handler/sign-in?after_auth_return_to=${encodeURIComponent(returnTo)}`;

test("a sign-up goes to an after_auth_return_to on a trusted domain or a wildcard domain the admin API set", async () => {
  await trust(["https://app.trusted-example.com", "https://*.wild-example.com"], false);
  const exact = openPage(signInPage("https://app.trusted-example.com/after?x=1"));
  expect((await exact.app.signUpWithCredential({ email: uniqueEmail("redir"), password: PASSWORD, noVerificationCallback: true })).status).toBe("ok");
  expect(exact.navigate.mock.calls).toEqual([["https://app.trusted-example.com/after?x=1"]]);

  const wild = openPage(signInPage("https://api.wild-example.com/x"));
  await wild.app.redirectToAfterSignIn();
  expect(wild.navigate.mock.calls).toEqual([["https://api.wild-example.com/x"]]);
});

test("an untrusted after_auth_return_to makes after-sign-in fail once signed in, and nothing navigates", async () => {
  await trust(["https://app.trusted-example.com"], false);
  const email = uniqueEmail("redir");
  expect((await openPage("/").app.signUpWithCredential({ email, password: PASSWORD, noRedirect: true, noVerificationCallback: true })).status).toBe("ok");
  for (const hostile of ["https://app.trusted-example.com.evil-example.com/", "https://app.trusted-example.com@evil-example.com/", "//evil-example.com", "/%5cevil-example.com"]) {
    const { app, navigate } = openPage(signInPage(hostile));
    await expect(app.signInWithCredential({ email, password: PASSWORD })).rejects.toThrow(`Redirect URL ${hostile} is not trusted; should be relative.`);
    expect(navigate).not.toHaveBeenCalled();
    expect((await app.getUser())?.primaryEmail).toBe(email);
  }
});

test("allow_localhost from the project read decides for other localhost ports; a domain removed is no longer trusted", async () => {
  await trust(["https://app.trusted-example.com"], false);
  const refused = openPage(signInPage("http://localhost:4000/dev"));
  await expect(refused.app.redirectToAfterSignIn()).rejects.toThrow("Redirect URL http://localhost:4000/dev is not trusted; should be relative.");

  await trust([], true);
  const allowed = openPage(signInPage("http://localhost:4000/dev"));
  await allowed.app.redirectToAfterSignIn();
  expect(allowed.navigate.mock.calls).toEqual([["http://localhost:4000/dev"]]);
  const removed = openPage(signInPage("https://app.trusted-example.com/"));
  await expect(removed.app.redirectToAfterSignIn()).rejects.toThrow(/is not trusted; should be relative\.$/);
});

test("one app reads the project once for many off-origin checks, and never for relative or same-origin ones", async () => {
  await trust(["https://app.trusted-example.com"], false);
  const before = (await routeStats(emulator, "GET /projects/current")).requests;
  const { app, navigate } = openPage("/");
  for (const target of ["/a", "http://localhost:3000/b", "?c=1"]) {
    window.history.replaceState(null, "", signInPage(target));
    await app.redirectToAfterSignIn();
  }
  expect((await routeStats(emulator, "GET /projects/current")).requests).toBe(before);
  for (const target of ["https://app.trusted-example.com/1", "https://app.trusted-example.com/2"]) {
    window.history.replaceState(null, "", signInPage(target));
    await app.redirectToAfterSignIn();
  }
  expect((await routeStats(emulator, "GET /projects/current")).requests).toBe(before + 1);
  expect(navigate.mock.calls.map(([url]) => url)).toEqual(["/a", "http://localhost:3000/b", "?c=1", "https://app.trusted-example.com/1", "https://app.trusted-example.com/2"]);
});
