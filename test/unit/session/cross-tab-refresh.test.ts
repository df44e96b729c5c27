/** @jest-environment ./test/support/jsdom-env.cjs */
// Two "tabs" are two apps (or sessions) over the cookie store of one jsdom page: they share its cookie jar, as
// the tabs of one browser share theirs.
import Cookies from "js-cookie";
import { ClientApp } from "../../../src/index";
import { refreshAcrossTabs } from "../../../src/session/cross-tab-refresh";
import type { CrossTabOptions } from "../../../src/session/cross-tab-refresh";
import { Session } from "../../../src/session/session";
import { createCookieTokenStore } from "../../../src/token-stores/cookie";
import { createMemoryTokenStore } from "../../../src/token-stores/memory";
import { PROJECT } from "../../helpers/http";
import { fakeAccessToken, fakeRefreshToken } from "../../helpers/tokens";
import { clearCookies, jar, plant, structured } from "../token-stores/helpers";
import { fakePlatform, FakeLocks, installLocks, tabOptions } from "./cross-tab-helpers";

const REFRESH = fakeRefreshToken("r");
const LOCK = `latchkey-refresh-${PROJECT}`;
const MARKER = `latchkey-refreshing-${PROJECT}`;

/** Both tabs' cookies: signed in, with an access token that has `seconds` left (under 20 s: both need a refresh). */
function signedInCookies(seconds = 10): string {
  const access = fakeAccessToken(seconds);
  plant(`stack-refresh-${PROJECT}--default`, structured(REFRESH, Date.now()));
  plant("stack-access", JSON.stringify([REFRESH, access]));
  return access;
}

const storedAccessToken = () => JSON.parse(jar()["stack-access"] ?? "[]")[1] ?? null;

/** A session over a fresh cookie store ("a tab") whose refreshes go through refreshAcrossTabs with `options`. */
function tab(refresher: (refreshToken: string) => Promise<string>, options: Omit<CrossTabOptions, "cookies">): Session {
  const session = new Session(createCookieTokenStore({ projectId: PROJECT }), refresher);
  session.crossTab = Promise.resolve((run, refreshToken, replaced) => refreshAcrossTabs(PROJECT, session, run, refreshToken, replaced, { cookies: Cookies, ...options }));
  return session;
}

const slowRefresher = (renewed: string, ms = 50) => jest.fn(async () => new Promise<string>((done) => setTimeout(() => done(renewed), ms)));

let restoreLocks: (() => void) | undefined;
afterEach(() => {
  restoreLocks?.();
  restoreLocks = undefined;
  clearCookies();
});

describe("two tabs needing a refresh at once make one", () => {
  test("with Web Locks: the second tab takes the lock after the first and finds the new token in the cookies", async () => {
    const locks = new FakeLocks();
    restoreLocks = installLocks(locks);
    const old = signedInCookies();
    const platform = fakePlatform();
    const [a, b] = [new ClientApp(tabOptions(platform.fetch)), new ClientApp(tabOptions(platform.fetch))];

    const tokens = await Promise.all([a.getAccessToken(), b.getAccessToken()]);

    expect(tokens).toEqual([platform.renewed, platform.renewed]);
    expect(platform.refreshes()).toBe(1);
    expect(locks.granted).toEqual([LOCK, LOCK]);
    expect(storedAccessToken()).toBe(platform.renewed);
    expect(platform.renewed).not.toBe(old);
  });

  test("without Web Locks: a marker cookie makes the second tab poll the cookies instead, and is removed after", async () => {
    restoreLocks = installLocks(undefined);
    signedInCookies();
    const platform = fakePlatform({ delayMs: 150 });
    const [a, b] = [new ClientApp(tabOptions(platform.fetch)), new ClientApp(tabOptions(platform.fetch))];

    const tokens = await Promise.all([a.getAccessToken(), b.getAccessToken()]);

    expect(tokens).toEqual([platform.renewed, platform.renewed]);
    expect(platform.refreshes()).toBe(1);
    expect(jar()[MARKER]).toBeUndefined();
    expect(storedAccessToken()).toBe(platform.renewed);
  });

  test("a refresh the server refuses signs both tabs out, with one request", async () => {
    restoreLocks = installLocks(new FakeLocks());
    signedInCookies();
    const platform = fakePlatform({ refuse: true });
    const [a, b] = [new ClientApp(tabOptions(platform.fetch)), new ClientApp(tabOptions(platform.fetch))];

    expect(await Promise.all([a.getAccessToken(), b.getAccessToken()])).toEqual([null, null]);
    expect(platform.refreshes()).toBe(1);
    expect(await b.getRefreshToken()).toBeNull();
    expect(jar()).toEqual({});
  });

  test("a tab that needs a new token for its own reasons still refreshes once the other tab's token is stored", async () => {
    restoreLocks = installLocks(new FakeLocks());
    signedInCookies(600);
    const [renewed, ownRenewed] = [fakeAccessToken(900), fakeAccessToken(901)];
    const [a, b] = [tab(slowRefresher(renewed), {}), tab(slowRefresher(ownRenewed), {})];
    await Promise.all([a.read(), b.read()]);
    // b's claims are outdated (say, its user was renamed in b): a token a refreshed for expiry is no use to it.
    b.suggestAccessTokenExpired();
    const [fromA, fromB] = await Promise.all([a.refresh(REFRESH), b.getTokens()]);
    expect(fromA.accessToken).toBe(renewed);
    expect(fromB.accessToken).toBe(ownRenewed);
  });
});

