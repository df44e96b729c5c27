import { ClientApp, KnownErrors } from "../../src/index";
import { clientFor, startTestEmulator, uniqueEmail } from "../helpers/emulator";
import type { Emulator } from "../helpers/emulator";

// CLI login over real HTTP: a Node "CLI" app polls while a second, signed-in "browser" app confirms.
let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.stop());

const APP_URL = "http://localhost:3000";
const PASSWORD = "correct horse battery";

/** A signed-in browser app and its user's e-mail. */
async function signedInBrowser() {
  const { app } = clientFor(emulator, { noAutomaticPrefetch: true });
  const email = uniqueEmail("cli");
  await app.signUpWithCredential({ email, password: PASSWORD, noVerificationCallback: true });
  return { browser: app, email };
}

/** A CLI app without any token store (it only needs the project) plus the login code its prompt showed. */
function cliApp() {
  return clientFor(emulator, { tokenStore: null, noAutomaticPrefetch: true }).app;
}

/** A promptLink that hands the login code over and a promise of it. */
function linkCatcher() {
  let resolve!: (code: string) => void;
  const code = new Promise<string>((r) => (resolve = r));
  const links: string[] = [];
  return {
    code,
    links,
    promptLink: (url: string, loginCode: string) => {
      links.push(url);
      resolve(loginCode);
    },
  };
}

test("the CLI polls until the browser confirms, then its refresh token signs a Node app in as the browser's user", async () => {
  const { browser, email } = await signedInBrowser();
  const answers: string[] = [];
  const counting: typeof fetch = async (url, init) => {
    const response = await fetch(url, init);
    if (String(url).endsWith("/auth/cli/poll")) answers.push((await response.clone().json()).status);
    return response;
  };
  const cli = clientFor(emulator, { tokenStore: null, fetch: counting, noAutomaticPrefetch: true }).app;
  const link = linkCatcher();
  const polling = cli.promptCliLogin({ appUrl: APP_URL, waitTimeMillis: 20, promptLink: link.promptLink });
  const loginCode = await link.code;
  expect(link.links).toEqual([`${APP_URL}/handler/cli-auth-confirm?login_code=${loginCode}`]);
  // The user confirms once the CLI has been told "waiting" twice.
  while (answers.length < 2) await new Promise((r) => setTimeout(r, 5));
  expect(answers.every((a) => a === "waiting")).toBe(true);
  expect(await browser.confirmCliLogin(loginCode)).toEqual({ status: "ok", data: undefined });
  const result = await polling;
  if (result.status !== "ok") throw result.error;
  expect(result.data).toBe(await browser.getRefreshToken());
  expect(answers.slice(-1)).toEqual(["success"]);

  const onToken = () =>
    new ClientApp({ projectId: emulator.projectId, publishableClientKey: emulator.keys.publishableClientKey, baseUrl: emulator.url, tokenStore: { refreshToken: result.data }, noAutomaticPrefetch: true });
  expect((await onToken().getUser())?.primaryEmail).toBe(email);

  // The CLI shares the browser's session: once the browser signs out, the refresh token no longer works.
  await browser.signOut();
  expect(await onToken().getUser()).toBeNull();
});

test("a confirmed login can be used once: the code cannot be confirmed again, and a second poller sees used", async () => {
  const { browser } = await signedInBrowser();
  let pollingCode = "";
  let openGate!: () => void;
  const gate = new Promise<void>((r) => (openGate = r));
  // The CLI's polls wait at the gate, so the order below is certain.
  const recording: typeof fetch = async (url, init) => {
    if (String(url).endsWith("/auth/cli/poll")) await gate;
    const response = await fetch(url, init);
    if (String(url).endsWith("/auth/cli")) pollingCode = (await response.clone().json()).polling_code;
    return response;
  };
  const cli = clientFor(emulator, { tokenStore: null, fetch: recording, noAutomaticPrefetch: true }).app;
  const link = linkCatcher();
  const polling = cli.promptCliLogin({ appUrl: APP_URL, waitTimeMillis: 50, promptLink: link.promptLink });
  const loginCode = await link.code;
  expect((await browser.confirmCliLogin(loginCode)).status).toBe("ok");
  // Someone else with the polling code collects the token first; the CLI's next poll then finds it used.
  const thief = await fetch(`${emulator.url}/api/v1/auth/cli/poll`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-stack-project-id": emulator.projectId, "x-stack-access-type": "client", "x-stack-publishable-client-key": emulator.keys.publishableClientKey },
    body: JSON.stringify({ polling_code: pollingCode }),
  });
  expect(thief.status).toBe(201);
  openGate();
  const result = await polling;
  if (result.status !== "error") throw new Error("expected an error result");
  expect(KnownErrors.CliAuthUsedError.isInstance(result.error)).toBe(true);
  expect(result.error.message).toBe("This authentication token has already been used.");

  const again = await browser.confirmCliLogin(loginCode);
  if (again.status !== "error") throw new Error("expected an error result");
  expect(KnownErrors.CliAuthError.isInstance(again.error)).toBe(true);
  expect(again.error.message).toBe("Invalid login code or the code has expired");
});

