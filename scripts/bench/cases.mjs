// The throughput cases of `npm run bench`. Each case runs against a loopback emulator in a child process
// (one per `kdf`, shared by the cases that name it) and returns one table row.
//
// A case:  { name, kdf: "fast" | "scrypt", seconds, run(ctx) → Promise<{rps, p50, p99, requests, non2xx, errors, note?}> }
// ctx:     { em: {url, projectId, keys},               the emulator (url is http://127.0.0.1:<port>)
//            seconds,                                 this case's time budget
//            load({method, path, headers, body}),     autocannon, 10 connections, `seconds` long
//            measure(fn, {concurrency}),              in-process loop of `fn` for `seconds` (for SDK-level cases)
//            signUp(), clientHeaders(accessToken?) }  set-up helpers (plain fetch)
import { clientHeaders } from "./wire.mjs";

/** An autocannon case: `request(ctx)` prepares one request (done once, before the clock starts). */
export function httpCase({ name, kdf, seconds, request }) {
  return {
    name,
    kdf,
    seconds,
    async run(ctx) {
      const req = await request(ctx);
      return ctx.load(req);
    },
  };
}

const signInCase = (kdf, seconds) =>
  httpCase({
    name: `POST /auth/password/sign-in (${kdf} KDF)`,
    kdf,
    seconds,
    request: async (ctx) => {
      const user = await ctx.signUp();
      return {
        method: "POST",
        path: "/api/v1/auth/password/sign-in",
        headers: { ...clientHeaders(ctx.em), "content-type": "application/json" },
        body: JSON.stringify({ email: user.email, password: user.password }),
      };
    },
  });

export const cases = [
  httpCase({
    name: "GET /users/me (signed in)",
    kdf: "fast",
    seconds: 5,
    request: async (ctx) => {
      const user = await ctx.signUp();
      return { method: "GET", path: "/api/v1/users/me", headers: clientHeaders(ctx.em, user.access_token) };
    },
  }),
  signInCase("fast", 5),
  // scrypt is slow by design (and runs on libuv's thread pool), so a shorter run gives a stable figure.
  signInCase("scrypt", 3),

  // ───────────────────────────── EXTENSION POINT ─────────────────────────────
  // Later cases go here, e.g. (the lead's plan):
  //   • SDK overhead vs raw fetch: `{ name: "SDK getUser()", kdf: "fast", seconds: 3, run: (ctx) => ctx.measure(() => app.getUser(), {concurrency: 10}) }`
  //     next to an `httpCase` of the same request, or a `measure` of a bare `fetch`.
  //   • local token verification vs HTTP: `measure` of a JWKS-based verify next to `GET /users/me`.
  // Keep the sum of `seconds` (plus ~1 s set-up per case) within the script's ~60 s budget.
];
