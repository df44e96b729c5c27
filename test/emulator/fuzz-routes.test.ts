import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { RunningEmulator } from "../../src/emulator";
import { serializeSnapshot } from "../../src/emulator/store/persistence";
import { answerProblem, describeFailure, send } from "./fuzz/check";
import { createFixture, fixtureIntact, internalAdminToken, type FuzzFixture } from "./fuzz/fixture";
import { hostileRequests } from "./fuzz/hostile";
import { randomRequests } from "./fuzz/requests";
import { call, startTestEmulator } from "./helpers";

/**
 * A seeded, bounded fuzz test over EVERY route of the emulator's route table (the router's own list, so a new route
 * is fuzzed the day it is added): random path ids, query strings, headers and bodies of every content type, plus
 * hostile requests (JSON nested 100,000 levels, a field past the depth limit, a body over the size limit, broken
 * JSON, `__proto__` keys). Every answer must be below 500 and every error in the platform's shape; hostile requests
 * must be refused. Afterwards the emulator must still serve reads, its state must save and load, and no prototype
 * may be polluted.
 *
 * Reproduce a failure with the seed it prints: `LATCHKEY_FUZZ_SEED=<seed> npx jest test/emulator/fuzz-routes.test.ts`.
 * `LATCHKEY_FUZZ_RUNS` sets the random requests per route (default 12) and `LATCHKEY_FUZZ_BUDGET_MS` the time budget
 * (default 35 s) for longer campaigns, `LATCHKEY_FUZZ_ONLY` a pattern of route names (e.g. `^POST /teams$`);
 * `LATCHKEY_FUZZ_VERBOSE=1` prints the counts.
 */

const SEED = Number(process.env.LATCHKEY_FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const RUNS = Number(process.env.LATCHKEY_FUZZ_RUNS ?? 12);
/** The run stops sending (and still checks what it sent) past this budget, so it always ends well under a minute. */
const BUDGET_MS = Number(process.env.LATCHKEY_FUZZ_BUDGET_MS ?? 35_000);
/**
 * Routes the fuzz leaves alone, each on purpose: fault rules make the emulator answer 5xx by design, and a webhook
 * endpoint makes it POST to the URL it names (the fuzz never aims traffic off this machine).
 */
const EXCLUDED = new Set(["POST /emulator/faults", "POST /emulator/webhook-endpoints"]);

jest.setTimeout(90_000);

let em: RunningEmulator;
beforeAll(async () => {
  em = await startTestEmulator();
});
afterAll(() => em.stop());

test(`every route answers random and hostile requests with a 4xx in the platform's shape, never a 5xx (seed ${SEED})`, async () => {
  const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
  let fx: FuzzFixture = await createFixture(em);
  const only = process.env.LATCHKEY_FUZZ_ONLY ? new RegExp(process.env.LATCHKEY_FUZZ_ONLY) : null;
  const routes = em.core.router.list().filter((r) => !EXCLUDED.has(r.name) && (!only || only.test(r.name)));
  const failures: string[] = [];
  let sent = 0;
  let rebuilt = 0;
  const statuses: Record<number, number> = {};
  const codes: Record<string, number> = {};
  const started = Date.now();
  outer: for (const [i, { def, name }] of routes.entries()) {
    if (!fixtureIntact(em, fx)) {
      fx = await createFixture(em);
      rebuilt += 1;
    }
    const requests = [...randomRequests(fx, def, SEED + i, RUNS), ...hostileRequests(fx, def, em.settings.maxBodyBytes)];
    for (const req of requests) {
      if (Date.now() - started > BUDGET_MS) break outer;
      const answer = await send(em.url, req);
      sent += 1;
      if (typeof answer !== "string") {
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        if (process.env.LATCHKEY_FUZZ_VERBOSE && answer.status >= 400) {
          const code = answer.headers.get("x-stack-known-error");
          const k = code === "SCHEMA_ERROR" ? (answer.body.toString("utf8").split("\\n  - ")[1] ?? "").replace(/[0-9a-f-]{36}|"[^"]*"|`[^`]*`/g, "*").slice(0, 70) : `${answer.status} ${code ?? answer.body.toString("utf8").slice(0, 60)}`;
          codes[k] = (codes[k] ?? 0) + 1;
        }
      }
      const problem = typeof answer === "string" ? answer : answerProblem(req, answer, def.scope ?? "api");
      if (problem) failures.push(describeFailure(SEED, name, req, problem));
      if (failures.length >= 25) break outer;
    }
  }
  const elapsed = Date.now() - started;
  if (process.env.LATCHKEY_FUZZ_VERBOSE) console.log(`fuzz seed ${SEED}: ${sent} requests over ${routes.length} routes in ${elapsed} ms (fixture rebuilt ${rebuilt} times), statuses ${JSON.stringify(statuses)}`, Object.entries(codes).sort((a, b) => b[1] - a[1]).slice(0, 25));
  expect(failures).toEqual([]);
  expect(sent).toBeGreaterThanOrEqual(Math.min(routes.length * 3, 1000));
  // nothing reached a prototype
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  await laterReadsWork(em);
});

/** After the fuzz: the demo project, the fuzzed state and the internal project all read back, and the state saves and loads. */
async function laterReadsWork(em: RunningEmulator): Promise<void> {
  const problems: string[] = [];
  const expectOk = async (what: string, r: Promise<{ status: number; text: string }>) => {
    const res = await r;
    if (res.status !== 200 && res.status !== 201) problems.push(`[seed ${SEED}] ${what}: ${res.status} ${res.text.slice(0, 300)}`);
    return res;
  };
  await expectOk("demo project read", call(em, "/projects/current"));
  const created = await expectOk("demo server user creation", call(em, "/users", { access: "server", body: { primary_email: `after-fuzz-${Date.now()}@example.com`, password: "password123", primary_email_auth_enabled: true } }));
  const signIn = await expectOk("demo password sign-in", call(em, "/auth/password/sign-in", { body: { email: JSON.parse(created.text).primary_email, password: "password123" } }));
  await expectOk("demo /users/me", call(em, "/users/me", { accessToken: JSON.parse(signIn.text).access_token }));
  // every project the fuzz touched: all its users, teams and its config are served
  const admin = await internalAdminToken(em);
  const projects = await expectOk("internal projects list", call(em, "/internal/projects", { projectId: "internal", accessToken: admin }));
  for (const p of JSON.parse(projects.text).items as { id: string }[]) {
    const o = { projectId: p.id, access: "admin" as const, headers: { "x-stack-admin-access-token": admin } };
    await expectOk(`users of ${p.id}`, call(em, "/users?limit=200", o));
    await expectOk(`teams of ${p.id}`, call(em, "/teams", o));
    await expectOk(`config of ${p.id}`, call(em, "/internal/config", o));
    await expectOk(`project ${p.id}`, call(em, "/internal/projects/current", o));
  }
  expect(problems).toEqual([]);
  // the state saves and loads: a new emulator started from it serves the same users
  const dir = mkdtempSync(join(tmpdir(), "latchkey-fuzz-"));
  try {
    const file = join(dir, "state.json");
    writeFileSync(file, serializeSnapshot(em.core.store.toJSON()));
    const again = await startTestEmulator({ dataFile: file });
    try {
      const before = await call(em, "/users?limit=200", { access: "server" });
      const after = await call(again, "/users?limit=200", { access: "server" });
      expect(after.status).toBe(200);
      expect(after.json.items.map((u: { id: string }) => u.id)).toEqual(before.json.items.map((u: { id: string }) => u.id));
    } finally {
      await again.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
