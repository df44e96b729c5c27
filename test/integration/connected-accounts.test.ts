import { ArgumentError, KnownErrors } from "../../src/index";
import { clientFor, startTestEmulator, uniqueEmail } from "../helpers/emulator";
import type { Emulator } from "../helpers/emulator";
import { oauthSignIn } from "../emulator/oauth-helpers";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.stop());

/** A user who signed in with the emulator's mock GitHub (so the platform holds a provider token for them). */
async function githubUser() {
  const email = uniqueEmail("gh");
  const { token } = await oauthSignIn(emulator, { provider: "github", email });
  expect(token.status).toBe(200);
  const { app } = clientFor(emulator, { tokenStore: { accessToken: token.json.access_token, refreshToken: token.json.refresh_token } });
  return { app, user: await app.getUser({ or: "throw" }) };
}

test("a connected GitHub account gives provider tokens for granted scopes; other scopes are an OAUTH_ACCESS_TOKEN_NOT_AVAILABLE result", async () => {
  const { user } = await githubUser();
  const accounts = await user.listConnectedAccounts();
  expect(accounts).toHaveLength(1);
  const [github] = accounts;
  expect(github).toMatchObject({ id: "github", provider: "github", providerAccountId: expect.any(String) });
  expect((await user.getConnectedAccount({ provider: "github", providerAccountId: github.providerAccountId }))?.providerAccountId).toBe(github.providerAccountId);

  const plain = await github.getAccessToken();
  expect(plain.status).toBe("ok");
  const scoped = await github.getAccessToken({ scopes: ["user:email"] });
  expect(scoped.status === "ok" && scoped.data.accessToken).toBeTruthy();

  const missing = await github.getAccessToken({ scopes: ["admin:org"] });
  expect(missing.status === "error" && KnownErrors.OAuthAccessTokenNotAvailable.isInstance(missing.error)).toBe(true);
  await expect(github.getAccessToken({ scopes: "repo" as never })).rejects.toThrow(ArgumentError);
});

test("the deprecated getConnectedAccount(providerId) form: the account and a token from the provider-level endpoint, or null", async () => {
  const { user } = await githubUser();
  const [listed] = await user.listConnectedAccounts();
  const github = await user.getConnectedAccount("github", { scopes: ["user:email"] });
  expect(github).toMatchObject({ id: "github", provider: "github", providerAccountId: listed.providerAccountId });
  const { accessToken } = await github!.getAccessToken();
  expect(accessToken).toEqual(expect.any(String));
  expect(accessToken.length).toBeGreaterThan(0);
  expect(await user.getConnectedAccount("google")).toBeNull();
  expect(await user.getConnectedAccount("github", { scopes: ["admin:org"] })).toBeNull();
  expect(await user.getConnectedAccount("github", { or: "throw", scopes: ["admin:org"] })).toBeNull();
  // "redirect" returns a connected account as it is; a missing one needs the browser's linking flow (not in Node).
  expect((await user.getConnectedAccount("github", { or: "redirect" })).providerAccountId).toBe(listed.providerAccountId);
  await expect(user.getConnectedAccount("google", { or: "redirect" })).rejects.toThrow(/only works in a browser page/);
});

test("an account no longer allowed for connected accounts: 'not connected' is an error result", async () => {
  const { user } = await githubUser();
  const [github] = await user.listConnectedAccounts();
  const [provider] = await user.listOAuthProviders();
  expect((await provider.update({ allowConnectedAccounts: false })).status).toBe("ok");
  expect(await user.listConnectedAccounts()).toEqual([]);
  const result = await github.getAccessToken();
  // The platform says OAUTH_CONNECTION_NOT_CONNECTED_TO_USER; like the official SDK, the client reports "no token".
  expect(result.status === "error" && [result.error.code, result.error.details?.provider]).toEqual(["OAUTH_ACCESS_TOKEN_NOT_AVAILABLE", "github"]);
});

test("a server-linked account without a stored provider token: token not available is an error result", async () => {
  const { app } = clientFor(emulator);
  await app.signUpWithCredential({ email: uniqueEmail("linked"), password: "linked by server 1" });
  const user = await app.getUser({ or: "throw" });
  const res = await fetch(`${emulator.url}/api/v1/oauth-providers`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-stack-access-type": "server",
      "x-stack-project-id": emulator.projectId,
      "x-stack-secret-server-key": emulator.keys.secretServerKey,
    },
    body: JSON.stringify({ user_id: user.id, provider_config_id: "google", account_id: "g-77", allow_sign_in: false, allow_connected_accounts: true }),
  });
  expect(res.status).toBe(201);
  const google = (await user.getConnectedAccount({ provider: "google", providerAccountId: "g-77" }))!;
  const result = await google.getAccessToken();
  expect(result.status === "error" && KnownErrors.OAuthAccessTokenNotAvailable.isInstance(result.error)).toBe(true);
});

test("a client cannot list another user's connected accounts or get tokens for them", async () => {
  const a = await githubUser();
  const b = await githubUser();
  const [github] = await a.user.listConnectedAccounts();
  const headers = {
    "content-type": "application/json",
    "x-stack-access-type": "client",
    "x-stack-project-id": emulator.projectId,
    "x-stack-publishable-client-key": emulator.keys.publishableClientKey,
    "x-stack-access-token": (await b.app.getAccessToken())!,
  };
  expect((await fetch(`${emulator.url}/api/v1/connected-accounts/${a.user.id}`, { headers })).status).toBe(403);
  const token = await fetch(`${emulator.url}/api/v1/connected-accounts/${a.user.id}/github/${github.providerAccountId}/access-token`, {
    method: "POST",
    headers,
    body: JSON.stringify({}),
  });
  expect(token.status).toBe(403);
});
