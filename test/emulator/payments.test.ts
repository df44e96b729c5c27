import { randomUUID } from "node:crypto";
import { StackClientApp } from "@stackframe/js";
import type { RunningEmulator } from "../../src/emulator";
import { call, expectKnown, freshEmail, signUp, startTestEmulator } from "./helpers";
import { addMember, serverTeam, userWithTeam } from "./team-helpers";

// The read side of the payments API the official account-settings page loads: billing, products and invoices of a
// user or team customer, over real HTTP, with the platform's shapes and access rules.
let em: RunningEmulator;
beforeAll(async () => {
  em = await startTestEmulator();
});
afterAll(() => em.stop());

const EMPTY_PAGE = { items: [], is_paginated: true, pagination: { next_cursor: null } };
const NO_BILLING = { has_customer: false, default_payment_method: null };

describe("a signed-in user reads their own customer", () => {
  test("billing, products and invoices of the user and of a team they administer", async () => {
    const u = await userWithTeam(em);
    const as = { accessToken: u.access_token };
    expect((await call(em, `/payments/billing/user/${u.user_id}`, as)).json).toEqual(NO_BILLING);
    expect((await call(em, `/payments/products/user/${u.user_id}?limit=1`, as)).json).toEqual(EMPTY_PAGE);
    expect((await call(em, `/payments/invoices/user/${u.user_id}`, as)).json).toEqual(EMPTY_PAGE);
    expect((await call(em, `/payments/billing/team/${u.teamId}`, as)).json).toEqual(NO_BILLING);
    expect((await call(em, `/payments/products/team/${u.teamId}?limit=100`, as)).json).toEqual(EMPTY_PAGE);
    expect((await call(em, `/payments/invoices/team/${u.teamId}?limit=5`, as)).json).toEqual(EMPTY_PAGE);
  });

  test("server access reads any customer, custom customers included", async () => {
    expect((await call(em, `/payments/billing/user/${randomUUID()}`, { access: "server" })).json).toEqual(NO_BILLING);
    expect((await call(em, "/payments/products/custom/my-customer", { access: "server" })).json).toEqual(EMPTY_PAGE);
    expect((await call(em, `/payments/invoices/team/${randomUUID()}`, { access: "admin" })).json).toEqual(EMPTY_PAGE);
  });
});

describe("the official SDK", () => {
  test("reads the user's and the team's billing and products as an empty customer", async () => {
    const app = new StackClientApp({ projectId: em.projectId, publishableClientKey: em.keys.publishableClientKey, baseUrl: em.url, tokenStore: "memory" });
    expect((await app.signUpWithCredential({ email: freshEmail("pay"), password: "password123", noRedirect: true, noVerificationCallback: true })).status).toBe("ok");
    const user = await app.getUser({ or: "throw" });
    expect(await user.getBilling()).toEqual({ hasCustomer: false, defaultPaymentMethod: null });
    const products = await user.listProducts({ limit: 1 });
    expect([...products]).toEqual([]);
    expect(products.nextCursor).toBeNull();
    const team = (await user.listTeams())[0];
    expect([...(await team.listProducts())]).toEqual([]);
    expect(await team.getBilling()).toEqual({ hasCustomer: false, defaultPaymentMethod: null });
  });
});

describe("the platform's refusals", () => {
  test("a client without a user, or reading someone else, is refused", async () => {
    const a = await signUp(em);
    const b = await signUp(em);
    expectKnown(await call(em, `/payments/billing/user/${a.user_id}`), 401, "USER_AUTHENTICATION_REQUIRED");
    const other = await call(em, `/payments/billing/user/${b.user_id}`, { accessToken: a.access_token });
    expect([other.status, other.text]).toEqual([403, "Clients can only manage their own billing."]);
    const products = await call(em, `/payments/products/user/${b.user_id}`, { accessToken: a.access_token });
    expect([products.status, products.text]).toEqual([403, "Clients can only access their own user or team products."]);
    const custom = await call(em, "/payments/products/custom/anything", { accessToken: a.access_token });
    expect([custom.status, custom.text]).toEqual([403, "Clients can only access their own user or team products."]);
  });

  test("a team needs membership and team_admin", async () => {
    const owner = await userWithTeam(em);
    const member = await signUp(em);
    await addMember(em, owner.teamId, member.user_id);
    const outsider = await signUp(em);
    const notMember = expectKnown(await call(em, `/payments/products/team/${owner.teamId}`, { accessToken: outsider.access_token }), 404, "TEAM_MEMBERSHIP_NOT_FOUND");
    expect(notMember.details).toEqual({ team_id: owner.teamId, user_id: outsider.user_id });
    const notAdmin = expectKnown(await call(em, `/payments/billing/team/${owner.teamId}`, { accessToken: member.access_token }), 401, "TEAM_PERMISSION_REQUIRED");
    expect(notAdmin.details).toEqual({ team_id: owner.teamId, user_id: member.user_id, permission_id: "team_admin" });
    // a team the member creates on the server with them as creator is theirs to read
    const own = await serverTeam(em, "Mine", member.user_id);
    expect((await call(em, `/payments/invoices/team/${own}`, { accessToken: member.access_token })).json).toEqual(EMPTY_PAGE);
  });

  test("bad customer types, cursors and limits are 400s", async () => {
    const u = await signUp(em);
    const as = { accessToken: u.access_token };
    const type = expectKnown(await call(em, `/payments/billing/custom/${u.user_id}`, as), 400, "SCHEMA_ERROR");
    expect(type.error).toContain("params.customer_type must be one of the following values: user, team");
    const org = expectKnown(await call(em, `/payments/products/org/${u.user_id}`, as), 400, "SCHEMA_ERROR");
    expect(org.error).toContain("params.customer_type must be one of the following values: user, team, custom");
    const cursor = await call(em, `/payments/products/user/${u.user_id}?cursor=abc`, as);
    expect([cursor.status, cursor.text]).toEqual([400, "Invalid cursor"]);
    for (const [limit, line] of [
      ["0", "query.limit must be greater than or equal to 1"],
      ["101", "query.limit must be less than or equal to 100"],
      ["ten", 'query.limit must be a `number` type, but the final value was: `NaN` (cast from the value `"ten"`).'],
    ]) {
      const r = expectKnown(await call(em, `/payments/invoices/user/${u.user_id}?limit=${limit}`, as), 400, "SCHEMA_ERROR");
      expect(r.error).toContain(line);
    }
    const unknown = expectKnown(await call(em, `/payments/products/user/${u.user_id}?page=2`, as), 400, "SCHEMA_ERROR");
    expect(unknown.error).toContain("query contains unknown properties: page");
  });
});
