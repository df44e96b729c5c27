import { ArgumentError, KnownErrors, ServerApp } from "../../src/index";
import { clientFor, startTestEmulator, uniqueEmail } from "../helpers/emulator";
import type { Emulator } from "../helpers/emulator";
import { oauthSignIn } from "../emulator/oauth-helpers";
import { signedInUser } from "./team-helpers";

let emulator: Emulator;
let server: ServerApp;
beforeAll(async () => {
  emulator = await startTestEmulator();
  server = new ServerApp({ projectId: emulator.projectId, baseUrl: emulator.url, secretServerKey: emulator.keys.secretServerKey, tokenStore: "memory" });
});
afterAll(() => emulator.stop());

const accountId = () => `acct-${uniqueEmail("a")}`;

test("createOAuthProvider, listOAuthProviders, getOAuthProvider, update and delete for any user", async () => {
  const { user } = await signedInUser(emulator, "srv-oauth");
  const account = accountId();
  const created = await server.createOAuthProvider({
    userId: user.id,
    providerConfigId: "github",
    accountId: account,
    email: "ada@github.example",
    allowSignIn: true,
    allowConnectedAccounts: true,
  });
  expect(created.status).toBe("ok");
  const provider = created.status === "ok" ? created.data : (undefined as never);
  expect(provider).toMatchObject({ type: "github", userId: user.id, accountId: account, email: "ada@github.example", allowSignIn: true, allowConnectedAccounts: true });

  const listed = await server.listOAuthProviders(user.id);
  expect(listed.map((p) => p.id)).toEqual([provider.id]);
  expect((await server.getOAuthProvider(user.id, provider.id))?.accountId).toBe(account);
  expect(await server.getOAuthProvider(user.id, "00000000-0000-4000-8000-000000000000")).toBeNull();
  // the user's own session sees the new connection too
  expect((await user.listOAuthProviders()).map((p) => p.id)).toEqual([provider.id]);

  expect((await provider.update({ allowSignIn: false, email: "ada@new.example" })).status).toBe("ok");
  expect(await server.getOAuthProvider(user.id, provider.id)).toMatchObject({ allowSignIn: false, email: "ada@new.example" });

  await provider.delete();
  expect(await server.listOAuthProviders(user.id)).toEqual([]);
});

test("an account id another user signs in with is an error result, on create and on update", async () => {
  const first = await signedInUser(emulator, "srv-oauth-a");
  const second = await signedInUser(emulator, "srv-oauth-b");
  const account = accountId();
  const base = { providerConfigId: "github", accountId: account, email: "x@github.example", allowConnectedAccounts: true };
  expect((await server.createOAuthProvider({ ...base, userId: first.user.id, allowSignIn: true })).status).toBe("ok");

  const clash = await server.createOAuthProvider({ ...base, userId: second.user.id, allowSignIn: true });
  expect(clash.status === "error" && KnownErrors.OAuthProviderAccountIdAlreadyUsedForSignIn.isInstance(clash.error)).toBe(true);

  const quiet = await server.createOAuthProvider({ ...base, userId: second.user.id, allowSignIn: false });
  expect(quiet.status).toBe("ok");
  const update = quiet.status === "ok" ? await quiet.data.update({ allowSignIn: true }) : (undefined as never);
  expect(update.status === "error" && KnownErrors.OAuthProviderAccountIdAlreadyUsedForSignIn.isInstance(update.error)).toBe(true);
});

test("platform errors that are not results are thrown; arguments are checked first", async () => {
  const { user } = await signedInUser(emulator, "srv-oauth-c");
  const base = { userId: user.id, providerConfigId: "github", accountId: accountId(), email: "c@github.example", allowSignIn: false, allowConnectedAccounts: true };
  const unknownUser = await server.createOAuthProvider({ ...base, userId: "00000000-0000-4000-8000-000000000000" }).catch((e) => e);
  expect(KnownErrors.UserNotFound.isInstance(unknownUser)).toBe(true);
  await expect(server.createOAuthProvider({ ...base, providerConfigId: "not-configured" })).rejects.toThrow(/not found or not configured/);

  await expect(server.createOAuthProvider({ ...base, allowSignIn: "yes" as never })).rejects.toThrow(ArgumentError);
  await expect(server.createOAuthProvider({ ...base, email: undefined as never })).rejects.toThrow(ArgumentError);
  await expect(server.listOAuthProviders("")).rejects.toThrow(ArgumentError);
  await expect(server.getOAuthProvider(user.id, undefined as never)).rejects.toThrow(ArgumentError);
});

test("connected-account access tokens for any user: ok with granted scopes, error results otherwise", async () => {
  const email = uniqueEmail("srv-gh");
  const { token } = await oauthSignIn(emulator, { provider: "github", email });
  expect(token.status).toBe(200);
  const { app } = clientFor(emulator, { tokenStore: { accessToken: token.json.access_token, refreshToken: token.json.refresh_token } });
  const user = await app.getUser({ or: "throw" });
  const [github] = await server.listOAuthProviders(user.id);

  const plain = await server.getConnectedAccountAccessToken({ userId: user.id, provider: "github" });
  expect(plain.status === "ok" && plain.data.accessToken).toBeTruthy();
  const exact = await server.getConnectedAccountAccessToken({ userId: user.id, provider: "github", providerAccountId: github.accountId, scopes: ["user:email"] });
  expect(exact.status).toBe("ok");

  const scope = await server.getConnectedAccountAccessToken({ userId: user.id, provider: "github", scopes: ["admin:org"] });
  expect(scope.status === "error" && KnownErrors.OAuthConnectionDoesNotHaveRequiredScope.isInstance(scope.error)).toBe(true);
  const none = await server.getConnectedAccountAccessToken({ userId: user.id, provider: "google" });
  expect(none.status === "error" && KnownErrors.OAuthConnectionNotConnectedToUser.isInstance(none.error)).toBe(true);

  // After the connection stops allowing connected accounts the cached token is dropped.
  expect((await github.update({ allowConnectedAccounts: false })).status).toBe("ok");
  const gone = await server.getConnectedAccountAccessToken({ userId: user.id, provider: "github" });
  expect(gone.status === "error" && KnownErrors.OAuthConnectionNotConnectedToUser.isInstance(gone.error)).toBe(true);

  await expect(server.getConnectedAccountAccessToken({ userId: user.id, provider: "github", scopes: "repo" as never })).rejects.toThrow(ArgumentError);
  await expect(server.getConnectedAccountAccessToken({ userId: "", provider: "github" })).rejects.toThrow(ArgumentError);
});

test("a server-linked account has no provider token: OAUTH_ACCESS_TOKEN_NOT_AVAILABLE as an error result", async () => {
  const { user } = await signedInUser(emulator, "srv-oauth-d");
  const created = await server.createOAuthProvider({ userId: user.id, providerConfigId: "github", accountId: accountId(), email: "d@github.example", allowSignIn: false, allowConnectedAccounts: true });
  expect(created.status).toBe("ok");
  const result = await server.getConnectedAccountAccessToken({ userId: user.id, provider: "github" });
  expect(result.status === "error" && KnownErrors.OAuthAccessTokenNotAvailable.isInstance(result.error)).toBe(true);
});
