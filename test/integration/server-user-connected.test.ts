import { ArgumentError, KnownErrors, LatchkeyError } from "../../src/index";
import { routeStats, serverFor, startTestEmulator, uniqueEmail } from "../helpers/emulator";
import type { Emulator } from "../helpers/emulator";
import { oauthSignIn } from "../emulator/oauth-helpers";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.stop());

/** A user who signed in with the emulator's mock GitHub (the platform holds a provider token), read by the server. */
async function githubUser() {
  const { token } = await oauthSignIn(emulator, { provider: "github", email: uniqueEmail("gh-srv") });
  expect(token.status).toBe(200);
  const server = serverFor(emulator);
  const me = await server.getUser({ tokenStore: { accessToken: token.json.access_token, refreshToken: token.json.refresh_token }, or: "throw" });
  return { server, user: (await server.getUser(me.id))! };
}

test("listConnectedAccounts and getConnectedAccount({ provider, providerAccountId }) on a server user", async () => {
  const { user } = await githubUser();
  const accounts = await user.listConnectedAccounts();
  expect(accounts).toHaveLength(1);
  const [github] = accounts;
  expect(github).toMatchObject({ id: "github", provider: "github", providerAccountId: expect.any(String) });
  const token = await github.getAccessToken({ scopes: ["user:email"] });
  expect(token.status === "ok" && token.data.accessToken).toBeTruthy();
  const missing = await github.getAccessToken({ scopes: ["admin:org"] });
  // As the official OAuthConnection (and the client's): a missing token is OAUTH_ACCESS_TOKEN_NOT_AVAILABLE, whatever the reason.
  expect(missing.status === "error" && KnownErrors.OAuthAccessTokenNotAvailable.isInstance(missing.error)).toBe(true);
  expect(missing.status === "error" && missing.error.details).toMatchObject({ provider: "github" });

  const same = await user.getConnectedAccount({ provider: "github", providerAccountId: github.providerAccountId });
  expect(same?.providerAccountId).toBe(github.providerAccountId);
  expect(await user.getConnectedAccount({ provider: "github", providerAccountId: "someone-else" })).toBeNull();
  await expect(user.getConnectedAccount({ provider: "github" } as never)).rejects.toThrow(ArgumentError);
  await expect(github.getAccessToken({ scopes: "repo" as never })).rejects.toThrow(ArgumentError);
});

test("getConnectedAccount(provider): the account with a token-giving getAccessToken, or null when no token can be had", async () => {
  const { server, user } = await githubUser();
  const github = await user.getConnectedAccount("github");
  expect(github).toMatchObject({ id: "github", provider: "github" });
  expect((await github!.getAccessToken()).accessToken).toEqual(expect.any(String));
  expect((await user.getConnectedAccount("github", { scopes: ["user:email"] }))?.provider).toBe("github");
  expect(await user.getConnectedAccount("github", { scopes: ["admin:org"] })).toBeNull();
  expect(await user.getConnectedAccount("google")).toBeNull();

  // linked by the server without a provider token: the provider has no token, so null (the case)
  const linked = await server.createOAuthProvider({
    userId: user.id, providerConfigId: "google", accountId: "g-1", email: "ada@google.example", allowSignIn: false, allowConnectedAccounts: true,
  });
  expect(linked.status).toBe("ok");
  expect((await user.listConnectedAccounts()).map((a) => a.provider).sort()).toEqual(["github", "google"]);
  expect(await user.getConnectedAccount("google")).toBeNull();
  const thrown = await user.getConnectedAccount("google", { or: "throw" }).catch((e: unknown) => e);
  expect(KnownErrors.OAuthAccessTokenNotAvailable.isInstance(thrown)).toBe(true);
  const redirect = await user.getConnectedAccount("google", { or: "redirect" }).catch((e: unknown) => e);
  expect(LatchkeyError.isInstance(redirect) && (redirect as Error).name).toBe("ConnectedAccountRedirectError");
  expect((await user.getConnectedAccount("github", { or: "redirect" }))?.provider).toBe("github");
  // Linking needs the user's browser: a server user's linking methods reject (as the official SDK's do).
  for (const link of [() => user.linkConnectedAccount("github"), () => user.getOrLinkConnectedAccount("github", { scopes: ["repo"] })]) {
    const error = await link().catch((e: unknown) => e);
    expect(LatchkeyError.isInstance(error) && [(error as Error).name, (error as Error).message]).toEqual([
      "ConnectedAccountRedirectError",
      expect.stringMatching(/^(linkConnectedAccount|getOrLinkConnectedAccount) is not available on a server/),
    ]);
  }

  const before = (await routeStats(emulator, "POST /connected-accounts/:user_id/:provider_id/access-token")).requests;
  await expect(user.getConnectedAccount("github", { or: "sometimes" } as never)).rejects.toThrow(ArgumentError);
  await expect(user.getConnectedAccount("github", { scopes: ["has space"] })).rejects.toThrow(ArgumentError);
  await expect(user.getConnectedAccount("")).rejects.toThrow(ArgumentError);
  expect((await routeStats(emulator, "POST /connected-accounts/:user_id/:provider_id/access-token")).requests).toBe(before);
});

test("a connection changed through the server shows in listConnectedAccounts at once", async () => {
  const { user } = await githubUser();
  const [provider] = await user.listOAuthProviders();
  expect(await user.listConnectedAccounts()).toHaveLength(1);
  expect((await provider.update({ allowConnectedAccounts: false })).status).toBe("ok");
  expect(await user.listConnectedAccounts()).toEqual([]);
  expect(await user.getConnectedAccount("github")).toBeNull();
});
