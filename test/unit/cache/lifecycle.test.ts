import { createCache } from "../../../src/cache";
import { flush, setup } from "./helpers";

describe("subscribe", () => {
  test("listeners hear each new value, and stop after unsubscribing", async () => {
    const { cache, calls, time } = setup();
    const heard: string[] = [];
    const stop = cache.subscribe(["a"], (value) => heard.push(value));
    expect(calls).toHaveLength(0); // subscribing does not fetch
    cache.get(["a"]);
    calls[0].resolve("v0");
    await time.advance(300);
    const refreshed = cache.refresh(["a"]);
    calls[1].resolve("v1");
    await refreshed;
    expect(heard).toEqual(["v0", "v1"]);

    stop();
    stop(); // idempotent
    await time.advance(300);
    cache.refresh(["a"]); // unsubscribed now: no fetch, no call
    expect(calls).toHaveLength(2);
    expect(heard).toEqual(["v0", "v1"]);
  });

  test("the same listener may subscribe twice; each unsubscribe removes one", async () => {
    const { cache, calls } = setup();
    const listener = jest.fn();
    const stopA = cache.subscribe(["a"], listener);
    cache.subscribe(["a"], listener);
    stopA();
    cache.get(["a"]);
    calls[0].resolve("v");
    await flush();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  test("a listener that throws does not stop the others or the waiting gets", async () => {
    const { cache, calls } = setup();
    const errors: unknown[] = [];
    const original = globalThis.queueMicrotask;
    globalThis.queueMicrotask = (task) =>
      original(() => {
        try {
          task();
        } catch (error) {
          errors.push(error);
        }
      });
    try {
      const second = jest.fn();
      cache.subscribe(["a"], () => {
        throw new Error("listener bug");
      });
      cache.subscribe(["a"], second);
      const read = cache.get(["a"]);
      calls[0].resolve("v");
      expect(await read).toBe("v");
      await flush();
      expect(second).toHaveBeenCalledWith("v");
      expect(errors).toEqual([new Error("listener bug")]);
    } finally {
      globalThis.queueMicrotask = original;
    }
  });
});

describe("invalidate", () => {
  test("invalidateWhere drops the matching entries; their next get refetches", async () => {
    const { cache, calls, time } = setup<[object, string]>();
    const alice = {};
    const bob = {};
    const reads = [cache.get([alice, "user"]), cache.get([alice, "teams"]), cache.get([bob, "user"])];
    calls.forEach((c, i) => c.resolve("v" + i));
    await Promise.all(reads);

    cache.invalidateWhere(([session]) => session === alice);
    expect(cache.peek([alice, "user"])).toBeUndefined();
    expect(cache.peek([alice, "teams"])).toBeUndefined();
    expect(cache.peek([bob, "user"])).toBe("v2");
    expect(calls).toHaveLength(3); // nobody subscribed: nothing refetched

    await time.advance(300);
    cache.get([alice, "user"]);
    expect(calls).toHaveLength(4);
    expect(calls[3].deps).toEqual([alice, "user"]);
  });

  test("a subscribed entry is refetched on invalidate and its listeners hear the new value", async () => {
    const { cache, calls, time } = setup();
    const listener = jest.fn();
    cache.subscribe(["a"], listener);
    cache.get(["a"]);
    calls[0].resolve("v0");
    await time.advance(300);
    cache.invalidate(["a"]);
    expect(cache.peek(["a"])).toBeUndefined();
    expect(calls).toHaveLength(2);
    calls[1].resolve("v1");
    await flush();
    expect(listener.mock.calls).toEqual([["v0"], ["v1"]]);
  });

  test("a fetch that was running when its entry was invalidated does not store its result", async () => {
    const { cache, calls } = setup();
    const early = cache.get(["a"]);
    cache.invalidate(["a"]);
    calls[0].resolve("old");
    expect(await early).toBe("old");
    expect(cache.peek(["a"])).toBeUndefined();
  });

  test("invalidate of an unknown entry is a no-op", () => {
    const { cache, calls } = setup();
    cache.invalidate(["nobody"]);
    cache.invalidateWhere(() => true);
    expect(calls).toHaveLength(0);
  });
});

describe("eviction", () => {
  async function fetched(s: ReturnType<typeof setup<[string], string>>, deps: [string] = ["a"]) {
    const read = s.cache.get(deps);
    s.calls[s.calls.length - 1].resolve("v");
    await read;
  }

  test("an entry nobody subscribed to is dropped 5000 ms after its fetch, not before", async () => {
    const s = setup();
    await fetched(s);
    await s.time.advance(4999);
    expect(s.cache.peek(["a"])).toBe("v");
    await s.time.advance(1);
    expect(s.cache.peek(["a"])).toBeUndefined();
    expect(s.time.pending()).toBe(0); // nothing left behind
  });

  test("a subscribed entry is kept; it is dropped 5000 ms after the last subscriber leaves, not before", async () => {
    const s = setup();
    const stop1 = s.cache.subscribe(["a"], () => {});
    const stop2 = s.cache.subscribe(["a"], () => {});
    await fetched(s);
    await s.time.advance(60_000);
    expect(s.cache.peek(["a"])).toBe("v");
    stop1();
    await s.time.advance(60_000);
    expect(s.cache.peek(["a"])).toBe("v");
    stop2();
    await s.time.advance(4999);
    expect(s.cache.peek(["a"])).toBe("v");
    await s.time.advance(1);
    expect(s.cache.peek(["a"])).toBeUndefined();
  });

  test("subscribing again within the 5000 ms keeps the entry", async () => {
    const s = setup();
    s.cache.subscribe(["a"], () => {})();
    await fetched(s);
    await s.time.advance(3000);
    const stop = s.cache.subscribe(["a"], () => {});
    await s.time.advance(10_000);
    expect(s.cache.peek(["a"])).toBe("v");
    stop();
    await s.time.advance(5000);
    expect(s.cache.peek(["a"])).toBeUndefined();
    expect(s.time.pending()).toBe(0);
  });

  test("an entry is not dropped while a fetch for it runs; the countdown restarts when it ends", async () => {
    const s = setup();
    await fetched(s);
    await s.time.advance(300);
    s.cache.invalidate(["a"]);
    s.cache.get(["a"]); // running from 300 on
    await s.time.advance(6000);
    s.calls[1].resolve("late");
    await s.time.advance(4999);
    expect(s.cache.peek(["a"])).toBe("late");
    await s.time.advance(1);
    expect(s.cache.peek(["a"])).toBeUndefined();
  });

  test("onEvict is told the deps of each dropped entry, once, and only when it is dropped", async () => {
    const onEvict = jest.fn();
    const s = setup({ onEvict });
    await fetched(s);
    const stop = s.cache.subscribe(["b"], () => {});
    await s.time.advance(4999);
    expect(onEvict).not.toHaveBeenCalled();
    await s.time.advance(1);
    expect(onEvict.mock.calls).toEqual([[["a"]]]);
    stop();
    await s.time.advance(60_000);
    expect(onEvict.mock.calls).toEqual([[["a"]], [["b"]]]);

    // Subscribing again in time keeps the entry: nothing told.
    await fetched(s);
    s.cache.subscribe(["a"], () => {});
    await s.time.advance(60_000);
    expect(onEvict).toHaveBeenCalledTimes(2);
  });

  test("eviction timers do not keep Node alive; throttle timers do (someone may await them)", async () => {
    const s = setup();
    s.cache.subscribe(["a"], () => {});
    await fetched(s);
    s.cache.invalidate(["a"]); // a background refetch: throttled, waits for +300
    expect(s.time.created).toHaveLength(1);
    expect(s.time.created[0].unref).not.toHaveBeenCalled();
    await s.time.advance(300);
    s.calls[1].resolve("v1");
    await flush();
    const stop = s.cache.subscribe(["b"], () => {});
    stop(); // last subscriber left: an eviction timer
    const last = s.time.created[s.time.created.length - 1];
    expect(last.unref).toHaveBeenCalled();
  });
});

describe("defaults", () => {
  afterEach(() => jest.useRealTimers());

  test("uses the global clock: 300 ms throttle and 5000 ms eviction", async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    let n = 0;
    const fetcher = jest.fn(async (id: string) => `${id}${n++}`);
    const cache = createCache(fetcher);
    const stop = cache.subscribe(["x"], () => {});
    expect(await cache.get(["x"])).toBe("x0");
    cache.invalidate(["x"]); // subscribed: a background refetch, throttled
    await jest.advanceTimersByTimeAsync(299);
    expect(fetcher).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(fetcher).toHaveBeenCalledTimes(2);
    stop();
    const read = cache.get(["x"]); // a caller awaits: at once
    expect(fetcher).toHaveBeenCalledTimes(3);
    expect(await read).toBe("x2");
    await jest.advanceTimersByTimeAsync(4999);
    expect(cache.peek(["x"])).toBe("x2");
    await jest.advanceTimersByTimeAsync(1);
    expect(cache.peek(["x"])).toBeUndefined();
  });
});
