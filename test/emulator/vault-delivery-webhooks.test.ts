import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { RunningEmulator } from "../../src/emulator";
import { DATA_VAULT_FAMILY } from "../../src/emulator/domain/data-vault";
import { call, expectKnown, freshEmail, signUp, startTestEmulator } from "./helpers";

let em: RunningEmulator;
beforeAll(async () => {
  em = await startTestEmulator();
});
afterAll(() => em.stop());

const server = (path: string, body?: unknown, method?: string) => call(em, path, { access: "server", body, method });
const admin = (path: string, body?: unknown, method?: string) => call(em, path, { access: "admin", body, method });
const declareStore = async (id: string) =>
  expect((await admin("/internal/config/override", { config_override_string: JSON.stringify({ [`dataVault.stores.${id}`]: { displayName: id } }) }, "PATCH")).status).toBe(200);

describe("data vault", () => {
  test("set then get by hashed key; values are sealed at rest; unknown keys and stores are known errors", async () => {
    await declareStore("secrets");
    expect((await server("/data-vault/stores/secrets/set", { hashed_key: "h1", encrypted_value: "client-sealed-1" })).json).toEqual({ success: true });
    expect((await server("/data-vault/stores/secrets/get", { hashed_key: "h1" })).json).toEqual({ encrypted_value: "client-sealed-1" });
    await server("/data-vault/stores/secrets/set", { hashed_key: "h1", encrypted_value: "client-sealed-2" });
    expect((await admin("/data-vault/stores/secrets/get", { hashed_key: "h1" })).json).toEqual({ encrypted_value: "client-sealed-2" });
    expect(JSON.stringify(em.core.store.extra[DATA_VAULT_FAMILY])).not.toContain("client-sealed");

    const missing = expectKnown(await server("/data-vault/stores/secrets/get", { hashed_key: "other" }), 400, "DATA_VAULT_STORE_HASHED_KEY_DOES_NOT_EXIST");
    expect(missing).toMatchObject({ details: { store_id: "secrets", hashed_key: "other" }, error: "Data vault store with ID secrets does not contain a key with hash other." });
    const noStore = expectKnown(await server("/data-vault/stores/nowhere/set", { hashed_key: "h", encrypted_value: "v" }), 400, "DATA_VAULT_STORE_DOES_NOT_EXIST");
    expect(noStore).toMatchObject({ details: { store_id: "nowhere" }, error: "Data vault store with ID nowhere does not exist." });
    expectKnown(await server("/data-vault/stores/toString/get", { hashed_key: "h" }), 400, "DATA_VAULT_STORE_DOES_NOT_EXIST");
  });

  test("validation and access", async () => {
    await declareStore("v2");
    expect(expectKnown(await server("/data-vault/stores/v2/set", { hashed_key: "", encrypted_value: "x" }), 400, "SCHEMA_ERROR").error).toContain("body.hashed_key must not be empty");
    expect(expectKnown(await server("/data-vault/stores/v2/set", { hashed_key: "h" }), 400, "SCHEMA_ERROR").error).toContain("body.encrypted_value must be defined");
    const user = await signUp(em);
    expectKnown(await call(em, "/data-vault/stores/v2/get", { accessToken: user.access_token, body: { hashed_key: "h" } }), 401, "INSUFFICIENT_ACCESS_TYPE");
  });
});

