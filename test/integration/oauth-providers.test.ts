import { ArgumentError, KnownErrors } from "../../src/index";
import { clientFor, startTestEmulator, uniqueEmail } from "../helpers/emulator";
import type { Emulator } from "../helpers/emulator";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.stop());

async function signedInUser() {
  const { app } = clientFor(emulator);
  await app.signUpWithCredential({ email: uniqueEmail("oauthp"), password: "linked accounts 1" });
  return { app, user: await app.getUser({ or: "throw" }) };
}

/** Links a provider account to a user the way a server does (`POST /oauth-providers`, server access). */
async function link(userId: string, body: Record<string, unknown> = {}) {
  const res = await fetch(`${emulator.url}/api/v1/oauth-providers`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-stack-access-type": "server",
      "x-stack-project-id": emulator.projectId,
      "x-stack-secret-server-key": emulator.keys.secretServerKey,
    },
    body: JSON.stringify({ user_id: userId, provider_config_id: "github", account_id: `acct-${uniqueEmail("a")}`, email: "ada@github.example", allow_sign_in: true, allow_connected_accounts: true, ...body }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; account_id: string };
}

test("list, get, update and delete the user's OAuth connections", async () => {
  const { app, user } = await signedInUser();
  const linked = await link(user.id);
  const list = await user.listOAuthProviders();
  expect(list).toHaveLength(1);
  const [github] = list;
  expect(github).toMatchObject({ id: linked.id, type: "github", userId: user.id, email: "ada@github.example", allowSignIn: true, allowConnectedAccounts: true });
  expect(github.accountId).toBeUndefined(); // the platform shows it to servers only
  expect((await user.getOAuthProvider(linked.id))?.id).toBe(linked.id);
  expect(await user.getOAuthProvider("00000000-0000-4000-8000-000000000000")).toBeNull();
  await expect(user.getOAuthProvider(undefined as never)).rejects.toThrow(ArgumentError);

  expect((await github.update({ allowSignIn: false })).status).toBe("ok");
  expect((await user.getOAuthProvider(linked.id))?.allowSignIn).toBe(false);
  expect((await app.getUser({ or: "throw" })).oauthProviders).toEqual([{ id: "github", accountId: linked.account_id, email: "ada@github.example" }]);

  await github.delete();
  expect(await user.listOAuthProviders()).toEqual([]);
  expect((await app.getUser({ or: "throw" })).oauthProviders).toEqual([]);
});

test("allowing sign-in with an account another user signs in with is an error result", async () => {
  const a = await signedInUser();
  const b = await signedInUser();
  await link(b.user.id, { account_id: "shared-42" });
  const mine = await link(a.user.id, { account_id: "shared-42", allow_sign_in: false });
  const provider = (await a.user.getOAuthProvider(mine.id))!;
  const result = await provider.update({ allowSignIn: true });
  expect(result.status === "error" && KnownErrors.OAuthProviderAccountIdAlreadyUsedForSignIn.isInstance(result.error)).toBe(true);
  expect((await a.user.getOAuthProvider(mine.id))?.allowSignIn).toBe(false);
});

test("a client cannot read, change or delete another user's connections", async () => {
  const a = await signedInUser();
  const b = await signedInUser();
  const linked = await link(a.user.id);
  const headers = {
    "content-type": "application/json",
    "x-stack-access-type": "client",
    "x-stack-project-id": emulator.projectId,
    "x-stack-publishable-client-key": emulator.keys.publishableClientKey,
    "x-stack-access-token": (await b.app.getAccessToken())!,
  };
  const base = `${emulator.url}/api/v1/oauth-providers`;
  expect((await fetch(`${base}?user_id=${a.user.id}`, { headers })).status).toBe(403);
  expect((await fetch(`${base}/${a.user.id}/${linked.id}`, { headers })).status).toBe(403);
  expect((await fetch(`${base}/${a.user.id}/${linked.id}`, { method: "PATCH", headers, body: JSON.stringify({ allow_sign_in: false }) })).status).toBe(403);
  const { "content-type": _json, ...noBody } = headers;
  expect((await fetch(`${base}/${a.user.id}/${linked.id}`, { method: "DELETE", headers: noBody })).status).toBe(403);
  // b naming its own user with a's connection id finds nothing.
  expect((await fetch(`${base}/me/${linked.id}`, { headers })).status).toBe(404);
  expect(await a.user.listOAuthProviders()).toHaveLength(1);
});
