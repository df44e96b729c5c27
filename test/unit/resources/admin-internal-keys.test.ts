import nock from "nock";
import { AdminApp, ArgumentError } from "../../../src/index";
import { internalKeyInvalidReason } from "../../../src/resources/api-keys/admin-internal";
import { BASE, PROJECT } from "../../helpers/http";

afterEach(() => nock.cleanAll());
beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());

const json = (body: unknown) => [200, JSON.stringify(body), { "content-type": "application/json" }] as const;
const admin = () =>
  new AdminApp({ projectId: PROJECT, baseUrl: BASE, superSecretAdminKey: "sak_unit", tokenStore: null, retry: { sleep: async () => undefined, random: () => 0.5 } });

const future = Date.now() + 3_600_000;
const past = Date.now() - 3_600_000;

test("whyInvalid checks expiry before revocation", () => {
  expect(internalKeyInvalidReason(new Date(future), null)).toBeNull();
  expect(internalKeyInvalidReason(new Date(future), new Date())).toBe("manually-revoked");
  expect(internalKeyInvalidReason(new Date(past), null)).toBe("expired");
  expect(internalKeyInvalidReason(new Date(past), new Date())).toBe("expired");
});

test("create maps both ways; full values on creation, last four when listed; revoke patches and refreshes", async () => {
  let created: unknown;
  let revoked: unknown;
  nock(BASE)
    .post("/api/v1/internal/api-keys", (b) => ((created = b), true))
    .reply(...json({ id: "k1", description: "ci", created_at_millis: 1000, expires_at_millis: future, publishable_client_key: "pck_abcd1234", secret_server_key: "ssk_efgh5678" }))
    .get("/api/v1/internal/api-keys")
    .reply(...json({ items: [{ id: "k1", description: "ci", created_at_millis: 1000, expires_at_millis: future, publishable_client_key: { last_four: "1234" }, secret_server_key: { last_four: "5678" } }], is_paginated: false }))
    .patch("/api/v1/internal/api-keys/k1", (b) => ((revoked = b), true))
    .reply(...json({ id: "k1", description: "ci", created_at_millis: 1000, expires_at_millis: future, manually_revoked_at_millis: 2000 }))
    .get("/api/v1/internal/api-keys")
    .reply(...json({ items: [{ id: "k1", description: "ci", created_at_millis: 1000, expires_at_millis: past, manually_revoked_at_millis: 2000, secret_server_key: { last_four: "5678" } }], is_paginated: false }));
  const app = admin();
  const key = await app.createInternalApiKey({ description: "ci", expiresAt: new Date(future), hasPublishableClientKey: true, hasSecretServerKey: true, hasSuperSecretAdminKey: false });
  expect(created).toEqual({ description: "ci", expires_at_millis: future, has_publishable_client_key: true, has_secret_server_key: true, has_super_secret_admin_key: false });
  expect(key).toMatchObject({ id: "k1", description: "ci", createdAt: new Date(1000), expiresAt: new Date(future), manuallyRevokedAt: null, publishableClientKey: "pck_abcd1234", secretServerKey: "ssk_efgh5678" });
  expect("superSecretAdminKey" in key).toBe(false);
  expect(key.isValid()).toBe(true);
  const [listed] = await app.listInternalApiKeys();
  expect(listed).toMatchObject({ publishableClientKey: { lastFour: "1234" }, secretServerKey: { lastFour: "5678" } });
  await listed.revoke();
  expect(revoked).toEqual({ revoked: true });
  const [after] = await app.listInternalApiKeys();
  expect(after.manuallyRevokedAt).toEqual(new Date(2000));
  expect(after.whyInvalid()).toBe("expired");
  expect(after.isValid()).toBe(false);
});

test("create arguments are checked before any request", async () => {
  const app = admin();
  const ok = { description: "x", expiresAt: new Date(future), hasPublishableClientKey: true, hasSecretServerKey: false, hasSuperSecretAdminKey: false };
  for (const data of [
    { ...ok, description: 1 },
    { ...ok, expiresAt: future },
    { ...ok, expiresAt: new Date("nope") },
    { ...ok, hasSecretServerKey: "yes" },
    { ...ok, hasPublishableClientKey: false },
    undefined,
  ]) {
    await expect(app.createInternalApiKey(data as never)).rejects.toThrow(ArgumentError);
  }
});