test("a login nobody confirms in time is CliAuthExpiredError; one polled maxAttempts times is the timeout error", async () => {
  const expired = await cliApp().promptCliLogin({ appUrl: APP_URL, expiresInMillis: 30, waitTimeMillis: 40, promptLink: () => {} });
  if (expired.status !== "error") throw new Error("expected an error result");
  expect(KnownErrors.CliAuthExpiredError.isInstance(expired.error)).toBe(true);
  expect(expired.error.message).toBe("CLI authentication request expired. Please try again.");

  const timedOut = await cliApp().promptCliLogin({ appUrl: APP_URL, maxAttempts: 3, waitTimeMillis: 5, promptLink: () => {} });
  if (timedOut.status !== "error") throw new Error("expected an error result");
  expect(timedOut.error.message).toBe("Timed out waiting for CLI authentication.");
});

test("the browser cannot confirm while signed out or with a bad code; an anonymous user is restricted", async () => {
  const link = linkCatcher();
  const polling = cliApp().promptCliLogin({ appUrl: APP_URL, maxAttempts: 400, waitTimeMillis: 25, promptLink: link.promptLink });
  const loginCode = await link.code;
  const { app: signedOut } = clientFor(emulator, { noAutomaticPrefetch: true });
  const none = await signedOut.confirmCliLogin(loginCode);
  expect(none.status === "error" && KnownErrors.UserAuthenticationRequired.isInstance(none.error)).toBe(true);

  const anonymous = clientFor(emulator, { noAutomaticPrefetch: true }).app;
  await anonymous.getUser({ or: "anonymous" });
  const restricted = await anonymous.confirmCliLogin(loginCode);
  if (restricted.status !== "error") throw new Error("expected an error result");
  expect(KnownErrors.RestrictedUserNotAllowed.isInstance(restricted.error)).toBe(true);

  const { browser } = await signedInBrowser();
  const bad = await browser.confirmCliLogin("x".repeat(45));
  expect(bad.status === "error" && bad.error.message).toBe("Invalid login code or the code has expired");
  // The real code still works after those refusals.
  expect((await browser.confirmCliLogin(loginCode)).status).toBe("ok");
  expect((await polling).status).toBe("ok");
});

test("a CLI with an anonymous session: the signed-out browser takes it over, signs up and confirms as the same user", async () => {
  const cliSession = clientFor(emulator, { noAutomaticPrefetch: true }).app;
  const anonUser = await cliSession.getUser({ or: "anonymous" });
  const link = linkCatcher();
  const polling = cliApp().promptCliLogin({ appUrl: APP_URL, waitTimeMillis: 20, anonRefreshToken: (await cliSession.getRefreshToken())!, promptLink: link.promptLink });
  const loginCode = await link.code;

  const { app: browser } = clientFor(emulator, { noAutomaticPrefetch: true });
  expect(await browser.getCliLoginState(loginCode)).toEqual({ status: "ok", data: "anonymous" });
  expect(await browser.claimCliAnonymousSession(loginCode)).toEqual({ status: "ok", data: undefined });
  expect((await browser.getUser({ or: "anonymous" }))?.id).toBe(anonUser.id);
  const twice = await browser.claimCliAnonymousSession(loginCode);
  expect(twice.status === "error" && twice.error.message).toBe("No anonymous session associated with this code");
  expect(await browser.getCliLoginState(loginCode)).toEqual({ status: "ok", data: "none" });

  const email = uniqueEmail("cli-anon");
  expect((await browser.signUpWithCredential({ email, password: PASSWORD, noVerificationCallback: true })).status).toBe("ok");
  expect((await browser.getUser())?.id).toBe(anonUser.id);
  expect((await browser.confirmCliLogin(loginCode)).status).toBe("ok");
  const result = await polling;
  if (result.status !== "ok") throw result.error;
  const signedIn = clientFor(emulator, { tokenStore: { refreshToken: result.data }, noAutomaticPrefetch: true }).app;
  expect(await signedIn.getUser()).toMatchObject({ id: anonUser.id, primaryEmail: email, isAnonymous: false });
});

test("a refresh token that is not an anonymous user's is refused at the start as a CliAuthError result", async () => {
  const { browser } = await signedInBrowser();
  const prompt = jest.fn();
  const result = await cliApp().promptCliLogin({ appUrl: APP_URL, anonRefreshToken: (await browser.getRefreshToken())!, promptLink: prompt });
  if (result.status !== "error") throw new Error("expected an error result");
  expect(KnownErrors.CliAuthError.isInstance(result.error)).toBe(true);
  expect(result.error.message).toContain("The provided refresh token does not belong to an anonymous user");
  expect(prompt).not.toHaveBeenCalled();
});
