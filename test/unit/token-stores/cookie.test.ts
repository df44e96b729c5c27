/** @jest-environment ./test/support/jsdom-env.cjs */
import Cookies from "js-cookie";
import { ArgumentError } from "../../../src/errors/base";
import { createCookieTokenStore } from "../../../src/token-stores/cookie";
import { createNextjsCookieTokenStore } from "../../../src/token-stores/nextjs-cookie";
import { resolveTokenStore } from "../../../src/token-stores/resolve";
import type { TokenPair } from "../../../src/token-stores/types";
import { clearCookies, jar, PID, plant, structured } from "./helpers";
import { readAsOfficial2_8_108, readAsOfficial2_8_86 } from "./official-readers";

const REFRESH = `stack-refresh-${PID}--default`;

afterEach(() => {
  clearCookies();
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe("cookie token store: writing (http)", () => {
  it("writes the refresh cookie as JSON and the access cookie as [refresh, access]", () => {
    const now = Date.now();
    jest.spyOn(Date, "now").mockReturnValue(now);
    const set = jest.spyOn(Cookies, "set");
    createCookieTokenStore({ projectId: PID }).set({ accessToken: "a1", refreshToken: "r1" });

    expect(jar()).toEqual({
      [REFRESH]: JSON.stringify({ refresh_token: "r1", updated_at_millis: now }),
      "stack-access": JSON.stringify(["r1", "a1"]),
    });
    expect(set).toHaveBeenCalledWith(REFRESH, expect.any(String), { path: "/", sameSite: "Lax", secure: false, expires: 365 });
    expect(set).toHaveBeenCalledWith("stack-access", '["r1","a1"]', { path: "/", sameSite: "Lax", secure: false, expires: 1 });
  });

  it("gives cookies of 1 year and 1 day", () => {
    const written: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, "cookie")!;
    jest.spyOn(document, "cookie", "set").mockImplementation((v: string) => {
      written.push(v);
      descriptor.set!.call(document, v);
    });
    const now = Date.now();
    createCookieTokenStore({ projectId: PID }).set({ accessToken: "a1", refreshToken: "r1" });
    const expiry = (prefix: string) => Date.parse(/expires=([^;]+)/.exec(written.find((w) => w.startsWith(prefix))!)![1]);
    expect(Math.round((expiry(REFRESH) - now) / 1000 / 60)).toBe(31536000 / 60);
    expect(Math.round((expiry("stack-access") - now) / 1000 / 60)).toBe(86400 / 60);
    expect(written.every((w) => /; path=\/; sameSite=Lax/.test(w) && !/secure/i.test(w))).toBe(true);
  });

  it("keeps an access token without refresh token in memory only", () => {
    const store = createCookieTokenStore({ projectId: PID });
    store.set({ accessToken: "a-only", refreshToken: null });
    expect(jar()).toEqual({});
    expect(store.get()).toEqual({ accessToken: "a-only", refreshToken: null });
  });

  it("clearing deletes the cookies", () => {
    const store = createCookieTokenStore({ projectId: PID });
    store.set({ accessToken: "a1", refreshToken: "r1" });
    store.set({ accessToken: null, refreshToken: null });
    expect(jar()).toEqual({});
    expect(store.get()).toEqual({ accessToken: null, refreshToken: null });
  });

  it("deletes every other token cookie of the project, leaving other cookies alone", () => {
    plant(`hexclave-refresh-${PID}--default`, structured("old", 1));
    plant("hexclave-access", JSON.stringify(["old", "old-a"]));
    plant(`stack-refresh-${PID}`, "legacy");
    plant("stack-refresh", "older");
    plant("stack-refresh-other-project", "x");
    plant("theme", "dark");
    createCookieTokenStore({ projectId: PID }).set({ accessToken: "a1", refreshToken: "r1" });
    expect(Object.keys(jar()).sort()).toEqual([REFRESH, "stack-access", "stack-refresh-other-project", "theme"].sort());
  });

  it("writes cookies that both official versions read back", () => {
    plant(`hexclave-refresh-${PID}--default`, structured("stale", Date.now() + 10_000));
    plant("hexclave-access", JSON.stringify(["stale", "stale-a"]));
    createCookieTokenStore({ projectId: PID }).set({ accessToken: "a1", refreshToken: "r1" });
    expect(readAsOfficial2_8_108(jar(), PID)).toEqual({ refreshToken: "r1", accessToken: "a1" });
    expect(readAsOfficial2_8_86(jar(), PID)).toEqual({ refreshToken: "r1", accessToken: "a1" });
  });
});

describe("cookie token store: reading", () => {
  const read = () => createCookieTokenStore({ projectId: PID }).get() as TokenPair;

  it("reads official 2.8.108 cookies", () => {
    plant(`hexclave-refresh-${PID}--default`, structured("r-hex", 5));
    plant("hexclave-access", JSON.stringify(["r-hex", "a-hex"]));
    expect(read()).toEqual({ refreshToken: "r-hex", accessToken: "a-hex" });
  });

  it("reads official 2.8.86 cookies", () => {
    plant(`stack-refresh-${PID}--default`, structured("r-stack", 5));
    plant("stack-access", JSON.stringify(["r-stack", "a-stack"]));
    expect(read()).toEqual({ refreshToken: "r-stack", accessToken: "a-stack" });
  });

  it("reads the cross-subdomain --custom- cookies", () => {
    plant(`hexclave-refresh-${PID}--custom-CSQPYRK1E8`, structured("r-custom", 5));
    expect(read()).toEqual({ refreshToken: "r-custom", accessToken: null });
  });

  it.each([[`stack-refresh-${PID}`], ["stack-refresh"]])("reads the legacy raw cookie %s", (name) => {
    plant(name, "r-legacy");
    plant("stack-access", JSON.stringify(["r-legacy", "a-legacy"]));
    expect(read()).toEqual({ refreshToken: "r-legacy", accessToken: "a-legacy" });
  });

  it("prefers the project cookie to the project-less legacy one", () => {
    plant("stack-refresh", "r-any");
    plant(`stack-refresh-${PID}`, "r-project");
    expect(read().refreshToken).toBe("r-project");
  });

  it("takes the newest structured cookie, whatever its brand, over the legacy ones", () => {
    plant(`hexclave-refresh-${PID}--default`, structured("r-older", 100));
    plant(`stack-refresh-${PID}--default`, structured("r-newer", 200));
    plant(`stack-refresh-${PID}`, "r-legacy");
    expect(read().refreshToken).toBe("r-newer");
  });

  it("uses an access cookie only when it belongs to the chosen refresh token", () => {
    plant(`stack-refresh-${PID}--default`, structured("r1", 1));
    plant("hexclave-access", JSON.stringify(["other", "a-other"]));
    plant("stack-access", JSON.stringify(["r1", "a1"]));
    expect(read()).toEqual({ refreshToken: "r1", accessToken: "a1" });
    plant("stack-access", JSON.stringify(["other", "a-other"]));
    expect(read()).toEqual({ refreshToken: "r1", accessToken: null });
  });

  it("ignores other projects, malformed values and the string \"undefined\"", () => {
    plant("stack-refresh-another--default", structured("r-x", 1));
    plant(`hexclave-refresh-${PID}--default`, "{not json");
    plant(`stack-refresh-${PID}--default`, structured("undefined", 9));
    plant(`stack-refresh-${PID}`, "undefined");
    plant("stack-access", "not json");
    expect(read()).toEqual({ refreshToken: null, accessToken: null });
  });
});

describe("cookie token store: other tabs", () => {
  it("polls only while subscribed and reports changes made by another tab", () => {
    jest.useFakeTimers();
    const store = createCookieTokenStore({ projectId: PID });
    store.set({ accessToken: "a1", refreshToken: "r1" });
    expect(jest.getTimerCount()).toBe(0);

    const seen: TokenPair[] = [];
    const stop = store.subscribe!((t) => seen.push(t));
    expect(jest.getTimerCount()).toBe(1);
    jest.advanceTimersByTime(250);
    expect(seen).toEqual([]); // nothing changed

    plant(REFRESH, structured("r2", Date.now()));
    plant("stack-access", JSON.stringify(["r2", "a2"]));
    jest.advanceTimersByTime(100);
    expect(seen).toEqual([{ refreshToken: "r2", accessToken: "a2" }]);

    clearCookies(); // the other tab signed out
    jest.advanceTimersByTime(100);
    expect(seen[1]).toEqual({ refreshToken: null, accessToken: null });

    stop();
    expect(jest.getTimerCount()).toBe(0);
    plant(REFRESH, structured("r3", Date.now()));
    jest.advanceTimersByTime(1000);
    expect(seen).toHaveLength(2);
  });

  it("uses an injected timer and interval", () => {
    let tick: () => void = () => undefined;
    const setIntervalMock = jest.fn((cb: () => void) => ((tick = cb), 7));
    const clearIntervalMock = jest.fn();
    const store = createCookieTokenStore({ projectId: PID, pollIntervalMs: 25, setInterval: setIntervalMock, clearInterval: clearIntervalMock });
    const listener = jest.fn();
    const stopA = store.subscribe!(listener);
    const stopB = store.subscribe!(() => undefined);
    expect(setIntervalMock).toHaveBeenCalledTimes(1);
    expect(setIntervalMock).toHaveBeenCalledWith(expect.any(Function), 25);

    plant(`stack-refresh-${PID}`, "r-legacy");
    tick();
    expect(listener).toHaveBeenCalledWith({ refreshToken: "r-legacy", accessToken: null });
    stopA();
    expect(clearIntervalMock).not.toHaveBeenCalled();
    stopB();
    expect(clearIntervalMock).toHaveBeenCalledWith(7);
  });

  it("unrefs its timer so it cannot keep a Node process alive", () => {
    const timer = { unref: jest.fn() };
    const store = createCookieTokenStore({ projectId: PID, setInterval: () => timer, clearInterval: () => undefined });
    store.subscribe!(() => undefined);
    expect(timer.unref).toHaveBeenCalled();
  });

  it("notifies subscribers after set, and get() notices changes too", () => {
    const store = createCookieTokenStore({ projectId: PID, setInterval: () => 1, clearInterval: () => undefined });
    const listener = jest.fn();
    store.subscribe!(listener);
    store.set({ accessToken: "a1", refreshToken: "r1" });
    expect(listener).toHaveBeenLastCalledWith({ accessToken: "a1", refreshToken: "r1" });
    plant(REFRESH, structured("r9", Date.now()));
    expect(store.get()).toEqual({ accessToken: null, refreshToken: "r9" });
    expect(listener).toHaveBeenLastCalledWith({ accessToken: null, refreshToken: "r9" });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe("cookie stores resolved by name in a browser", () => {
  it('"cookie" resolves to the cookie store', () => {
    resolveTokenStore("cookie", { projectId: PID })!.set({ accessToken: "a", refreshToken: "r" });
    expect(jar()[REFRESH]).toContain('"refresh_token":"r"');
  });

  it('"nextjs-cookie" behaves like the cookie store in a browser', async () => {
    const store = createNextjsCookieTokenStore({ projectId: PID });
    await store.set({ accessToken: "a", refreshToken: "r" });
    expect(jar()["stack-access"]).toBe('["r","a"]');
    expect(await store.get()).toEqual({ accessToken: "a", refreshToken: "r" });
    expect(typeof store.subscribe).toBe("function");
  });

  it("does not throw in a browser", () => {
    expect(() => createCookieTokenStore({ projectId: PID })).not.toThrow(ArgumentError);
  });
});
