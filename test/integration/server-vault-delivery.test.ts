import { ArgumentError, KnownErrors, LatchkeyError } from "../../src/index";
import { caught } from "../helpers/http";
import { serverFor, startTestEmulator, uniqueEmail } from "../helpers/emulator";
import type { Emulator } from "../helpers/emulator";
import { keyed } from "./team-helpers";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator();
  const override = { "dataVault.stores.tokens": { displayName: "Tokens" } };
  expect((await keyed(emulator, "admin", "PATCH", "/internal/config/override", { config_override_string: JSON.stringify(override) })).status).toBe(200);
  const smtp = { type: "standard", host: "smtp.example.com", port: 587, username: "u", password: "p", sender_name: "Demo", sender_email: "demo@example.com" };
  expect((await keyed(emulator, "admin", "PATCH", "/internal/projects/current", { config: { email_config: smtp } })).status).toBe(200);
});
afterAll(() => emulator.stop());

/** Every API request the emulator answered so far. */
async function totalRequests(): Promise<number> {
  const stats = await (await fetch(`${emulator.url}/emulator/stats`)).json();
  return Object.values(stats.routes ?? {}).reduce<number>((n, r) => n + (r as { requests: number }).requests, 0);
}

describe("getDataVaultStore", () => {
  test("values round-trip encrypted; a missing key or another secret reads as null", async () => {
    const vault = await serverFor(emulator).getDataVaultStore("tokens");
    expect(vault.id).toBe("tokens");
    await vault.setValue("github:ada", "gho_secret-token", { secret: "vault secret" });
    expect(await vault.getValue("github:ada", { secret: "vault secret" })).toBe("gho_secret-token");
    expect(await vault.getValue("github:bob", { secret: "vault secret" })).toBeNull();
    expect(await vault.getValue("github:ada", { secret: "another secret" })).toBeNull();
    // A fresh app (no cache) reads the replaced value, and the emulator never saw the plain key or value.
    await vault.setValue("github:ada", "gho_rotated", { secret: "vault secret" });
    const fresh = await serverFor(emulator).getDataVaultStore("tokens");
    expect(await fresh.getValue("github:ada", { secret: "vault secret" })).toBe("gho_rotated");
    expect(JSON.stringify(emulator.core.store.toJSON())).not.toMatch(/gho_|github:ada/);
  });

  test("an undeclared store is DATA_VAULT_STORE_DOES_NOT_EXIST; bad arguments are refused before any request", async () => {
    const server = serverFor(emulator);
    const unknown = await server.getDataVaultStore("nowhere");
    const e = await caught(unknown.getValue("k", { secret: "s" }));
    expect(KnownErrors.DataVaultStoreDoesNotExist.isInstance(e)).toBe(true);
    expect(e.details).toEqual({ store_id: "nowhere" });

    const vault = await server.getDataVaultStore("tokens");
    const before = await totalRequests();
    await expect(server.getDataVaultStore("")).rejects.toThrow(ArgumentError);
    await expect(vault.setValue("k", "v", undefined as never)).rejects.toThrow(ArgumentError);
    await expect(vault.setValue("k", 42 as never, { secret: "s" })).rejects.toThrow(ArgumentError);
    await expect(vault.setValue(null as never, "v", { secret: "s" })).rejects.toThrow(ArgumentError);
    await expect(vault.getValue("k", { secret: 7 } as never)).rejects.toThrow(ArgumentError);
    await expect(vault.getValue(7 as never, { secret: "s" })).rejects.toThrow(ArgumentError);
    expect(await totalRequests()).toBe(before);
  });

  test("empty strings are accepted as the platform (and the official SDK) accept them: secret, key and value round-trip", async () => {
    const vault = await serverFor(emulator).getDataVaultStore("tokens");
    const before = await totalRequests();
    await vault.setValue("k", "with an empty secret", { secret: "" });
    await vault.setValue("", "under an empty key", { secret: "s" });
    await vault.setValue("empty value", "", { secret: "s" });
    expect(await totalRequests()).toBe(before + 3); // each one sent, none refused locally
    const fresh = await serverFor(emulator).getDataVaultStore("tokens");
    expect(await fresh.getValue("k", { secret: "" })).toBe("with an empty secret");
    expect(await fresh.getValue("k", { secret: "s" })).toBeNull(); // the secret still counts
    expect(await fresh.getValue("", { secret: "s" })).toBe("under an empty key");
    expect(await fresh.getValue("empty value", { secret: "s" })).toBe("");
  });

  test("a value stored under a hash that does not open with the key is a DataVaultDecryptionError", async () => {
    const { hashVaultKey } = await import("../../src/resources/data-vault/server-crypto");
    const hashed_key = await hashVaultKey("s", "planted");
    await keyed(emulator, "server", "POST", "/data-vault/stores/tokens/set", { hashed_key, encrypted_value: "AQAgarbage" });
    const e = await caught((await serverFor(emulator).getDataVaultStore("tokens")).getValue("planted", { secret: "s" }));
    expect(LatchkeyError.isInstance(e) && e.name).toBe("DataVaultDecryptionError");
  });
});

describe("e-mail delivery", () => {
  test("getEmailDeliveryStats counts what was sent (sendEmail refreshes it); a boost is active once and then refused", async () => {
    const server = serverFor(emulator);
    const before = await server.getEmailDeliveryStats();
    expect(before.capacity).toMatchObject({ boost_multiplier: 1, is_boost_active: false, boost_expires_at: null, penalty_factor: 1 });
    const user = await server.createUser({ primaryEmail: uniqueEmail("stats"), primaryEmailVerified: true });
    await server.sendEmail({ userIds: [user.id], html: "<p>count me</p>", subject: "Counted" });
    const after = await server.getEmailDeliveryStats();
    expect(after.stats.hour).toEqual({ sent: before.stats.hour.sent + 1, bounced: 0, marked_as_spam: 0 });
    expect(after.stats.month.sent).toBe(before.stats.month.sent + 1);

    await server.activateEmailCapacityBoost();
    const boosted = await server.getEmailDeliveryStats();
    expect(boosted.capacity).toMatchObject({ boost_multiplier: 4, is_boost_active: true, boost_expires_at: expect.any(String) });
    expect(boosted.capacity.rate_per_second).toBeCloseTo(after.capacity.rate_per_second * 4, 10);
    const again = await caught(server.activateEmailCapacityBoost());
    expect(KnownErrors.EmailCapacityBoostAlreadyActive.isInstance(again)).toBe(true);
    expect(again.details).toEqual({ expires_at: boosted.capacity.boost_expires_at });
  });

  test("sendEmail({ draftId }) sends an admin's draft", async () => {
    const server = serverFor(emulator);
    const draft = await keyed(emulator, "admin", "POST", "/internal/email-drafts", { display_name: "From a draft", theme_id: false });
    const email = uniqueEmail("drafted");
    const user = await server.createUser({ primaryEmail: email, primaryEmailVerified: true, displayName: "Lin" });
    await server.sendEmail({ userIds: [user.id], draftId: draft.json.id });
    expect(emulator.outbox.list({ to: email }).at(-1)?.html).toContain("Hi Lin!");
    const unknown = await caught(server.sendEmail({ userIds: [user.id], draftId: "00000000-0000-4000-8000-000000000000" }));
    expect(unknown.status).toBe(400);
    expect(unknown.text).toBe("No draft found with given draft_id");
  });
});
