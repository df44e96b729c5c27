// SDK-level measurements of `npm run bench`, against a loopback emulator in a child process:
//   1. local access-token verification (ServerApp.verifyAccessToken) vs fetching the same user over HTTP;
//   2. SDK overhead: N sequential ServerApp.listUsers({ limit: 1 }) vs the same requests with a bare fetch.
// Both sides of each comparison run in this process, one after the other, against the same emulator.
import { randomUUID } from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { clientHeaders, signUp } from "./wire.mjs";

/** A fresh sign-in of `user`: a new session and a new access token. */
async function signIn(em, user) {
  const res = await fetch(`${em.url}/api/v1/auth/password/sign-in`, {
    method: "POST",
    headers: { ...clientHeaders(em), "content-type": "application/json" },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`);
  return res.json();
}

const perSecond = (count, ms) => (count * 1000) / ms;

async function timed(count, fn) {
  const started = performance.now();
  for (let i = 0; i < count; i++) await fn(i);
  return performance.now() - started;
}

/**
 * Runs the SDK cases against `em` with the built package in `root/dist`; returns table rows
 * `{ name, count, ms, perSecond, ratio? }` and the two ratios.
 */
export async function sdkCases(em, root, { verifications = 20_000, freshTokens = 2_000, httpReads = 1_000, listCalls = 4_000 } = {}) {
  const { ServerApp } = await import(pathToFileURL(path.join(root, "dist", "browser", "index.js")).href);
  const server = new ServerApp({
    projectId: em.projectId,
    baseUrl: em.url,
    secretServerKey: em.keys.secretServerKey,
    publishableClientKey: em.keys.publishableClientKey,
    tokenStore: null,
  });
  const user = await signUp(em);
  const rows = [];

  // 1. Local verification vs HTTP, same token. The verifier remembers a token it has verified (only its expiry is
  //    checked again), so also measure distinct tokens, each needing the full ES256 signature check.
  for (let i = 0; i < 500; i++) await server.verifyAccessToken(user.access_token); // warm-up (fetches the JWKS once)
  const verifyMs = await timed(verifications, () => server.verifyAccessToken(user.access_token));
  const distinct = [];
  for (let i = 0; i < freshTokens; i++) distinct.push((await signIn(em, user)).access_token);
  const freshMs = await timed(freshTokens, (i) => server.verifyAccessToken(distinct[i]));
  const headers = clientHeaders(em, user.access_token);
  const httpMs = await timed(httpReads, async () => {
    const res = await fetch(`${em.url}/api/v1/users/me`, { headers });
    if (res.status !== 200) throw new Error(`GET /users/me answered ${res.status}`);
    await res.arrayBuffer();
  });
  const verifyRate = perSecond(verifications, verifyMs);
  const httpRate = perSecond(httpReads, httpMs);
  rows.push({ name: "verifyAccessToken, same token (remembered)", count: verifications, ms: verifyMs, perSecond: verifyRate });
  rows.push({ name: "verifyAccessToken, a new token each call (ES256)", count: freshTokens, ms: freshMs, perSecond: perSecond(freshTokens, freshMs) });
  rows.push({ name: "GET /users/me over HTTP (same token, sequential)", count: httpReads, ms: httpMs, perSecond: httpRate });

  // 2. SDK overhead: each call asks for a different query, so every call is a real request (no cache hit),
  //    and the bare-fetch loop sends the very same requests.
  const serverHeaders = {
    "x-stack-override-error-status": "true",
    "x-stack-project-id": em.projectId,
    "x-stack-access-type": "server",
    "x-stack-client-version": "js bench@0.0.0",
    "x-stack-allow-anonymous-user": "true",
    "x-stack-publishable-client-key": em.keys.publishableClientKey,
    "x-stack-secret-server-key": em.keys.secretServerKey,
  };
  // The same headers the SDK sends (a fresh nonce each time), so the server does the same work for both.
  const raw = (i) =>
    fetch(`${em.url}/api/v1/users?limit=1&query=bench-${i}`, {
      headers: { ...serverHeaders, "x-stack-random-nonce": randomUUID().replace(/-/g, "") },
      credentials: "omit",
      cache: "no-store",
    }).then(async (res) => {
      if (res.status !== 200) throw new Error(`GET /users answered ${res.status}`);
      return res.json();
    });
  const viaSdk = (i) => server.listUsers({ limit: 1, query: `bench-${i}` });
  // Warm both paths up (JIT, connection pool) before timing.
  for (let i = 0; i < 1_000; i++) {
    await raw(-i - 1);
    await viaSdk(-i - 1);
  }
  // Alternate blocks of 100 calls (ABBA order) so drift in the machine's load affects both sides alike.
  let rawMs = 0;
  let sdkMs = 0;
  const block = 100;
  for (let start = 0; start < listCalls; start += 2 * block) {
    const first = (start / (2 * block)) % 2 === 0;
    const run = (fn, offset) => timed(block, (i) => fn(start + offset + i));
    if (first) {
      rawMs += await run(raw, 0);
      sdkMs += await run(viaSdk, block);
    } else {
      sdkMs += await run(viaSdk, 0);
      rawMs += await run(raw, block);
    }
  }
  const each = listCalls / 2;
  rows.push({ name: "GET /users?limit=1 with a bare fetch", count: each, ms: rawMs, perSecond: perSecond(each, rawMs) });
  rows.push({ name: "ServerApp.listUsers({ limit: 1 })", count: each, ms: sdkMs, perSecond: perSecond(each, sdkMs) });

  return { rows, verifyRatio: verifyRate / httpRate, freshRatio: perSecond(freshTokens, freshMs) / httpRate, overheadRatio: sdkMs / rawMs };
}
