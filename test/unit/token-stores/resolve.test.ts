import { ArgumentError } from "../../../src/errors/base";
import { createCookieTokenStore } from "../../../src/token-stores/cookie";
import { createRequestTokenStore } from "../../../src/token-stores/request";
import { resolveTokenStore } from "../../../src/token-stores/resolve";
import type { TokenPair, TokenStore, TokenStoreInit } from "../../../src/token-stores/types";
import { PID } from "./helpers";

const ctx = { projectId: PID };
const resolve = (init: unknown) => resolveTokenStore(init as TokenStoreInit, ctx);

describe("resolveTokenStore", () => {
  it("null means no store", () => {
    expect(resolveTokenStore(null, ctx)).toBeNull();
  });

  it('"memory" gives a new, empty memory store each time', () => {
    const a = resolveTokenStore("memory", ctx)!;
    const b = resolveTokenStore("memory", ctx)!;
    expect(a).not.toBe(b);
    a.set({ accessToken: "a", refreshToken: "r" });
    expect(b.get()).toEqual({ accessToken: null, refreshToken: null });
    expect(typeof a.subscribe).toBe("function");
  });

  it('"cookie" outside a browser throws a clear ArgumentError', () => {
    for (const create of [() => resolveTokenStore("cookie", ctx), () => createCookieTokenStore(ctx)]) {
      let error: unknown;
      try {
        create();
      } catch (e) {
        error = e;
      }
      expect(ArgumentError.isInstance(error)).toBe(true);
      expect((error as Error).message).toMatch(/only works in a browser.*"memory"/);
    }
  });

  it('"nextjs-cookie" on the server loads next/headers only when used', () => {
    const store = resolveTokenStore("nextjs-cookie", ctx)!;
    expect(typeof store.get).toBe("function");
    expect(store.subscribe).toBeUndefined();
  });

  it("explicit tokens become a seeded memory store", () => {
    expect(resolve({ accessToken: "a", refreshToken: "r" })!.get()).toEqual({ accessToken: "a", refreshToken: "r" });
    expect(resolve({ refreshToken: "r" })!.get()).toEqual({ accessToken: null, refreshToken: "r" });
    expect(resolve({ accessToken: null })!.get()).toEqual({ accessToken: null, refreshToken: null });
  });

  it('explicit tokens equal to "undefined" are rejected', () => {
    expect(() => resolve({ accessToken: "undefined", refreshToken: "r" })).toThrow(ArgumentError);
    expect(() => resolve({ refreshToken: "undefined" })).toThrow(/"undefined"/);
  });

  it("a request gives that request's cached store (loaded on first use, sharing the request's tokens)", async () => {
    const request = new Request("https://x.test/", { headers: { "x-stack-auth": '{"refreshToken":"r"}' } });
    const store = resolve(request)!;
    expect(await store.get()).toEqual({ accessToken: null, refreshToken: "r" });
    expect(resolve(request)).toBe(store);
    await store.set({ accessToken: "a2", refreshToken: "r" });
    expect(createRequestTokenStore(request, PID).get()).toEqual({ accessToken: "a2", refreshToken: "r" });
    expect(await resolve({ headers: { cookie: `stack-refresh-${PID}=r-c` } })!.get()).toEqual({ accessToken: null, refreshToken: "r-c" });
  });

  it("a bad x-stack-auth header is an ArgumentError at the store's first read", async () => {
    const store = resolve({ headers: { "x-stack-auth": "[]" } })!;
    await expect(Promise.resolve().then(() => store.get())).rejects.toThrow(/must be a JSON object/);
  });

  describe("custom stores", () => {
    const custom = (value: unknown, extra: Partial<TokenStore> = {}): TokenStore => ({
      get: jest.fn(() => value as TokenPair),
      set: jest.fn(),
      ...extra,
    });

    it("are used through a wrapper that is the same for the same store", async () => {
      const store = custom({ accessToken: "a", refreshToken: "r" });
      const resolved = resolve(store)!;
      expect(resolve(store)).toBe(resolved);
      expect(resolved.get()).toEqual({ accessToken: "a", refreshToken: "r" });
      await resolved.set({ accessToken: null, refreshToken: null });
      expect(store.set).toHaveBeenCalledWith({ accessToken: null, refreshToken: null });
      expect(resolved.subscribe).toBeUndefined();
    });

    it("keep async get and subscribe", async () => {
      const unsubscribe = jest.fn();
      const subscribe = jest.fn(() => unsubscribe);
      const store = custom(Promise.resolve({ accessToken: undefined, refreshToken: "r" }), { subscribe });
      const resolved = resolve(store)!;
      await expect(resolved.get()).resolves.toEqual({ accessToken: null, refreshToken: "r" });
      const listener = () => undefined;
      expect(resolved.subscribe!(listener)).toBe(unsubscribe);
      expect(subscribe).toHaveBeenCalledWith(listener);
    });

    it('have their results checked ("undefined", wrong shapes)', async () => {
      expect(() => resolve(custom({ accessToken: "undefined", refreshToken: null }))!.get()).toThrow(ArgumentError);
      expect(() => resolve(custom(null))!.get()).toThrow(/custom token store/);
      await expect(resolve(custom(Promise.resolve({ refreshToken: "undefined" })))!.get()).rejects.toThrow(ArgumentError);
    });
  });

  it.each([
    ["a typo", "cookies", /"cookies"/],
    ["a number", 42, /\(42\)/],
    ["undefined", undefined, /\(undefined\)/],
    ["an array", [], /an array/],
    ["an empty object", {}, /an object with none of/],
    ["a store without set", { get: () => null }, /an object with none of/],
    ["a function", () => null, /function/],
  ])("rejects %s, naming what is accepted", (_, value, pattern) => {
    let error: unknown;
    try {
      resolve(value);
    } catch (e) {
      error = e;
    }
    expect(ArgumentError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(pattern);
    expect((error as Error).message).toMatch(/"memory", "cookie", "nextjs-cookie", null, a request/);
  });

  it("never prints a long string, which may be a token", () => {
    const token = "eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiIxIn0.sig";
    expect(() => resolve(token)).toThrow(/\(a string\)/);
    try {
      resolve(token);
    } catch (e) {
      expect((e as Error).message).not.toContain(token);
    }
  });
});
