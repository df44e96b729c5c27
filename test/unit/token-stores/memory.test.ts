import { ArgumentError } from "../../../src/errors/base";
import { createExplicitTokenStore } from "../../../src/token-stores/explicit";
import { createMemoryTokenStore } from "../../../src/token-stores/memory";
import { checkToken, samePair, toTokenPair } from "../../../src/token-stores/validate";
import type { TokenPair } from "../../../src/token-stores/types";

describe("createMemoryTokenStore", () => {
  it("starts empty, or with the initial tokens", () => {
    expect(createMemoryTokenStore().get()).toEqual({ accessToken: null, refreshToken: null });
    expect(createMemoryTokenStore({ refreshToken: "r1" }).get()).toEqual({ accessToken: null, refreshToken: "r1" });
  });

  it("stores what is set and hands out copies", () => {
    const store = createMemoryTokenStore();
    store.set({ accessToken: "a1", refreshToken: "r1" });
    const got = store.get() as TokenPair;
    expect(got).toEqual({ accessToken: "a1", refreshToken: "r1" });
    got.accessToken = "mutated";
    expect(store.get()).toEqual({ accessToken: "a1", refreshToken: "r1" });
  });

  it("notifies subscribers on every set until they unsubscribe", () => {
    const store = createMemoryTokenStore();
    const seen: TokenPair[] = [];
    const stop = store.subscribe!((t) => seen.push(t));
    store.set({ accessToken: "a1", refreshToken: "r1" });
    store.set({ accessToken: null, refreshToken: null });
    stop();
    store.set({ accessToken: "a2", refreshToken: "r2" });
    expect(seen).toEqual([
      { accessToken: "a1", refreshToken: "r1" },
      { accessToken: null, refreshToken: null },
    ]);
  });

  it("keeps two subscriptions of the same function apart", () => {
    const store = createMemoryTokenStore();
    const listener = jest.fn();
    const stopFirst = store.subscribe!(listener);
    store.subscribe!(listener);
    stopFirst();
    store.set({ accessToken: "a", refreshToken: "r" });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("rejects the string \"undefined\" and non-strings as initial tokens", () => {
    expect(() => createMemoryTokenStore({ refreshToken: "undefined" })).toThrow(ArgumentError);
    expect(() => createMemoryTokenStore({ accessToken: 42 as never })).toThrow(/must be a string or null/);
  });
});

describe("createExplicitTokenStore", () => {
  it("is a memory store seeded with the tokens", () => {
    const store = createExplicitTokenStore({ accessToken: "a", refreshToken: "r" });
    expect(store.get()).toEqual({ accessToken: "a", refreshToken: "r" });
    store.set({ accessToken: "a2", refreshToken: "r" });
    expect(store.get()).toEqual({ accessToken: "a2", refreshToken: "r" });
  });

  it("treats missing and empty tokens as null", () => {
    expect(createExplicitTokenStore({ accessToken: "a" }).get()).toEqual({ accessToken: "a", refreshToken: null });
    expect(createExplicitTokenStore({ accessToken: "", refreshToken: undefined }).get()).toEqual({ accessToken: null, refreshToken: null });
  });

  it.each([
    [{ accessToken: "undefined", refreshToken: "r" }],
    [{ accessToken: "a", refreshToken: "undefined" }],
  ])("rejects the string \"undefined\" (%j)", (tokens) => {
    let error: unknown;
    try {
      createExplicitTokenStore(tokens);
    } catch (e) {
      error = e;
    }
    expect(ArgumentError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/"undefined"/);
  });
});

describe("validation helpers", () => {
  it("checkToken accepts strings and null-ish values", () => {
    expect(checkToken("t", "accessToken", "x")).toBe("t");
    expect(checkToken(null, "accessToken", "x")).toBeNull();
    expect(checkToken(undefined, "accessToken", "x")).toBeNull();
  });

  it("toTokenPair rejects non-objects", () => {
    for (const bad of [null, "r", 1, ["a", "r"]]) expect(() => toTokenPair(bad, "Tokens")).toThrow(ArgumentError);
  });

  it("never echoes a token in its messages", () => {
    expect(() => toTokenPair({ accessToken: { secret: "s3cr3t" } }, "Tokens")).toThrow(/must be a string or null, not object/);
  });

  it("samePair compares both tokens", () => {
    expect(samePair({ accessToken: "a", refreshToken: "r" }, { accessToken: "a", refreshToken: "r" })).toBe(true);
    expect(samePair({ accessToken: "a", refreshToken: "r" }, { accessToken: null, refreshToken: "r" })).toBe(false);
  });
});
