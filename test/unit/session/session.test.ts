import { Session } from "../../../src/session/session";
import { createMemoryTokenStore } from "../../../src/token-stores";
import { ArgumentError, KnownErrors } from "../../../src/errors";
import { fakeAccessToken, fakeRefreshToken } from "../../helpers/tokens";

const NOW = 1_800_000_000_000;
const now = () => NOW;

function setup(accessSeconds: number | null, refresher = jest.fn(async () => fakeAccessToken(600, NOW))) {
  const store = createMemoryTokenStore({
    accessToken: accessSeconds === null ? null : fakeAccessToken(accessSeconds, NOW),
    refreshToken: fakeRefreshToken(),
  });
  return { store, refresher, session: new Session(store, refresher, now) };
}

describe("the 20 s rule", () => {
  test("a token with at least 20 s left is reused", async () => {
    const { session, refresher, store } = setup(20);
    const before = (await store.get()).accessToken;
    expect((await session.getTokens()).accessToken).toBe(before);
    expect(refresher).not.toHaveBeenCalled();
  });

  test("a token with under 20 s left is refreshed and stored", async () => {
    const { session, refresher, store } = setup(19);
    const { accessToken } = await session.getTokens();
    expect(refresher).toHaveBeenCalledWith(fakeRefreshToken());
    expect(accessToken).toBe(fakeAccessToken(600, NOW));
    expect((await store.get()).accessToken).toBe(accessToken);
  });

  test("a missing access token is fetched with the refresh token", async () => {
    const { session, refresher } = setup(null);
    expect((await session.getTokens()).accessToken).toBe(fakeAccessToken(600, NOW));
    expect(refresher).toHaveBeenCalledTimes(1);
  });

  test("an unreadable access token counts as expired", async () => {
    const store = createMemoryTokenStore({ accessToken: "not-a-jwt", refreshToken: fakeRefreshToken() });
    const refresher = jest.fn(async () => fakeAccessToken(600, NOW));
    await new Session(store, refresher, now).getTokens();
    expect(refresher).toHaveBeenCalledTimes(1);
  });

  test("a caller may ask for more validity, but not 60 s or more", async () => {
    const { session, refresher } = setup(40);
    await session.getTokens(30_000);
    expect(refresher).not.toHaveBeenCalled();
    await session.getTokens(45_000);
    expect(refresher).toHaveBeenCalledTimes(1);
    await expect(session.getTokens(60_000)).rejects.toThrow(ArgumentError);
    await expect(session.getTokens(60_000)).rejects.toThrow(/under 60000 ms/);
    await expect(session.getTokens(-1)).rejects.toThrow(ArgumentError);
    expect(refresher).toHaveBeenCalledTimes(1);
  });

  test("without a refresh token, a token that is still valid is used; an expired one is not", async () => {
    const valid = new Session(createMemoryTokenStore({ accessToken: fakeAccessToken(10, NOW), refreshToken: null }), jest.fn(), now);
    expect((await valid.getTokens()).accessToken).toBe(fakeAccessToken(10, NOW));
    const expired = new Session(createMemoryTokenStore({ accessToken: fakeAccessToken(-5, NOW), refreshToken: null }), jest.fn(), now);
    expect(await expired.getTokens()).toEqual({ accessToken: null, refreshToken: null });
  });
});

describe("refreshing", () => {
  test("50 concurrent callers with a stale token share one refresh", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const refresher = jest.fn(async () => {
      await gate;
      return fakeAccessToken(600, NOW);
    });
    const { session } = setup(5, refresher);
    const all = Promise.all(Array.from({ length: 50 }, () => session.getTokens()));
    release();
    const results = await all;
    expect(refresher).toHaveBeenCalledTimes(1);
    expect(new Set(results.map((r) => r.accessToken))).toEqual(new Set([fakeAccessToken(600, NOW)]));
  });

  test("a token marked expired by the server is refreshed even if its exp looks fine", async () => {
    const { session, refresher, store } = setup(300);
    session.markAccessTokenExpired((await store.get()).accessToken!);
    await session.getTokens();
    expect(refresher).toHaveBeenCalledTimes(1);
  });

  test("a refresh-token error invalidates the session and clears the store", async () => {
    const refresher = jest.fn(async (): Promise<string> => {
      throw new KnownErrors.RefreshTokenNotFoundOrExpired();
    });
    const { session, store } = setup(1, refresher);
    const onInvalidate = jest.fn();
    session.onInvalidate(onInvalidate);
    expect(await session.getTokens()).toEqual({ accessToken: null, refreshToken: null });
    expect(await store.get()).toEqual({ accessToken: null, refreshToken: null });
    expect(onInvalidate).toHaveBeenCalledTimes(1);
  });

  test("other refresh failures propagate and keep the tokens", async () => {
    const refresher = jest.fn(async (): Promise<string> => {
      throw new Error("network down");
    });
    const { session, store } = setup(1, refresher);
    await expect(session.getTokens()).rejects.toThrow("network down");
    expect((await store.get()).refreshToken).toBe(fakeRefreshToken());
  });

  test("a sign-in during a refresh is not overwritten by the refresh's result", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const refresher = jest.fn(async () => {
      await gate;
      return fakeAccessToken(600, NOW);
    });
    const { session, store } = setup(1, refresher);
    const pending = session.getTokens();
    await Promise.resolve();
    const fresh = { accessToken: fakeAccessToken(900, NOW), refreshToken: fakeRefreshToken("b") };
    await session.setTokens(fresh);
    release();
    expect(await pending).toEqual(fresh);
    expect(await store.get()).toEqual(fresh);
  });
});
