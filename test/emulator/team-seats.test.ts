import { randomUUID } from "node:crypto";
import { StackClientApp, StackServerApp } from "@stackframe/js";
import type { RunningEmulator } from "../../src/emulator";
import { call, expectKnown, freshEmail, latestEmail, startTestEmulator } from "./helpers";
import { userWithTeam } from "./team-helpers";

// Team seats on the internal project, without a payments provider.
// - apps/backend/prisma/seed.ts gives the internal project the payments config of its plans: product line `plans`,
//   products `free` / `team` / `growth` / `extra-seats` and items (`dashboard_admins`, "Dashboard Admins", …), with the
//   quantities of packages/stack-shared/src/plans.ts (`PLAN_LIMITS`). The newest released package (@stackframe/stack-shared
//   2.8.108) has `growth.seats: 4` and the `session_replays` / `onboarding_call` items; the older source says
//   `growth.seats: UNLIMITED`: the emulator follows the released package.
// - apps/backend/src/app/api/latest/teams/crud.tsx (onCreate) subscribes every new team of the internal project to
//   `free` (status active, quantity 1, the first price `free-monthly`, period end one month later).
let em: RunningEmulator;
beforeAll(async () => {
  em = await startTestEmulator();
});
afterAll(() => em.stop());

const internal = { projectId: "internal" } as const;
const CALLBACK = "http://localhost:3000/handler/team-invitation";

/** A user of the internal project (signed up with a password) with their personal team. */
async function dashboardUser(email = freshEmail("dash")) {
  const r = await call(em, "/auth/password/sign-up", { ...internal, body: { email, password: "password123" } });
  expect(r.status).toBe(200);
  const me = await call(em, "/users/me", { ...internal, accessToken: r.json.access_token });
  return { email, user_id: r.json.user_id as string, access_token: r.json.access_token as string, teamId: me.json.selected_team_id as string };
}

const updateQuantity = (customer: string, item: string, body: unknown, query = "?allow_negative=false", access: "server" | "admin" | "client" = "server") =>
  call(em, `/payments/items/${customer}/${item}/update-quantity${query}`, { ...internal, access, body });

const seats = async (teamId: string) => (await call(em, `/payments/items/team/${teamId}/dashboard_admins`, { ...internal, access: "server" })).json.quantity;

describe("a team of the internal project owns the free plan", () => {
  test("its product list shows `free` with the included dashboard_admins seat; the item reads 1", async () => {
    const owner = await dashboardUser();
    const products = await call(em, `/payments/products/team/${owner.teamId}`, { ...internal, accessToken: owner.access_token });
    expect(products.status).toBe(200);
    expect(products.json).toMatchObject({ is_paginated: true, pagination: { next_cursor: null } });
    expect(products.json.items).toHaveLength(1);
    const [free] = products.json.items;
    expect(free).toMatchObject({
      id: "free",
      quantity: 1,
      type: "subscription",
      subscription: { subscription_id: expect.stringMatching(/^[0-9a-f-]{36}$/), current_period_end: expect.any(String), cancel_at_period_end: false, is_cancelable: true },
      product: {
        display_name: "Free",
        customer_type: "team",
        stackable: false,
        server_only: false,
        prices: { "free-monthly": { USD: "0", interval: [1, "month"] } },
        client_metadata: null,
        client_read_only_metadata: null,
        server_metadata: null,
      },
    });
    expect(free.product.included_items.dashboard_admins).toEqual({ quantity: 1, repeat: "never", expires: "when-purchase-expires" });
    expect(free.product.included_items.auth_users).toMatchObject({ quantity: 10_000 });
    // products/[customer_type]/[customer_id]/route.ts: other products of the same line with an interval price, add-ons left out
    expect(free.switch_options.map((o: { product_id: string }) => o.product_id)).toEqual(["team", "growth"]);
    const item = await call(em, `/payments/items/team/${owner.teamId}/dashboard_admins`, { ...internal, accessToken: owner.access_token });
    expect(item.json).toEqual({ id: "dashboard_admins", display_name: "Dashboard Admins", quantity: 1 });
  });

  test("the seeded admin team has the Growth plan (4 seats in the released package); other projects' teams own nothing", async () => {
    // apps/backend/prisma/seed.ts (released version) grants Growth to the internal team the seeded admin belongs to
    const teamId = (await call(em, `/users/${em.internal.adminUser.id}`, { ...internal, access: "server" })).json.selected_team_id;
    const products = await call(em, `/payments/products/team/${teamId}`, { ...internal, access: "server" });
    expect(products.json.items.map((p: { id: string }) => p.id)).toEqual(["growth"]);
    expect(await seats(teamId)).toBe(4);
    const demo = await userWithTeam(em);
    expect((await call(em, `/payments/products/team/${demo.teamId}`, { accessToken: demo.access_token })).json.items).toEqual([]);
  });
});