describe("no tab ever blocks another", () => {
  test("a lock holder that never lets go: this tab waits the bounded time, then refreshes by itself", async () => {
    const locks = new FakeLocks();
    await locks.hold(LOCK); // a tab stuck mid-refresh, never releasing
    signedInCookies();
    const renewed = fakeAccessToken(900);
    const refresher = slowRefresher(renewed, 0);
    const session = tab(refresher, { locks, waitMs: 300 });

    const started = Date.now();
    const { accessToken } = await session.getTokens();

    expect(accessToken).toBe(renewed);
    expect(refresher).toHaveBeenCalledTimes(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(storedAccessToken()).toBe(renewed);
  });

  test("a lock holder whose tab closes (its lock released) lets the waiting tab go on at once", async () => {
    const locks = new FakeLocks();
    const close = await locks.hold(LOCK);
    signedInCookies();
    const refresher = slowRefresher(fakeAccessToken(900), 0);
    const session = tab(refresher, { locks }); // the default wait: 5 s
    setTimeout(close, 100);

    const started = Date.now();
    await session.getTokens();

    expect(Date.now() - started).toBeLessThan(1500);
    expect(refresher).toHaveBeenCalledTimes(1);
    expect(locks.granted).toEqual([LOCK, LOCK]);
  });

  test("without Web Locks, a marker left by a tab that closed mid-refresh delays this tab by the bounded time only", async () => {
    signedInCookies();
    plant(MARKER, `${Date.now() + 60_000}:gone`); // says "refreshing for a minute", but its tab is gone
    const renewed = fakeAccessToken(900);
    const refresher = slowRefresher(renewed, 0);
    const session = tab(refresher, { locks: null, waitMs: 300 });

    const started = Date.now();
    expect((await session.getTokens()).accessToken).toBe(renewed);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(refresher).toHaveBeenCalledTimes(1);
  });

  test("without Web Locks, a waiting tab takes the token the marker's holder stores, without refreshing", async () => {
    signedInCookies();
    plant(MARKER, `${Date.now() + 5_000}:other-tab`);
    const renewed = fakeAccessToken(900);
    setTimeout(() => plant("stack-access", JSON.stringify([REFRESH, renewed])), 120); // the other tab's result
    const refresher = jest.fn(async () => fakeAccessToken(901));

    const { accessToken } = await tab(refresher, { locks: null }).getTokens();

    expect(accessToken).toBe(renewed);
    expect(refresher).not.toHaveBeenCalled();
  });

  test("a lock the browser refuses (not a timeout) does not stop the refresh either", async () => {
    signedInCookies();
    const locks = { request: jest.fn(async () => Promise.reject(new DOMException("no locks in this document", "SecurityError"))) };
    const renewed = fakeAccessToken(900);
    const refresher = slowRefresher(renewed, 0);
    expect((await tab(refresher, { locks }).getTokens()).accessToken).toBe(renewed);
    expect(refresher).toHaveBeenCalledTimes(1);
  });

  test("an error of the refresh itself, made while holding the lock, is the caller's", async () => {
    signedInCookies();
    const session = tab(jest.fn(async () => Promise.reject(new Error("network down"))), { locks: new FakeLocks() });
    await expect(session.getTokens()).rejects.toThrow("network down");
  });
});

test("sessions over other stores never load the cross-tab code", async () => {
  restoreLocks = installLocks(new FakeLocks());
  const platform = fakePlatform();
  const memory = createMemoryTokenStore({ accessToken: fakeAccessToken(5), refreshToken: REFRESH });
  const app = new ClientApp({ ...tabOptions(platform.fetch), tokenStore: memory });
  const core = (app as unknown as { core: { session(): Session } }).core;
  expect(await app.getAccessToken()).toBe(platform.renewed);
  expect(core.session().crossTab).toBeUndefined();
  const cookieApp = new ClientApp(tabOptions(platform.fetch));
  expect((cookieApp as unknown as { core: { session(): Session } }).core.session().crossTab).toBeInstanceOf(Promise);
});