describe("delivery info and capacity boost", () => {
  test("counts sent e-mails per window with the platform's capacity formula; a boost lasts 4 hours and cannot stack", async () => {
    const before = (await server("/emails/delivery-info")).json;
    expect(before.capacity).toEqual({ rate_per_second: expect.any(Number), boost_multiplier: 1, penalty_factor: 1, is_boost_active: false, boost_expires_at: null });
    const monthBefore = before.stats.month.sent;
    expect(before.capacity.rate_per_second).toBeCloseTo((200 + (4 * monthBefore) / 30 / 24) / 3600, 10);

    await signUp(em, freshEmail("stats")); // no e-mail: sign-up without a verification callback sends none
    await call(em, "/auth/otp/send-sign-in-code", { body: { email: freshEmail("stats"), callback_url: "http://localhost:3000/handler/magic-link-callback" } });
    const after = (await server("/emails/delivery-info")).json;
    for (const w of ["hour", "day", "week", "month"]) expect(after.stats[w]).toEqual({ sent: before.stats[w].sent + 1, bounced: 0, marked_as_spam: 0 });

    const boost = await server("/emails/capacity-boost", {});
    const expiresAt = Date.parse(boost.json.expires_at);
    expect(expiresAt - Date.now()).toBeGreaterThan(4 * 3_600_000 - 60_000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(4 * 3_600_000);
    const boosted = (await server("/emails/delivery-info")).json.capacity;
    expect(boosted).toMatchObject({ boost_multiplier: 4, is_boost_active: true, boost_expires_at: boost.json.expires_at });
    expect(boosted.rate_per_second).toBeCloseTo(((200 + (4 * after.stats.month.sent) / 30 / 24) / 3600) * 4, 10);
    const again = expectKnown(await server("/emails/capacity-boost", {}), 409, "EMAIL_CAPACITY_BOOST_ALREADY_ACTIVE");
    expect(again).toMatchObject({ details: { expires_at: boost.json.expires_at }, error: `Email capacity boost is already active until ${boost.json.expires_at}.` });
    const user = await signUp(em);
    expectKnown(await call(em, "/emails/delivery-info", { accessToken: user.access_token }), 401, "INSUFFICIENT_ACCESS_TYPE");
  });
});

describe("test webhooks", () => {
  let receiver: Server;
  const received: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];
  let status = 204;
  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        received.push({ headers: req.headers, body });
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  });
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  test("unknown endpoints, delivered and refused test events, Svix-style signatures", async () => {
    expect((await admin("/internal/send-test-webhook", { endpoint_id: "ep_missing" })).json).toEqual({ success: false, error_message: "Endpoint not found. Make sure it still exists." });
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    const created = await fetch(`${em.url}/emulator/webhook-endpoints`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ project_id: em.projectId, url }) });
    expect(created.status).toBe(201);
    const endpoint = await created.json();
    expect(endpoint).toMatchObject({ id: expect.stringMatching(/^ep_/), url, secret: expect.stringMatching(/^whsec_/), attempts: [] });

    expect((await admin("/internal/send-test-webhook", { endpoint_id: endpoint.id })).json).toEqual({ success: true });
    const hit = received.at(-1)!;
    expect(JSON.parse(hit.body)).toEqual({ type: "stack.test", data: { message: expect.any(String), endpointUrl: url } });
    const key = Buffer.from(endpoint.secret.slice("whsec_".length), "base64");
    const expected = createHmac("sha256", key).update(`${hit.headers["svix-id"]}.${hit.headers["svix-timestamp"]}.${hit.body}`).digest("base64");
    expect(hit.headers["svix-signature"]).toBe(`v1,${expected}`);

    status = 500;
    expect((await admin("/internal/send-test-webhook", { endpoint_id: endpoint.id })).json).toEqual({ success: false, error_message: "Webhook not delivered. Make sure the endpoint is configured correctly." });
    const listed = await (await fetch(`${em.url}/emulator/webhook-endpoints?project_id=${em.projectId}`)).json();
    expect(listed.items.find((e: { id: string }) => e.id === endpoint.id).attempts.map((a: { status: string; response_status: number }) => [a.status, a.response_status])).toEqual([
      ["success", 204],
      ["failed", 500],
    ]);
    expect((await fetch(`${em.url}/emulator/webhook-endpoints/${endpoint.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await admin("/internal/send-test-webhook", { endpoint_id: endpoint.id })).json.success).toBe(false);
    expect((await fetch(`${em.url}/emulator/webhook-endpoints`, { method: "POST", body: JSON.stringify({ project_id: em.projectId, url: "ftp://x" }) })).status).toBe(400);
    expectKnown(await server("/internal/send-test-webhook", { endpoint_id: "ep_x" }), 401, "INSUFFICIENT_ACCESS_TYPE");
  });
});

describe("permission definition pages", () => {
  test("limit, exclusive cursor, query on id and description, cursor without limit", async () => {
    for (const [id, description] of [["pg_alpha", "First"], ["pg_beta", "Billing reader"], ["pg_gamma", undefined]] as const) {
      expect((await admin("/team-permission-definitions", { id, description, contained_permission_ids: [] })).status).toBe(201);
    }
    const all = (await admin("/team-permission-definitions")).json;
    expect(all.is_paginated).toBe(false);
    const ids = all.items.map((d: { id: string }) => d.id);
    expect(ids).toEqual([...ids].sort());
    const first = (await admin("/team-permission-definitions?limit=2")).json;
    expect(first).toMatchObject({ is_paginated: true, pagination: { next_cursor: ids[1] } });
    expect(first.items.map((d: { id: string }) => d.id)).toEqual(ids.slice(0, 2));
    const second = (await admin(`/team-permission-definitions?limit=2&cursor=${encodeURIComponent(ids[1])}`)).json;
    expect(second.items.map((d: { id: string }) => d.id)).toEqual(ids.slice(2, 4));
    const last = (await admin(`/team-permission-definitions?limit=100&cursor=${encodeURIComponent(ids[ids.length - 2])}`)).json;
    expect(last).toMatchObject({ items: [{ id: ids[ids.length - 1] }], pagination: { next_cursor: null } });
    const gone = (await admin("/team-permission-definitions?limit=1&cursor=pg_alpha_deleted")).json;
    expect(gone.items.map((d: { id: string }) => d.id)).toEqual(["pg_beta"]);

    expect((await admin("/team-permission-definitions?query=%20BILLING%20")).json.items.map((d: { id: string }) => d.id)).toEqual(["pg_beta"]);
    expect((await admin("/team-permission-definitions?limit=5&query=pg_")).json.items.map((d: { id: string }) => d.id)).toEqual(["pg_alpha", "pg_beta", "pg_gamma"]);
    expect(await admin("/team-permission-definitions?cursor=pg_alpha")).toMatchObject({ status: 400, text: "`cursor` requires `limit` to also be set." });
    expectKnown(await admin("/team-permission-definitions?limit=201"), 400, "SCHEMA_ERROR");
    expectKnown(await admin("/team-permission-definitions?limit=0"), 400, "SCHEMA_ERROR");
  });
});
