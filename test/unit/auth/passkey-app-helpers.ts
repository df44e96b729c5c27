import { installFakeWebAuthn } from "../../helpers/fake-webauthn";
import type { FakeWebAuthn } from "../../helpers/fake-webauthn";
// A browser ClientApp whose fetch answers from a table, for the passkey and MFA unit tests (jsdom).
import { ClientApp } from "../../../src/index";
import type { ClientAppOptions } from "../../../src/index";
import { PROJECT } from "../../helpers/http";
import { fakeAccessToken, fakeRefreshToken } from "../../helpers/tokens";
import { userJson } from "../../helpers/wire";

export const SENTINEL = "THIS_VALUE_WILL_BE_REPLACED.example.com";
export type Answer = readonly [number, unknown, Record<string, string>?];
export type Call = { path: string; method: string; body: unknown };

const b64url = (s: string | Uint8Array) => Buffer.from(s).toString("base64url");

/** Creation options as the platform sends them (sentinel RP id), with `over` on top. */
export const creationOptions = (over: Record<string, unknown> = {}) => ({
  rp: { name: "Demo", id: SENTINEL },
  user: { id: b64url("3f1e0a52-0000-4000-8000-000000000001"), name: "ada@example.com", displayName: "ada@example.com" },
  challenge: b64url("registration-challenge"),
  pubKeyCredParams: [{ alg: -7, type: "public-key" }],
  timeout: 60000,
  attestation: "none",
  excludeCredentials: [],
  authenticatorSelection: { residentKey: "required", requireResidentKey: true, userVerification: "preferred" },
  ...over,
});

/** Request options as the platform sends them (sentinel RP id). */
export const requestOptions = (over: Record<string, unknown> = {}) => ({
  rpId: SENTINEL,
  challenge: b64url("authentication-challenge"),
  allowCredentials: [],
  userVerification: "preferred",
  timeout: 60000,
  ...over,
});

export const tokens = () => ({ access_token: fakeAccessToken(600), refresh_token: fakeRefreshToken("r"), user_id: "u1", is_new_user: false });
export const CODE = "c".repeat(45);

/** A known-error answer as the platform sends it (status in `x-stack-actual-status`). */
export const knownError = (code: string, status = 400, details?: object, message = `${code} said the platform`): Answer => [
  200,
  { code, ...(details ? { details } : {}), error: message },
  { "x-stack-known-error": code, "x-stack-actual-status": String(status) },
];

/**
 * A cookie-store browser app (navigation recorded, not performed) whose requests are answered from `routes`
 * (`"POST /auth/passkey/register"` → answer, or a list of answers used in turn).
 */
export function browserApp(table: Record<string, Answer | Answer[]>, options: ClientAppOptions = {}) {
  // A refresh answers a new access token: a change to the user (a registered passkey) marks the old one stale.
  const refreshed: Answer = [200, { access_token: fakeAccessToken(600) }];
  const routes: Record<string, Answer | Answer[]> = {
    "POST /auth/password/sign-in": [200, tokens()],
    "GET /users/me": me(),
    "POST /auth/oauth/token": refreshed,
    ...table,
  };
  // JSON bodies, and the refresh's form body, as objects.
  const bodyOf = (text: string): unknown => (text.startsWith("{") ? JSON.parse(text) : Object.fromEntries(new URLSearchParams(text)));
  const calls: Call[] = [];
  const navigate = jest.fn();
  const fetchImpl = (async (url: string, init: RequestInit) => {
    const path = new URL(url).pathname.replace("/api/v1", "");
    const method = init.method ?? "GET";
    calls.push({ path, method, body: init.body ? bodyOf(String(init.body)) : undefined });
    const route = routes[`${method} ${path}`];
    const [status, body, headers] = (Array.isArray(route?.[0]) ? (route as Answer[]).shift() : (route as Answer | undefined)) ?? [404, "no route"];
    return new Response(typeof body === "string" ? body : JSON.stringify(body), {
      status,
      headers: { "content-type": typeof body === "string" ? "text/plain" : "application/json", ...headers },
    });
  }) as unknown as typeof fetch;
  const app = new ClientApp({
    projectId: PROJECT,
    baseUrl: "https://api.example.test",
    tokenStore: "cookie",
    fetch: fetchImpl,
    redirectMethod: { navigate },
    noAutomaticPrefetch: true,
    ...options,
  });
  const posts = (path: string) => calls.filter((c) => c.method === "POST" && c.path === path);
  return { app, calls, navigate, posts };
}

/** Signs the app in with a password (answered by the default route) and returns the user (default `GET /users/me`). */
export async function signedInUser(app: ClientApp) {
  await app.signInWithCredential({ email: "ada@example.com", password: "correct horse", noRedirect: true });
  return app.getUser({ or: "throw" });
}

export const me = (over: Record<string, unknown> = {}): Answer => [200, userJson(over)];

/** Clears cookies, sessionStorage and the address between tests. */
export function resetPage() {
  for (const c of document.cookie.split(";")) document.cookie = `${c.split("=")[0].trim()}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  sessionStorage.clear();
  window.history.replaceState(null, "", "/");
}

/**
 * Installs the fake authenticator before each test of the calling file and removes it (and resets the page)
 * after; returns a getter for the current one.
 */
export function useFakeWebAuthn(): () => FakeWebAuthn {
  let webauthn: FakeWebAuthn;
  beforeEach(() => {
    webauthn = installFakeWebAuthn();
  });
  afterEach(() => {
    webauthn.remove();
    resetPage();
  });
  return () => webauthn;
}
