import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { RunningEmulator } from "../../src/emulator";
import { subscriptionsOf } from "../../src/emulator/domain/payments-ledger";
import { call, freshEmail, startTestEmulator } from "./helpers";

// Team seats are acknowledged writes: the plans (apps/backend/src/app/api/latest/teams/crud.tsx grants `free` to a new
// team of the internal project) and the quantity changes (payments/items/…/update-quantity/route.ts) survive a restart.
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "latchkey-seats-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const internal = { projectId: "internal" } as const;
const seats = async (em: RunningEmulator, teamId: string) =>
  (await call(em, `/payments/items/team/${teamId}/dashboard_admins`, { ...internal, access: "server" })).json.quantity;

async function dashboardTeam(em: RunningEmulator) {
  const r = await call(em, "/auth/password/sign-up", { ...internal, body: { email: freshEmail("seat"), password: "password123" } });
  return (await call(em, "/users/me", { ...internal, accessToken: r.json.access_token })).json.selected_team_id as string;
}

test("plans and seat changes survive a restart", async () => {
  const file = join(dir, "state.json");
  const first = await startTestEmulator({ dataFile: file });
  const teamId = await dashboardTeam(first);
  const r = await call(first, `/payments/items/team/${teamId}/dashboard_admins/update-quantity?allow_negative=false`, { ...internal, access: "server", body: { delta: 3 } });
  expect(r.status).toBe(200);
  const products = (await call(first, `/payments/products/team/${teamId}`, { ...internal, access: "server" })).json;
  await first.stop();

  const second = await startTestEmulator({ dataFile: file });
  try {
    expect(await seats(second, teamId)).toBe(4);
    expect((await call(second, `/payments/products/team/${teamId}`, { ...internal, access: "server" })).json).toEqual(products);
  } finally {
    await second.stop();
  }
});

test("a state saved before the plans existed gets them on start (the same ones on every start) and saves them with the first request", async () => {
  const file = join(dir, "state.json");
  const first = await startTestEmulator({ dataFile: file });
  const teamId = await dashboardTeam(first);
  const adminTeamId = (await call(first, `/users/${first.internal.adminUser.id}`, { ...internal, access: "server" })).json.selected_team_id;
  await first.stop();
  // what an earlier version saved: no payments records, no payments config on the internal project
  const saved = JSON.parse(readFileSync(file, "utf8"));
  delete saved.extra.payments;
  for (const layers of saved.extra["config-layers"] ?? []) delete layers.branch.payments;
  writeFileSync(file, JSON.stringify(saved));

  const products = async (em: RunningEmulator, id: string) => (await call(em, `/payments/products/team/${id}`, { ...internal, access: "server" })).json;
  const subscriptionIds = (em: RunningEmulator) =>
    [teamId, adminTeamId].map((id) => subscriptionsOf(em.core.store, "internal", "team", id).map((sub) => sub.id));
  // started and stopped without a request: nothing is written, and the plans it granted are derived from the teams
  const second = await startTestEmulator({ dataFile: file });
  const granted = subscriptionIds(second);
  await second.stop();
  expect(granted.map((ids) => ids.length)).toEqual([1, 1]);
  expect(JSON.parse(readFileSync(file, "utf8")).extra.payments).toBeUndefined();

  const third = await startTestEmulator({ dataFile: file });
  let before: unknown;
  try {
    expect(subscriptionIds(third)).toEqual(granted);
    expect(await seats(third, teamId)).toBe(1);
    expect(await seats(third, adminTeamId)).toBe(4);
    before = [await products(third, teamId), await products(third, adminTeamId)];
    // the first request saved them
    const written = JSON.parse(readFileSync(file, "utf8")).extra.payments.filter((r: { kind: string }) => r.kind === "subscription");
    expect(written.map((r: { id: string }) => r.id).sort()).toEqual(granted.flat().sort());
  } finally {
    await third.stop();
  }
  const fourth = await startTestEmulator({ dataFile: file });
  try {
    expect([await products(fourth, teamId), await products(fourth, adminTeamId)]).toEqual(before);
    expect(subscriptionIds(fourth)).toEqual(granted);
  } finally {
    await fourth.stop();
  }
});
