import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK, type JWTPayload } from "jose";
import type { AccessTokenKind } from "../../../src/verify/access-token-claims";

/** Test doubles for local access-token verification: ES256 keys, a JWKS served by an injected fetch, token forging. */

export const BASE = "https://auth.example.test";
export const PID = "5b0c1d2e-3f40-4a51-8b62-7c83d94ea5f6";
export const NOW_S = 1_800_000_000; // a fixed "now" in seconds; verifiers get `now: () => new Date(NOW_S * 1000)`
export const now = () => new Date(NOW_S * 1000);

export interface TestKey {
  kid: string;
  privateKey: CryptoKey;
  jwk: JWK;
}

let counter = 0;
export async function makeKey(kid = `kid-${++counter}`): Promise<TestKey> {
  const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true });
  return { kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: "ES256", use: "sig" } };
}

const FOLDER: Record<AccessTokenKind, string> = { normal: "projects", restricted: "projects-restricted-users", anonymous: "projects-anonymous-users" };
const SUFFIX: Record<AccessTokenKind, string> = { normal: "", restricted: ":restricted", anonymous: ":anon" };

/** The claims the platform puts in a token of `kind`, issued `NOW_S - 60` and expiring ten minutes later. */
export function platformClaims(kind: AccessTokenKind = "normal", projectId = PID): JWTPayload {
  const anonymous = kind === "anonymous";
  return {
    sub: "0d6c2f4e-1a3b-4c5d-8e9f-0a1b2c3d4e5f",
    project_id: projectId,
    branch_id: "main",
    refresh_token_id: "7e8f9a0b-1c2d-4e3f-8a4b-5c6d7e8f9a0b",
    role: "authenticated",
    name: anonymous ? null : "Ada Lovelace",
    email: anonymous ? null : "ada@example.com",
    email_verified: kind === "normal",
    selected_team_id: "2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d",
    signed_up_at: NOW_S - 86_400,
    is_anonymous: anonymous,
    is_restricted: kind !== "normal",
    restricted_reason: kind === "normal" ? null : { type: anonymous ? "anonymous" : "email_not_verified" },
    requires_totp_mfa: false,
    iss: `${BASE}/api/v1/${FOLDER[kind]}/${projectId}`,
    aud: projectId + SUFFIX[kind],
    iat: NOW_S - 60,
    exp: NOW_S + 540,
  };
}

/** Signs `claims` (merged over the platform's claims of `kind`) with `key`; `undefined` values drop a claim. */
export async function forge(key: TestKey, overrides: JWTPayload = {}, kind: AccessTokenKind = "normal"): Promise<string> {
  const claims: JWTPayload = { ...platformClaims(kind), ...overrides };
  for (const name of Object.keys(claims)) if (claims[name] === undefined) delete claims[name];
  return new SignJWT(claims).setProtectedHeader({ alg: "ES256", kid: key.kid }).sign(key.privateKey);
}

/** base64url of a JSON value, for tokens crafted by hand. */
export const b64 = (value: unknown) => Buffer.from(typeof value === "string" ? value : JSON.stringify(value)).toString("base64url");

/**
 * A fake platform JWKS endpoint as an injected `fetch`: `keys[kind]` are published like the platform does
 * (restricted keys only with `include_restricted`, anonymous keys only with `include_anonymous`, which implies
 * restricted). Counts requests; `delayMs` holds every answer; `fail` makes answers fail.
 */
export function jwksServer(keys: Partial<Record<AccessTokenKind, TestKey[]>>) {
  const state = {
    keys,
    urls: [] as string[],
    delayMs: 0,
    fail: null as null | "network" | 404,
    fetch: (async (input: string | URL | Request) => {
      const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
      state.urls.push(url.href);
      if (state.delayMs) await new Promise((r) => setTimeout(r, state.delayMs));
      if (state.fail === "network") throw new TypeError("fetch failed");
      if (state.fail === 404 || url.pathname !== `/api/v1/projects/${PID}/.well-known/jwks.json`) {
        return new Response("Project not found", { status: 404 });
      }
      const anon = url.searchParams.get("include_anonymous") === "true";
      const restricted = anon || url.searchParams.get("include_restricted") === "true";
      const published = [
        ...(state.keys.normal ?? []),
        ...(restricted ? (state.keys.restricted ?? []) : []),
        ...(anon ? (state.keys.anonymous ?? []) : []),
      ];
      return Response.json({ keys: published.map((k) => k.jwk) }, { headers: { "cache-control": "public, max-age=3600" } });
    }) as typeof fetch,
  };
  return state;
}
