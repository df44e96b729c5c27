import type { RunningEmulator } from "../../src/emulator";
import { call, expectKnown, startTestEmulator } from "./helpers";

let em: RunningEmulator;
beforeAll(async () => {
  em = await startTestEmulator();
});
afterAll(() => em.stop());

const create = (body: Record<string, unknown>) =>
  call(em, "/internal/api-keys", {
    access: "admin",
    body: { description: "test", expires_at_millis: Date.now() + 3_600_000, has_publishable_client_key: false, has_secret_server_key: false, has_super_secret_admin_key: false, ...body },
  });
const withServerKey = (key: string) => call(em, "/users", { access: "server", headers: { "x-stack-secret-server-key": key } });

describe("internal API keys", () => {
  test("create returns 200 with only the requested full keys; reads show last_four", async () => {
    const r = await create({ description: "server only", has_secret_server_key: true });
    expect(r.status).toBe(200);
    expect(Object.keys(r.json)).toEqual(["id", "description", "secret_server_key", "created_at_millis", "expires_at_millis"]);
    expect(r.json.secret_server_key).toMatch(/^ssk_[a-z2-7]{45}$/);
    const all = await create({ has_publishable_client_key: true, has_secret_server_key: true, has_super_secret_admin_key: true });
    expect(all.json.publishable_client_key).toMatch(/^pck_/);
    expect(all.json.super_secret_admin_key).toMatch(/^sak_/);

    const read = await call(em, `/internal/api-keys/${r.json.id}`, { access: "admin" });
    expect(read.json).toEqual({ id: r.json.id, description: "server only", secret_server_key: { last_four: r.json.secret_server_key.slice(-4) }, created_at_millis: r.json.created_at_millis, expires_at_millis: r.json.expires_at_millis });
    const listed = await call(em, "/internal/api-keys", { access: "admin" });
    expect(listed.json.is_paginated).toBe(false);
    expect(listed.json.items[0].id).toBe(all.json.id);
    expect(listed.json.items.map((k: { id: string }) => k.id)).toContain(r.json.id);
  });

  test("created keys authenticate; revoked and expired keys stop authenticating", async () => {
    const r = await create({ has_secret_server_key: true, has_publishable_client_key: true, has_super_secret_admin_key: true });
    expect((await withServerKey(r.json.secret_server_key)).status).toBe(200);
    expect((await call(em, "/internal/api-keys", { access: "admin", headers: { "x-stack-super-secret-admin-key": r.json.super_secret_admin_key } })).status).toBe(200);
    expect((await call(em, "/projects/current", { headers: { "x-stack-publishable-client-key": r.json.publishable_client_key } })).status).toBe(200);

    const renamed = await call(em, `/internal/api-keys/${r.json.id}`, { method: "PATCH", access: "admin", body: { description: "renamed" } });
    expect(renamed.json.description).toBe("renamed");
    const revoked = await call(em, `/internal/api-keys/${r.json.id}`, { method: "PATCH", access: "admin", body: { revoked: true } });
    expect(revoked.json.manually_revoked_at_millis).toEqual(expect.any(Number));
    expectKnown(await withServerKey(r.json.secret_server_key), 401, "INVALID_SECRET_SERVER_KEY");
    expectKnown(await call(em, "/projects/current", { headers: { "x-stack-publishable-client-key": r.json.publishable_client_key } }), 401, "INVALID_PUBLISHABLE_CLIENT_KEY");
    expectKnown(await call(em, "/internal/api-keys", { access: "admin", headers: { "x-stack-super-secret-admin-key": r.json.super_secret_admin_key } }), 401, "INVALID_SUPER_SECRET_ADMIN_KEY");
    const again = await call(em, `/internal/api-keys/${r.json.id}`, { method: "PATCH", access: "admin", body: { revoked: true } });
    expect(again.json.manually_revoked_at_millis).toBe(revoked.json.manually_revoked_at_millis);

    const expired = await create({ has_secret_server_key: true, expires_at_millis: Date.now() - 1000 });
    expectKnown(await withServerKey(expired.json.secret_server_key), 401, "INVALID_SECRET_SERVER_KEY");
    const soon = await create({ has_secret_server_key: true, expires_at_millis: Date.now() + 300 });
    expect((await withServerKey(soon.json.secret_server_key)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 400));
    expectKnown(await withServerKey(soon.json.secret_server_key), 401, "INVALID_SECRET_SERVER_KEY");
  });

  test("errors and access matrix", async () => {
    expectKnown(await call(em, "/internal/api-keys/00000000-0000-4000-8000-000000000000", { access: "admin" }), 404, "API_KEY_NOT_FOUND");
    expect(expectKnown(await call(em, "/internal/api-keys", { access: "admin", body: { description: "x" } }), 400, "SCHEMA_ERROR").error).toContain("body.expires_at_millis must be defined");
    expectKnown(await call(em, "/internal/api-keys", { access: "client" }), 401, "INSUFFICIENT_ACCESS_TYPE");
    expectKnown(await call(em, "/internal/api-keys", { access: "server", body: {} }), 401, "INSUFFICIENT_ACCESS_TYPE");
    expectKnown(await call(em, "/internal/api-keys", { access: "admin", headers: { "x-stack-super-secret-admin-key": "sak_nope" } }), 401, "INVALID_SUPER_SECRET_ADMIN_KEY");
    expectKnown(await call(em, "/internal/api-keys", { access: null, headers: { "x-stack-project-id": em.projectId } }), 400, "ACCESS_TYPE_REQUIRED");
  });
});
