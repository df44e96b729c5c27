// After each mutation that changes an access-token claim, the next getAccessToken() carries the new value —
// decoded from the JWT and as ServerApp.verifyAccessToken sees it. Profile, selected team and TOTP.
import { startTestEmulator } from "../helpers/emulator";
import type { Emulator } from "../helpers/emulator";
import { refreshCount, tokenOf } from "./claims-helpers";
import { signedInUser } from "./team-helpers";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.stop());

const signUp = () => signedInUser(emulator, "claims");

describe("display name", () => {
  test("setDisplayName: the next token's name claim is the new name", async () => {
    const { app, user } = await signUp();
    expect((await tokenOf(emulator, app)).claims.name).toBeNull();
    await user.setDisplayName("Ada Lovelace");
    const { claims, verified } = await tokenOf(emulator, app);
    expect(claims.name).toBe("Ada Lovelace");
    expect(verified.displayName).toBe("Ada Lovelace");
  });

  test("update({ displayName }): the same, and the token is renewed once, on its next use", async () => {
    const { app, user } = await signUp();
    const before = await refreshCount(emulator);
    await user.update({ displayName: "Grace" });
    expect(await refreshCount(emulator)).toBe(before); // marked stale, nothing fetched yet
    const first = await tokenOf(emulator, app);
    expect(first.claims.name).toBe("Grace");
    expect(first.verified.displayName).toBe("Grace");
    expect((await tokenOf(emulator, app)).token).toBe(first.token);
    expect(await refreshCount(emulator)).toBe(before + 1);
  });
});

describe("selected team", () => {
  test("setSelectedTeam(team) and setSelectedTeam(null)", async () => {
    const { app, user } = await signUp();
    const personal = user.selectedTeam!.id;
    const other = await user.createTeam({ displayName: "Other" });
    expect((await tokenOf(emulator, app)).claims.selected_team_id).toBe(other.id);
    await user.setSelectedTeam(personal);
    let t = await tokenOf(emulator, app);
    expect([t.claims.selected_team_id, t.verified.selectedTeamId]).toEqual([personal, personal]);
    await user.setSelectedTeam(null);
    t = await tokenOf(emulator, app);
    expect([t.claims.selected_team_id, t.verified.selectedTeamId]).toEqual([null, null]);
  });

  test("update({ selectedTeamId })", async () => {
    const { app, user } = await signUp();
    const personal = user.selectedTeam!.id;
    await user.update({ selectedTeamId: null });
    expect((await tokenOf(emulator, app)).claims.selected_team_id).toBeNull();
    await user.update({ selectedTeamId: personal });
    const t = await tokenOf(emulator, app);
    expect([t.claims.selected_team_id, t.verified.selectedTeamId]).toEqual([personal, personal]);
  });

  test("createTeam selects the new team", async () => {
    const { app, user } = await signUp();
    const before = (await tokenOf(emulator, app)).claims.selected_team_id;
    const team = await user.createTeam({ displayName: "Fresh" });
    const t = await tokenOf(emulator, app);
    expect(team.id).not.toBe(before);
    expect([t.claims.selected_team_id, t.verified.selectedTeamId]).toEqual([team.id, team.id]);
  });

  test("leaving the selected team unselects it", async () => {
    const { app, user } = await signUp();
    const team = await user.createTeam({ displayName: "To leave" });
    expect((await tokenOf(emulator, app)).claims.selected_team_id).toBe(team.id);
    await user.leaveTeam(team);
    const t = await tokenOf(emulator, app);
    expect([t.claims.selected_team_id, t.verified.selectedTeamId]).toEqual([null, null]);
  });

  test("deleting the selected team unselects it", async () => {
    const { app, user } = await signUp();
    const team = await user.createTeam({ displayName: "To delete" });
    expect((await tokenOf(emulator, app)).claims.selected_team_id).toBe(team.id);
    await team.delete();
    const t = await tokenOf(emulator, app);
    expect([t.claims.selected_team_id, t.verified.selectedTeamId]).toEqual([null, null]);
  });

  test("the selected team's own update (its name) changes no claim: the token is kept", async () => {
    const { app, user } = await signUp();
    const { token } = await tokenOf(emulator, app);
    const before = await refreshCount(emulator);
    await user.selectedTeam!.update({ displayName: "Renamed team" });
    expect((await tokenOf(emulator, app)).token).toBe(token);
    expect(await refreshCount(emulator)).toBe(before);
  });
});

describe("TOTP", () => {
  test("turning TOTP on and off flips requires_totp_mfa", async () => {
    const { app, user } = await signUp();
    expect((await tokenOf(emulator, app)).claims.requires_totp_mfa).toBe(false);
    await user.update({ totpMultiFactorSecret: new Uint8Array(20).fill(7) });
    let t = await tokenOf(emulator, app);
    expect([t.claims.requires_totp_mfa, t.verified.requiresTotpMfa]).toEqual([true, true]);
    await user.update({ totpMultiFactorSecret: null });
    t = await tokenOf(emulator, app);
    expect([t.claims.requires_totp_mfa, t.verified.requiresTotpMfa]).toEqual([false, false]);
  });
});

test("an update no claim reflects keeps the token: the answer shows every claim as the token has it, so nothing is refreshed", async () => {
  const { app, user } = await signUp();
  const { token } = await tokenOf(emulator, app);
  const before = await refreshCount(emulator);
  await user.setClientMetadata({ theme: "dark" });
  await user.update({ otpAuthEnabled: true, passkeyAuthEnabled: false, profileImageUrl: "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==" });
  await user.update({});
  await Promise.all(Array.from({ length: 50 }, (_, i) => user.setClientMetadata({ i })));
  expect((await tokenOf(emulator, app)).token).toBe(token);
  expect(await refreshCount(emulator)).toBe(before);
  // the user is read afresh all the same
  expect((await app.getUser({ or: "throw" })).clientMetadata).toEqual({ i: expect.any(Number) });
});

test("an update that changes a claim marks the token stale: the next use refreshes it once", async () => {
  const { app, user } = await signUp();
  const { token } = await tokenOf(emulator, app);
  const before = await refreshCount(emulator);
  await user.setDisplayName("Ada");
  expect(await refreshCount(emulator)).toBe(before); // marked, nothing fetched yet
  await user.setClientMetadata({ theme: "dark" }); // its request renews the token first (it now says "Ada"), and keeps it
  expect(await refreshCount(emulator)).toBe(before + 1);
  const renewed = await tokenOf(emulator, app);
  expect([renewed.token === token, renewed.claims.name]).toEqual([false, "Ada"]);
  await user.setDisplayName("Ada Lovelace");
  const next = await tokenOf(emulator, app);
  expect([next.token === renewed.token, next.claims.name]).toEqual([false, "Ada Lovelace"]);
  expect((await tokenOf(emulator, app)).token).toBe(next.token);
  expect(await refreshCount(emulator)).toBe(before + 2);
  await user.update({}); // the claims are current: kept
  expect((await tokenOf(emulator, app)).token).toBe(next.token);
  expect(await refreshCount(emulator)).toBe(before + 2);
});

test("a password change keeps the token (the official SDK does not mark it stale either)", async () => {
  const { app, user } = await signUp();
  const { token } = await tokenOf(emulator, app);
  const before = await refreshCount(emulator);
  expect(await user.updatePassword({ oldPassword: "teams are fun", newPassword: "teams are still fun" })).toBeUndefined();
  expect((await tokenOf(emulator, app)).token).toBe(token);
  expect(await refreshCount(emulator)).toBe(before);
});
