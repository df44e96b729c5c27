/**
 * @jest-environment ./test/support/jsdom-env.cjs
 * @jest-environment-options {"url": "http://localhost:3000/"}
 */
// A flow started on a page using the official SDK finishes on a latchkey page, and the other way round: the two
// share the verifier cookies and the callback URL, so an app can switch SDKs between two pages of one sign-in.
import { StackClientApp } from "@stackframe/js";
import { ClientApp } from "../../src/index";
import { uniqueEmail } from "../helpers/emulator";
import type { Emulator } from "../helpers/emulator";
import { calledOnce, emulatorForPages } from "../unit/auth/oauth-helpers";
import { recordLeaving } from "../helpers/navigations";

let emulator: Emulator;
emulatorForPages((e) => (emulator = e));

const common = () => ({
  projectId: emulator.projectId,
  publishableClientKey: emulator.keys.publishableClientKey,
  baseUrl: emulator.url,
  tokenStore: "cookie" as const,
  noAutomaticPrefetch: true,
  urls: { afterSignIn: "/home", afterSignUp: "/welcome" },
});

function latchkeyPage() {
  const navigate = jest.fn();
  recordLeaving(navigate); // another origin (the OAuth provider) leaves the page instead
  return { app: new ClientApp({ ...common(), redirectMethod: { navigate } }), navigate };
}

function officialPage() {
  const navigate = jest.fn();
  // The official SDK warns that no bot-challenge key is configured, on every OAuth sign-in.
  jest.spyOn(console, "warn").mockImplementation(() => {});
  return { app: new StackClientApp({ ...common(), redirectMethod: { useNavigate: () => navigate, navigate }, devTool: false }), navigate };
}

/** The mock provider's non-interactive path, then the platform's callback: the app URL the browser ends on. */
async function consent(providerUrl: string, email: string): Promise<string> {
  const url = new URL(providerUrl);
  url.searchParams.set("auto", "1");
  url.searchParams.set("login_hint", email);
  const toPlatform = await fetch(url, { redirect: "manual" });
  const toApp = await fetch(toPlatform.headers.get("location")!, { redirect: "manual" });
  expect(toApp.status).toBe(303);
  return toApp.headers.get("location")!;
}

test("started by the official SDK, finished by latchkey", async () => {
  window.history.replaceState(null, "", "/handler/sign-in");
  const start = officialPage();
  void start.app.signInWithOAuth("github");
  const email = uniqueEmail("interop");
  const back = await consent(await calledOnce(start.navigate), email);
  window.history.replaceState(null, "", back);
  const finish = latchkeyPage();
  expect(await finish.app.callOAuthCallback()).toBe(true);
  expect(finish.navigate).toHaveBeenCalledWith("/welcome");
  expect((await finish.app.getUser({ or: "throw" })).primaryEmail).toBe(email);
});

test("started by latchkey, finished by the official SDK", async () => {
  window.history.replaceState(null, "", "/handler/sign-in");
  const start = latchkeyPage();
  void start.app.signInWithOAuth("github");
  const email = uniqueEmail("interop");
  const back = await consent(await calledOnce(start.navigate), email);
  window.history.replaceState(null, "", back);
  const finish = officialPage();
  expect(await finish.app.callOAuthCallback()).toBe(true);
  expect(window.location.search).toBe("");
  expect((await finish.app.getUser({ or: "throw" })).primaryEmail).toBe(email);
  // ... and latchkey reads the session the official SDK stored.
  expect((await latchkeyPage().app.getUser({ or: "throw" })).primaryEmail).toBe(email);
});
