/** @jest-environment ./test/support/jsdom-env.cjs */
import { ClientApp, KnownErrors } from "../../../src/index";
import { PROJECT } from "../../helpers/http";
import { fakeAccessToken, fakeRefreshToken } from "../../helpers/tokens";

type Call = { url: string; method: string; body: unknown };

/** A fetch that answers from a table of `METHOD path` → [status, body, headers]. */
function fakeFetch(routes: Record<string, [number, unknown, Record<string, string>?]>) {
  const calls: Call[] = [];
  const impl = (async (url: string, init: RequestInit) => {
    const path = new URL(url).pathname.replace("/api/v1", "");
    calls.push({ url, method: init.method ?? "GET", body: init.body ? JSON.parse(String(init.body)) : undefined });
    const [status, body, headers] = routes[`${init.method ?? "GET"} ${path}`] ?? [404, "not found"];
    return new Response(typeof body === "string" ? body : JSON.stringify(body), {
      status,
      headers: { "content-type": typeof body === "string" ? "text/plain" : "application/json", ...headers },
    });
  }) as unknown as typeof fetch;
  return { impl, calls };
}

const tokens = { access_token: fakeAccessToken(600), refresh_token: fakeRefreshToken(), user_id: "u1" };

function browserApp(routes: Parameters<typeof fakeFetch>[0]) {
  const navigate = jest.fn();
  const { impl, calls } = fakeFetch(routes);
  const app = new ClientApp({
    projectId: PROJECT,
    baseUrl: "https://api.example.test",
    tokenStore: "cookie",
    fetch: impl,
    redirectMethod: { navigate },
    noAutomaticPrefetch: true,
  });
  return { app, navigate, calls };
}

afterEach(() => {
  for (const c of document.cookie.split(";")) document.cookie = `${c.split("=")[0].trim()}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  sessionStorage.clear();
  window.history.replaceState(null, "", "/");
});

test("signing in stores the tokens in the platform's cookies and goes to after-sign-in", async () => {
  const { app, navigate } = browserApp({ "POST /auth/password/sign-in": [200, tokens] });
  expect(await app.signInWithCredential({ email: "a@b.co", password: "12345678" })).toEqual({ status: "ok", data: undefined });
  expect(document.cookie).toContain(`stack-refresh-${PROJECT}--default=`);
  expect(document.cookie).toContain("stack-access=");
  expect(await app.getRefreshToken()).toBe(tokens.refresh_token);
  expect(navigate).toHaveBeenCalledWith("/");
});

test("after sign-in the page's after_auth_return_to wins when it is relative", async () => {
  window.history.replaceState(null, "", "/handler/sign-in?after_auth_return_to=%2Fdashboard%3Ftab%3D2");
  const { app, navigate } = browserApp({ "POST /auth/password/sign-in": [200, tokens] });
  await app.signInWithCredential({ email: "a@b.co", password: "12345678" });
  expect(navigate).toHaveBeenCalledWith("/dashboard?tab=2");
});

test("an untrusted after_auth_return_to is refused", async () => {
  window.history.replaceState(null, "", "/handler/sign-in?after_auth_return_to=https%3A%2F%2Fevil.example%2F");
  const project = { id: PROJECT, display_name: "P", config: { enabled_oauth_providers: [], domains: [{ domain: "https://app.example", handler_path: "/handler" }] } };
  const { app, navigate } = browserApp({ "POST /auth/password/sign-in": [200, tokens], "GET /projects/current": [200, project] });
  await expect(app.signInWithCredential({ email: "a@b.co", password: "12345678" })).rejects.toThrow("Redirect URL https://evil.example/ is not trusted; should be relative.");
  expect(navigate).not.toHaveBeenCalled();
});

test("sign-up in a browser sends the email-verification page as an absolute callback", async () => {
  const { app, calls } = browserApp({ "POST /auth/password/sign-up": [200, tokens] });
  await app.signUpWithCredential({ email: "a@b.co", password: "12345678", noRedirect: true });
  expect(calls[0].body).toEqual({ email: "a@b.co", password: "12345678", verification_callback_url: "http://localhost/handler/email-verification" });
});

test("a required second factor keeps the attempt code in sessionStorage, goes to the MFA page, then throws", async () => {
  const body = JSON.stringify({ code: "MULTI_FACTOR_AUTHENTICATION_REQUIRED", details: { attempt_code: "attempt-123" }, error: "Multi-factor authentication is required for this user." });
  const { app, navigate } = browserApp({
    "POST /auth/password/sign-in": [200, JSON.parse(body), { "x-stack-known-error": "MULTI_FACTOR_AUTHENTICATION_REQUIRED", "x-stack-actual-status": "400" }],
  });
  const error = await app.signInWithCredential({ email: "a@b.co", password: "12345678" }).catch((e: unknown) => e);
  expect(KnownErrors.MultiFactorAuthenticationRequired.isInstance(error)).toBe(true);
  // As plain text under the official SDK's current and older keys, which its MFA pages read.
  expect(sessionStorage.getItem("hexclave_mfa_attempt_code")).toBe("attempt-123");
  expect(sessionStorage.getItem("stack_mfa_attempt_code")).toBe("attempt-123");
  expect(navigate).toHaveBeenCalledWith("/handler/mfa");
});

test('getUser({ or: "redirect" }) adds the current page as the return target', async () => {
  window.history.replaceState(null, "", "/settings?x=1");
  const { app, navigate } = browserApp({});
  void app.getUser({ or: "redirect" });
  await new Promise((r) => setTimeout(r, 10));
  expect(navigate).toHaveBeenCalledWith("/handler/sign-in?after_auth_return_to=%2Fsettings%3Fx%3D1");
});

test("forgot-password and magic-link callbacks default to the handler pages on this site", async () => {
  const { app, calls } = browserApp({ "POST /auth/password/send-reset-code": [200, { success: true }], "POST /auth/otp/send-sign-in-code": [200, { nonce: "n" }] });
  await app.sendForgotPasswordEmail("a@b.co");
  await app.sendMagicLinkEmail("a@b.co");
  expect(calls.map((c) => (c.body as { callback_url: string }).callback_url)).toEqual([
    "http://localhost/handler/password-reset",
    "http://localhost/handler/magic-link-callback",
  ]);
});
