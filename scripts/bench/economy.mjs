// Request economy of `npm run bench`: HTTP requests counted at the emulator's GET /emulator/stats, with the built
// package (dist/browser/index.js, what an import of latchkey loads) against an in-process emulator (dist/emulator.js):
//   1. 100 concurrent getUser() on one ClientApp → requests (target 1);
//   2. 1,000 concurrent authenticated calls (900 setClientMetadata writes, 100 reads of four kinds) across an
//      access-token expiry → refreshes (target 1) and failed calls (target 0);
//   3. a sign-in, then the first getUser() → round trips (target 2).
// The expiry: `Date` is shifted ahead past the token's lifetime (for the SDK, the emulator and its JWT checks,
// all in this process) once half the calls are on the wire, then restored.
import path from "node:path";
import { pathToFileURL } from "node:url";

const PASSWORD = "correct horse battery";
const TTL_SECONDS = 60;

/** Replaces the global `Date` with one running `offset` ms ahead of the real clock; returns the setter and a restore. */
function shiftableDate() {
  const RealDate = globalThis.Date;
  let offset = 0;
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...args);
    }
    static now() {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = ShiftedDate;
  return { shift: (ms) => void (offset += ms), restore: () => void (globalThis.Date = RealDate) };
}

/**
 * Runs the three cases with `startEmulator` (dist/emulator.js) and the package in `root/dist`; returns table rows
 * `{ name, measured, target, unit, met }`.
 */
export async function economyCases(startEmulator, root) {
  const clock = shiftableDate();
  const em = await startEmulator({ port: 0, host: "127.0.0.1", passwordHashing: "fast", quiet: true, accessTokenTtlSeconds: TTL_SECONDS });
  try {
    const { ClientApp } = await import(pathToFileURL(path.join(root, "dist", "browser", "index.js")).href);
    const newApp = () =>
      new ClientApp({ projectId: em.projectId, publishableClientKey: em.keys.publishableClientKey, baseUrl: em.url, tokenStore: "memory" });
    const stats = async () => (await fetch(`${em.url}/emulator/stats`)).json();
    const reset = () => fetch(`${em.url}/emulator/stats`, { method: "DELETE" });
    const requestsTo = (s, route) => s.routes[route]?.requests ?? 0;
    let n = 0;
    const signedIn = async () => {
      const email = `economy-${Date.now().toString(36)}-${++n}@example.com`;
      const signer = newApp();
      const up = await signer.signUpWithCredential({ email, password: PASSWORD, noRedirect: true, noVerificationCallback: true });
      if (up.status !== "ok") throw new Error(`sign-up failed: ${up.error?.message}`);
      const app = newApp();
      await reset();
      const result = await app.signInWithCredential({ email, password: PASSWORD, noRedirect: true });
      if (result.status !== "ok") throw new Error(`sign-in failed: ${result.error?.message}`);
      return app;
    };
    const rows = [];

    // 3 (measured first: it starts right after a sign-in).
    let app = await signedIn();
    await app.getUser({ or: "throw" });
    rows.push({ name: "sign-in, then the first getUser() → round trips", measured: (await stats()).totals.requests, target: 2 });

    // 1.
    await reset();
    await Promise.all(Array.from({ length: 100 }, () => app.getUser({ or: "throw" })));
    rows.push({ name: "100 concurrent getUser() → HTTP requests", measured: (await stats()).totals.requests, target: 1 });

    // 2.
    app = await signedIn();
    const user = await app.getUser({ or: "throw" });
    await reset();
    const reads = [() => app.getUser({ or: "throw" }), () => user.listContactChannels(), () => user.getActiveSessions(), () => user.listTeams()];
    const call = (i) => (i % 10 === 0 ? reads[(i / 10) % reads.length]() : user.setClientMetadata({ call: i })).then(() => true, () => false);
    const first = Array.from({ length: 500 }, (_, i) => call(i));
    while ((em.stats.toJSON().routes["PATCH /users/me"]?.requests ?? 0) < 50) await new Promise((r) => setImmediate(r));
    clock.shift((TTL_SECONDS + 1) * 1000);
    const second = Array.from({ length: 500 }, (_, i) => call(500 + i));
    const outcomes = await Promise.all([...first, ...second]);
    const s = await stats();
    const refused = s.routes["PATCH /users/me"]?.responses["401"] ?? 0;
    rows.push({
      name: `1,000 calls across a token expiry → refreshes (${refused} refused as expired, sent again)`,
      measured: requestsTo(s, "POST /auth/oauth/token"),
      target: 1,
    });
    rows.push({ name: "1,000 calls across a token expiry → failed calls", measured: outcomes.filter((ok) => !ok).length, target: 0 });
    return rows.map((r) => ({ ...r, met: r.measured <= r.target ? "yes" : "NO" }));
  } finally {
    clock.restore();
    await em.stop();
  }
}
