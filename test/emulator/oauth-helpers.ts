import { createHash, randomBytes } from "node:crypto";
import type { RunningEmulator } from "../../src/emulator";
import { call } from "./helpers";

/** The app callback URL the tests use (trusted: the demo project trusts http://localhost:*). */
export const APP_CALLBACK = "http://localhost:3000/handler/oauth-callback";

/** A PKCE verifier and its S256 challenge. */
export function pkce() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

export interface StartOptions {
  provider?: string;
  mode?: "json" | "redirect";
  query?: Record<string, string | undefined>;
}

/** The authorize query the official SDK builds (json mode unless asked otherwise). */
export function authorizeQuery(em: RunningEmulator, o: StartOptions & { challenge: string; state: string }) {
  const q: Record<string, string | undefined> = {
    client_id: em.projectId,
    client_secret: em.keys.publishableClientKey,
    redirect_uri: APP_CALLBACK,
    scope: "legacy",
    state: o.state,
    grant_type: "authorization_code",
    code_challenge: o.challenge,
    code_challenge_method: "S256",
    response_type: "code",
    type: "authenticate",
    error_redirect_url: "http://localhost:3000/handler/error",
    ...(o.mode === "redirect" ? {} : { stack_response_mode: "json" }),
    ...o.query,
  };
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined) params.set(k, v);
  return params;
}

/** Calls the authorize endpoint without following redirects. */
export async function authorize(em: RunningEmulator, o: StartOptions = {}) {
  const { verifier, challenge } = pkce();
  const state = randomBytes(8).toString("hex");
  const res = await fetch(`${em.url}/api/v1/auth/oauth/authorize/${o.provider ?? "github"}?${authorizeQuery(em, { ...o, challenge, state })}`, {
    redirect: "manual",
  });
  const text = await res.text();
  const location = o.mode === "redirect" ? res.headers.get("location") : res.status === 200 ? (JSON.parse(text) as { location: string }).location : null;
  const cookie = res.headers.get("set-cookie")?.split(";")[0];
  return { res, text, location: location ?? null, cookie, verifier, state };
}

/** Goes through the mock provider's non-interactive path; returns where it sends the browser. */
export async function consent(providerUrl: string, o: { email?: string; name?: string; emailVerified?: boolean; deny?: boolean } = {}) {
  const url = new URL(providerUrl);
  url.searchParams.set("auto", "1");
  if (o.email) url.searchParams.set("login_hint", o.email);
  if (o.name) url.searchParams.set("name", o.name);
  if (o.emailVerified === false) url.searchParams.set("email_verified", "false");
  if (o.deny) url.searchParams.set("deny", "1");
  const res = await fetch(url, { redirect: "manual" });
  expect(res.status).toBe(302);
  return res.headers.get("location")!;
}

/** Calls the platform callback (as the browser would), optionally with the inner-state cookie. */
export async function callback(url: string, cookie?: string) {
  const res = await fetch(url, { redirect: "manual", headers: cookie ? { cookie } : {} });
  return { res, status: res.status, location: res.headers.get("location"), text: await res.text() };
}

/** Exchanges an authorization code at the token endpoint the way the SDK does (form, client credentials). */
export function exchange(em: RunningEmulator, code: string, verifier: string, redirectUri = APP_CALLBACK, extra: Record<string, string> = {}) {
  return call(em, "/auth/oauth/token", {
    access: null,
    projectId: null,
    form: {
      grant_type: "authorization_code",
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
      client_id: em.projectId,
      client_secret: em.keys.publishableClientKey,
      ...extra,
    },
  });
}

/** Runs the whole flow up to the app callback URL (code + state), returning it with the verifier. */
export async function codeFor(em: RunningEmulator, o: StartOptions & { email?: string; name?: string; emailVerified?: boolean } = {}) {
  const start = await authorize(em, o);
  expect(start.location).toBeTruthy();
  const back = await consent(start.location!, o);
  const cb = await callback(back, start.cookie);
  return { ...start, callback: cb, appUrl: cb.location ? new URL(cb.location) : null };
}

/** The full flow: authorize (json mode) → mock provider → callback → token exchange. */
export async function oauthSignIn(em: RunningEmulator, o: StartOptions & { email?: string; name?: string; emailVerified?: boolean } = {}) {
  const flow = await codeFor(em, o);
  expect(flow.callback.status).toBe(303);
  const code = flow.appUrl!.searchParams.get("code")!;
  expect(flow.appUrl!.searchParams.get("state")).toBe(flow.state);
  const token = await exchange(em, code, flow.verifier);
  return { ...flow, code, token };
}