// apps/backend/src/app/api/latest/payments/items/[customer_type]/[customer_id]/[item_id]/update-quantity/route.ts:
// server or admin; `allow_negative` ("true" | "false") is required; body `{ delta: integer, expires_at?, description? }`;
// answers `{}`; ItemNotFound → ItemCustomerTypeDoesNotMatch → the customer must exist → with allow_negative=false a
// quantity below zero is `ItemQuantityInsufficientAmount(item_id, customer_id, delta)`.
describe("POST /payments/items/{customer_type}/{customer_id}/{item_id}/update-quantity", () => {
  test("adds and removes seats", async () => {
    const owner = await dashboardUser();
    const added = await updateQuantity(`team/${owner.teamId}`, "dashboard_admins", { delta: 2, description: "two more admins" });
    expect([added.status, added.json]).toEqual([200, {}]);
    expect(await seats(owner.teamId)).toBe(3);
    const refused = expectKnown(await updateQuantity(`team/${owner.teamId}`, "dashboard_admins", { delta: -4 }), 400, "ITEM_QUANTITY_INSUFFICIENT_AMOUNT");
    expect(refused).toEqual({
      code: "ITEM_QUANTITY_INSUFFICIENT_AMOUNT",
      details: { item_id: "dashboard_admins", customer_id: owner.teamId, quantity: -4 },
      error: `The item with ID "dashboard_admins" has an insufficient quantity for the customer with ID "${owner.teamId}". An attempt was made to charge -4 credits.`,
    });
    expect(await seats(owner.teamId)).toBe(3);
    expect((await updateQuantity(`team/${owner.teamId}`, "dashboard_admins", { delta: -4 }, "?allow_negative=true", "admin")).status).toBe(200);
    expect(await seats(owner.teamId)).toBe(-1);
    // an expired grant no longer counts
    await updateQuantity(`team/${owner.teamId}`, "dashboard_admins", { delta: 5, expires_at: "2020-01-01T00:00:00.000Z" });
    expect(await seats(owner.teamId)).toBe(-1);
  });

  test("the platform's refusals", async () => {
    const owner = await dashboardUser();
    const team = `team/${owner.teamId}`;
    expectKnown(await updateQuantity(team, "dashboard_admins", { delta: 1 }, "?allow_negative=false", "client"), 401, "INSUFFICIENT_ACCESS_TYPE");
    const noQuery = expectKnown(await updateQuantity(team, "dashboard_admins", { delta: 1 }, ""), 400, "SCHEMA_ERROR");
    expect(noQuery.error).toContain("query.allow_negative must be defined");
    const badQuery = expectKnown(await updateQuantity(team, "dashboard_admins", { delta: 1 }, "?allow_negative=yes"), 400, "SCHEMA_ERROR");
    expect(badQuery.error).toContain("query.allow_negative must be one of the following values: true, false");
    expect(expectKnown(await updateQuantity(team, "dashboard_admins", { delta: 1.5 }), 400, "SCHEMA_ERROR").error).toContain("body.delta must be an integer");
    expect(expectKnown(await updateQuantity(team, "dashboard_admins", {}), 400, "SCHEMA_ERROR").error).toContain("body.delta must be defined");
    const unknownItem = expectKnown(await updateQuantity(team, "credits", { delta: 1 }), 404, "ITEM_NOT_FOUND");
    expect(unknownItem.error).toBe('Item with ID "credits" not found.');
    const wrongType = expectKnown(await updateQuantity(`user/${owner.user_id}`, "dashboard_admins", { delta: 1 }), 400, "ITEM_CUSTOMER_TYPE_DOES_NOT_MATCH");
    expect(wrongType.details).toEqual({ item_id: "dashboard_admins", customer_id: owner.user_id, item_customer_type: "team", actual_customer_type: "user" });
    const missing = randomUUID();
    expect(expectKnown(await updateQuantity(`team/${missing}`, "dashboard_admins", { delta: 1 }), 404, "TEAM_NOT_FOUND").details).toEqual({ team_id: missing });
    // on a project without that item (the demo project) the item does not exist
    const demo = await call(em, `/payments/items/team/${owner.teamId}/dashboard_admins/update-quantity?allow_negative=false`, { access: "server", body: { delta: 1 } });
    expectKnown(demo, 404, "ITEM_NOT_FOUND");
    expect(await seats(owner.teamId)).toBe(1);
  });

  test("a client reads only its own team's items", async () => {
    const owner = await dashboardUser();
    const other = await dashboardUser();
    const r = await call(em, `/payments/items/team/${owner.teamId}/dashboard_admins`, { ...internal, accessToken: other.access_token });
    expectKnown(r, 404, "TEAM_MEMBERSHIP_NOT_FOUND");
    const user = await call(em, `/payments/items/user/${owner.user_id}/dashboard_admins`, { ...internal, accessToken: other.access_token });
    expect([user.status, user.text]).toEqual([403, "Clients can only access their own user or team items."]);
  });
});

