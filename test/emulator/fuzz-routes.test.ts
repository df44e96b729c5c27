import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { RunningEmulator } from "../../src/emulator";
import { serializeSnapshot } from "../../src/emulator/store/persistence";
import { internalAdminToken } from "./fuzz/fixture";
import { fuzzRoutes, type FuzzRun } from "./fuzz/run";
import { call, startTestEmulator } from "./helpers";

/**
 * A seeded, bounded fuzz test over EVERY route of the emulator's route table (the router's own list, so a new route
 * is fuzzed the day it is added): random path ids, query strings, headers and bodies of every content type, plus
 * hostile requests (JSON nested 100,000 levels, a field past the depth limit, a body over the size limit, broken
 * JSON, `__proto__` keys). Every answer must be below 500 and every error in the platform's shape; hostile requests
 * must be refused. Afterwards the emulator must still serve reads, its state must save and load, and no prototype
 * may be polluted. A second, shorter run does the same with a data file (every change saved as it happens).
 *
 * Reproduce a failure with the seed it prints: `LATCHKEY_FUZZ_SEED=<seed> npx jest test/emulator/fuzz-routes.test.ts`
 * (the default seed is fixed, so CI runs the same requests each time; `LATCHKEY_FUZZ_SEED=random` picks a new one).
 * `LATCHKEY_FUZZ_RUNS` sets the random requests per route (default 12) and `LATCHKEY_FUZZ_BUDGET_MS` the time budget
 * of each run (default 25 s) for longer campaigns, `LATCHKEY_FUZZ_ONLY` a pattern of route names (e.g.
 * `^POST /teams$`); `LATCHKEY_FUZZ_VERBOSE=1` prints the counts.
 */

// A fixed default seed keeps CI reproducible; a campaign sets LATCHKEY_FUZZ_SEED (or `random`) to explore further.
const SEED_ENV = process.env.LATCHKEY_FUZZ_SEED;
const SEED = SEED_ENV === "random" ? Math.floor(Math.random() * 2 ** 31) : Number(SEED_ENV ?? 20261124);
const RUNS = Number(process.env.LATCHKEY_FUZZ_RUNS ?? 12);
/** Each run stops sending (and still checks what it sent) past this budget, so the file always ends well under a minute. */
const BUDGET_MS = Number(process.env.LATCHKEY_FUZZ_BUDGET_MS ?? 25_000);
const VERBOSE = !!process.env.LATCHKEY_FUZZ_VERBOSE;
const ONLY = process.env.LATCHKEY_FUZZ_ONLY ? new RegExp(process.env.LATCHKEY_FUZZ_ONLY) : null;
/**
 * Routes the fuzz leaves alone, each on purpose: fault rules make the emulator answer 5xx by design, a webhook
 * endpoint makes it POST to the URL it names (the fuzz never aims traffic off this machine), the outbox wait holds a
 * request for up to 10 s by design, and a reset throws away the users and teams the fuzz made to aim at.
 */
const EXCLUDED = new Set(["POST /emulator/faults", "POST /emulator/webhook-endpoints", "GET /emulator/outbox/wait", "POST /emulator/reset"]);

/**
 * The body limit of the fuzzed emulators: each route gets a body one byte over it, so the default (16 MiB) would spend
 * the time budget on sending bytes; the limit's own behaviour is tested in request-body-size.test.ts.
 */
const FUZZ_MAX_BODY_BYTES = 1024 * 1024;

jest.setTimeout(120_000);

function report(label: string, run: FuzzRun): void {
  if (!VERBOSE) return;
  console.log(
    `fuzz ${label} seed ${SEED}: ${run.sent} requests over ${run.routes} routes in ${run.elapsedMs} ms` +
      `${run.outOfTime ? " (stopped by the time budget)" : ""}, fixture rebuilt ${run.rebuilt} times, statuses ${JSON.stringify(run.statuses)}`,
    run.errors,
  );
}

function expectClean(run: FuzzRun, prototypeKeys: string[]): void {
  expect(run.failures).toEqual([]);
  expect(run.sent).toBeGreaterThanOrEqual(Math.min(run.routes * 3, 1000));
  // nothing reached a prototype
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
}

