import { Session } from "../../../src/session/session";
import { internalSessionOf } from "../../../src/session/internal-session";
import { accessTokenOf } from "../../../src/session/access-token";
import { createMemoryTokenStore } from "../../../src/token-stores";
import { ArgumentError } from "../../../src/errors";
import { knownError } from "../../../src/errors/lineage";
import { fakeAccessToken, fakeRefreshToken } from "../../helpers/tokens";

const NOW = 1_800_000_000_000;
let clock = NOW;
const now = () => clock;
beforeEach(() => {
  clock = NOW;
});

/** A session over a memory store, whose access token was issued `issuedAgo` seconds before NOW. */
function setup(accessSeconds: number | null, issuedAgo = 0) {
  const iat = Math.floor(NOW / 1000) - issuedAgo;
  const store = createMemoryTokenStore({
    accessToken: accessSeconds === null ? null : fakeAccessToken(accessSeconds, NOW, { iat }),
    refreshToken: fakeRefreshToken(),
  });
  let n = 0;
  const refresher = jest.fn(async () => fakeAccessToken(600, NOW, { iat: Math.floor(NOW / 1000), n: ++n }));
  const session = new Session(store, refresher, now);
  return { store, refresher, session, view: internalSessionOf(session) };
}

test("one view per session; accessTokenOf decodes claims and times", () => {
  const { session, view } = setup(600);
  expect(internalSessionOf(session)).toBe(view);
  const token = accessTokenOf(fakeAccessToken(600, NOW, { iat: NOW / 1000 - 30 }), now);
  expect(token.payload.sub).toBe("user-1");
  expect(token.expiresAt).toEqual(new Date(NOW + 600_000));
  expect([token.expiresInMillis, token.issuedMillisAgo, token.isExpired()]).toEqual([600_000, 30_000, false]);
  clock = NOW + 601_000;
  expect([token.expiresInMillis, token.isExpired()]).toEqual([0, true]);
  expect(accessTokenOf("garbage").isExpired()).toBe(true);
});

test("synchronous members answer from the tokens last read; sessionKey follows them", async () => {
  const { session, view, store } = setup(600);
  expect(view.sessionKey).toBe("not-logged-in"); // nothing read yet
  expect(view.getAccessTokenIfNotExpiredYet(0, null)).toBeNull();
  await session.getTokens();
  expect(view.sessionKey).toBe(`refresh-${fakeRefreshToken()}`);
  expect(view.getRefreshToken()).toEqual({ token: fakeRefreshToken() });
  expect(view.getAccessTokenIfNotExpiredYet(0, null)?.token).toBe((await store.get()).accessToken);
  expect(view.getAccessTokenIfNotExpiredYet(700_000, null)).toBeNull(); // not that much left
  await store.set({ accessToken: "a.b.c", refreshToken: null });
  await session.read();
  expect(view.sessionKey).toBe("access-a.b.c");
  expect(view.getRefreshToken()).toBeNull();
});

test("getAccessTokenIfNotExpiredYet honours maxMillisSinceIssued; getOrFetchLikelyValidTokens refreshes a token issued too long ago", async () => {
  const { session, view, refresher } = setup(600, 100);
  await session.read();
  expect(view.getAccessTokenIfNotExpiredYet(0, 200_000)).not.toBeNull();
  expect(view.getAccessTokenIfNotExpiredYet(0, 75_000)).toBeNull();
  const kept = await view.getOrFetchLikelyValidTokens(20_000, null);
  expect(refresher).not.toHaveBeenCalled();
  const fresh = await view.getOrFetchLikelyValidTokens(20_000, 75_000);
  expect(refresher).toHaveBeenCalledTimes(1);
  expect(fresh?.accessToken.token).not.toBe(kept?.accessToken.token);
  expect(fresh?.refreshToken).toEqual({ token: fakeRefreshToken() });
  await expect(view.getOrFetchLikelyValidTokens(90_000, null)).rejects.toThrow(ArgumentError);
});

test("fetchNewTokens always refreshes; without a refresh token it is null", async () => {
  const { view, refresher, store } = setup(600);
  const first = await view.fetchNewTokens();
  const second = await view.fetchNewTokens();
  expect(refresher).toHaveBeenCalledTimes(2);
  expect(first?.accessToken.token).not.toBe(second?.accessToken.token);
  expect((await store.get()).accessToken).toBe(second?.accessToken.token);
  await store.set({ accessToken: null, refreshToken: null });
  expect(await view.fetchNewTokens()).toBeNull();
});

test("markAccessTokenExpired and suggestAccessTokenExpired make the next use refresh", async () => {
  const { session, view, refresher } = setup(600);
  const tokens = await view.getOrFetchLikelyValidTokens(0, null);
  view.markAccessTokenExpired(tokens!.accessToken);
  expect(view.getAccessTokenIfNotExpiredYet(0, null)).toBeNull();
  await session.getTokens();
  expect(refresher).toHaveBeenCalledTimes(1);
  view.suggestAccessTokenExpired();
  await session.getTokens();
  expect(refresher).toHaveBeenCalledTimes(2);
  view.markAccessTokenExpired("some.other.token"); // not the current one: nothing changes
  await session.getTokens();
  expect(refresher).toHaveBeenCalledTimes(2);
});

test("markInvalid ends the session: store cleared, listeners told, known invalid until a new sign-in", async () => {
  const { session, view, store } = setup(600);
  await session.read();
  const listener = jest.fn();
  const other = jest.fn();
  view.onInvalidate(listener);
  view.onInvalidate(other).unsubscribe();
  view.markInvalid();
  await new Promise((r) => setTimeout(r, 0));
  expect(listener).toHaveBeenCalledTimes(1);
  expect(other).not.toHaveBeenCalled();
  expect(view.isKnownToBeInvalid()).toBe(true);
  expect(await store.get()).toEqual({ accessToken: null, refreshToken: null });
  expect(await view.getOrFetchLikelyValidTokens(20_000, null)).toBeNull();
  await session.setTokens({ accessToken: fakeAccessToken(600, NOW), refreshToken: fakeRefreshToken("b") });
  expect(view.isKnownToBeInvalid()).toBe(false);
});

test("a refresh the server refuses makes the session known invalid", async () => {
  const store = createMemoryTokenStore({ accessToken: null, refreshToken: fakeRefreshToken() });
  const session = new Session(store, async () => {
    throw knownError("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED", undefined, "gone", 401);
  }, now);
  const view = internalSessionOf(session);
  expect(await view.getOrFetchLikelyValidTokens(20_000, null)).toBeNull();
  expect(view.isKnownToBeInvalid()).toBe(true);
  expect(view.getRefreshToken()).toBeNull();
});