// apps/backend/src/app/api/latest/team-invitations/accept/verification-code-handler.tsx and
// team-invitations/[id]/accept/route.tsx: on the internal project, `currentMemberCount + 1 > dashboard_admins` throws
// `ItemQuantityInsufficientAmount("dashboard_admins", team_id, -1)`; the code / invitation is marked used before.
describe("accepting an invitation needs a free seat (internal project)", () => {
  async function invite(owner: { access_token: string; teamId: string }, email: string) {
    const sent = await call(em, "/team-invitations/send-code", { ...internal, accessToken: owner.access_token, body: { team_id: owner.teamId, email, callback_url: CALLBACK } });
    expect(sent.status).toBe(200);
    return { id: sent.json.id as string, code: (await latestEmail(em, email)).code };
  }

  test("with the free plan's single seat taken, accepting is refused; after adding a seat it works", async () => {
    const owner = await dashboardUser();
    const invitee = await dashboardUser();
    const { code } = await invite(owner, invitee.email);
    const refused = expectKnown(await call(em, "/team-invitations/accept", { ...internal, accessToken: invitee.access_token, body: { code } }), 400, "ITEM_QUANTITY_INSUFFICIENT_AMOUNT");
    expect(refused.details).toEqual({ item_id: "dashboard_admins", customer_id: owner.teamId, quantity: -1 });
    expect(refused.error).toBe(`The item with ID "dashboard_admins" has an insufficient quantity for the customer with ID "${owner.teamId}". An attempt was made to charge -1 credits.`);
    const members = await call(em, `/team-member-profiles?team_id=${owner.teamId}`, { ...internal, access: "server" });
    expect(members.json.items.map((m: { user_id: string }) => m.user_id)).toEqual([owner.user_id]);
    // the code was used by the refused attempt, as on the platform
    expectKnown(await call(em, "/team-invitations/accept", { ...internal, accessToken: invitee.access_token, body: { code } }), 409, "VERIFICATION_CODE_ALREADY_USED");

    expect((await updateQuantity(`team/${owner.teamId}`, "dashboard_admins", { delta: 1 })).status).toBe(200);
    const again = await invite(owner, invitee.email);
    expect((await call(em, "/team-invitations/accept", { ...internal, accessToken: invitee.access_token, body: { code: again.code } })).json).toEqual({});
    const after = await call(em, `/team-member-profiles?team_id=${owner.teamId}`, { ...internal, access: "server" });
    expect(after.json.items).toHaveLength(2);
  });

  test("accepting by id is refused the same way", async () => {
    const owner = await dashboardUser();
    const invitee = await dashboardUser();
    const { id } = await invite(owner, invitee.email);
    // the by-id route needs the recipient's verified e-mail
    const channels = await call(em, `/contact-channels?user_id=${invitee.user_id}`, { ...internal, access: "server" });
    await call(em, `/contact-channels/${invitee.user_id}/${channels.json.items[0].id}`, { ...internal, access: "server", method: "PATCH", body: { is_verified: true } });
    const r = await call(em, `/team-invitations/${id}/accept?user_id=${invitee.user_id}`, { ...internal, access: "server", body: {} });
    expect(expectKnown(r, 400, "ITEM_QUANTITY_INSUFFICIENT_AMOUNT").details).toEqual({ item_id: "dashboard_admins", customer_id: owner.teamId, quantity: -1 });
  });

  test("other projects have no seat limit", async () => {
    const owner = await userWithTeam(em);
    const email = freshEmail("demo-invitee");
    await call(em, "/team-invitations/send-code", { accessToken: owner.access_token, body: { team_id: owner.teamId, email, callback_url: CALLBACK } });
    const invitee = await call(em, "/auth/password/sign-up", { body: { email, password: "password123" } });
    const r = await call(em, "/team-invitations/accept", { accessToken: invitee.json.access_token, body: { code: (await latestEmail(em, email)).code } });
    expect([r.status, r.json]).toEqual([200, {}]);
  });
});

describe("the official SDK", () => {
  test("a dashboard team's products, and its seats read, increased and tried to decrease", async () => {
    const keys = em.internal.keys;
    const client = new StackClientApp({ projectId: "internal", publishableClientKey: keys.publishableClientKey, baseUrl: em.url, tokenStore: "memory" });
    const email = freshEmail("sdkseat");
    expect((await client.signUpWithCredential({ email, password: "password123", noRedirect: true, noVerificationCallback: true })).status).toBe("ok");
    const team = (await (await client.getUser({ or: "throw" })).listTeams())[0];
    const products = await team.listProducts();
    expect(products.map((p) => [p.id, p.displayName, p.type, p.quantity])).toEqual([["free", "Free", "subscription", 1]]);
    expect(products[0].switchOptions?.map((o) => o.productId)).toEqual(["team", "growth"]);

    const server = new StackServerApp({ projectId: "internal", publishableClientKey: keys.publishableClientKey, secretServerKey: keys.secretServerKey, baseUrl: em.url, tokenStore: "memory" });
    const item = await server.getItem({ teamId: team.id, itemId: "dashboard_admins" });
    expect([item.displayName, item.quantity]).toEqual(["Dashboard Admins", 1]);
    await item.increaseQuantity(2);
    expect(await item.tryDecreaseQuantity(5)).toBe(false);
    expect(await item.tryDecreaseQuantity(1)).toBe(true);
    expect((await server.getItem({ teamId: team.id, itemId: "dashboard_admins" })).quantity).toBe(2);
  });
});