describe(`route fuzz (seed ${SEED})`, () => {
  const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();

  test("every route answers random and hostile requests in the platform's error shape, never a 5xx; later reads work", async () => {
    const em = await startTestEmulator({ maxBodyBytes: FUZZ_MAX_BODY_BYTES });
    try {
      const run = await fuzzRoutes(em, { seed: SEED, runs: RUNS, budgetMs: BUDGET_MS, excluded: EXCLUDED, only: ONLY, verbose: VERBOSE });
      report("memory", run);
      expectClean(run, prototypeKeys);
      await laterReadsWork(em);
      await savesAndLoads(em);
    } finally {
      await em.stop();
    }
  });

  test("with a data file, every change the fuzz makes is saved and the state loads back", async () => {
    const dir = mkdtempSync(join(tmpdir(), "latchkey-fuzz-data-"));
    const file = join(dir, "state.json");
    try {
      const em = await startTestEmulator({ dataFile: file, maxBodyBytes: FUZZ_MAX_BODY_BYTES });
      let ids: string[];
      try {
        const run = await fuzzRoutes(em, { seed: SEED + 1_000_003, runs: Math.max(1, Math.ceil(RUNS / 4)), budgetMs: BUDGET_MS / 2, excluded: EXCLUDED, only: ONLY, verbose: VERBOSE });
        report("data file", run);
        expectClean(run, prototypeKeys);
        ids = userIds(await call(em, "/users?limit=200", { access: "server" }));
      } finally {
        await em.stop();
      }
      const again = await startTestEmulator({ dataFile: file });
      try {
        expect(userIds(await call(again, "/users?limit=200", { access: "server" }))).toEqual(ids);
        await laterReadsWork(again);
      } finally {
        await again.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

function userIds(r: { json: { items: { id: string }[] } }): string[] {
  return r.json.items.map((u) => u.id);
}

/** After the fuzz: the demo project, every project the fuzz touched and the internal project all read back. */
async function laterReadsWork(em: RunningEmulator): Promise<void> {
  const problems: string[] = [];
  const expectOk = async (what: string, r: Promise<{ status: number; text: string }>) => {
    const res = await r;
    if (res.status !== 200 && res.status !== 201) problems.push(`[seed ${SEED}] ${what}: ${res.status} ${res.text.slice(0, 300)}`);
    return res;
  };
  await expectOk("demo project read", call(em, "/projects/current"));
  const email = `after-fuzz-${Date.now()}@example.com`;
  await expectOk("demo server user creation", call(em, "/users", { access: "server", body: { primary_email: email, password: "password123", primary_email_auth_enabled: true } }));
  const signIn = await expectOk("demo password sign-in", call(em, "/auth/password/sign-in", { body: { email, password: "password123" } }));
  if (signIn.status === 200) await expectOk("demo /users/me", call(em, "/users/me", { accessToken: JSON.parse(signIn.text).access_token }));
  const admin = await internalAdminToken(em);
  const projects = await expectOk("internal projects list", call(em, "/internal/projects", { projectId: "internal", accessToken: admin }));
  for (const p of (JSON.parse(projects.text).items ?? []) as { id: string }[]) {
    const o = { projectId: p.id, access: "admin" as const, headers: { "x-stack-admin-access-token": admin } };
    await expectOk(`users of ${p.id}`, call(em, "/users?limit=200", o));
    await expectOk(`teams of ${p.id}`, call(em, "/teams", o));
    await expectOk(`config of ${p.id}`, call(em, "/internal/config", o));
    await expectOk(`project ${p.id}`, call(em, "/internal/projects/current", o));
  }
  expect(problems).toEqual([]);
}

/** The in-memory state saves as a data file, and an emulator started from it serves the same users. */
async function savesAndLoads(em: RunningEmulator): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "latchkey-fuzz-"));
  try {
    const file = join(dir, "state.json");
    writeFileSync(file, serializeSnapshot(em.core.store.toJSON()));
    const again = await startTestEmulator({ dataFile: file });
    try {
      expect(userIds(await call(again, "/users?limit=200", { access: "server" }))).toEqual(userIds(await call(em, "/users?limit=200", { access: "server" })));
    } finally {
      await again.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
