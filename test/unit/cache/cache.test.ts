import { createCache } from "../../../src/cache";
import { fakeTime, flush, setup, track } from "./helpers";

describe("get: deduplication and keys", () => {
  test("10 identical concurrent gets make one fetch and all get its value", async () => {
    const { cache, calls } = setup();
    const reads = Array.from({ length: 10 }, () => cache.get(["a"]));
    expect(calls).toHaveLength(1);
    calls[0].resolve("A");
    expect(await Promise.all(reads)).toEqual(Array(10).fill("A"));
    expect(calls).toHaveLength(1);
  });

  test("a later get fetches again, at once: a read never returns data older than the call, and never waits for the throttle", async () => {
    const { cache, calls, time } = setup();
    const first = cache.get(["a"]);
    calls[0].resolve("A");
    await first;
    expect(cache.peek(["a"])).toBe("A"); // kept for peek/subscribers
    const second = track(cache.get(["a"]));
    expect(calls.map((c) => c.at)).toEqual([0, 0]); // no time passed: the caller awaits, so no throttle
    expect(time.pending()).toBe(1); // only the eviction countdown of the first fetch; no throttle timer
    calls[1].resolve("B");
    await flush();
    expect(second.value).toBe("B");
  });

  test("gets issued while a fetch runs share one follow-up fetch, not the running one", async () => {
    const { cache, calls, time } = setup();
    const early = track(cache.get(["a"]));
    await flush(); // a later turn: the first fetch is under way
    const late = [track(cache.get(["a"])), track(cache.get(["a"]))];
    expect(calls).toHaveLength(1);
    calls[0].resolve("before");
    await time.advance(300);
    expect(early.value).toBe("before");
    expect(calls).toHaveLength(2);
    calls[1].resolve("after");
    await flush();
    expect(late.map((r) => r.value)).toEqual(["after", "after"]);
  });

  test("a get after a refresh in the same turn does not share the fetch that started before the refresh", async () => {
    const { cache, calls, time } = setup();
    const early = track(cache.get(["a"]));
    cache.refresh(["a"]);
    const late = track(cache.get(["a"]));
    calls[0].resolve("stale");
    await time.advance(300);
    expect(early.value).toBe("stale");
    expect(calls).toHaveLength(2);
    calls[1].resolve("fresh");
    await flush();
    expect(late.value).toBe("fresh");
  });

  test("different deps make separate fetches with their own deps", async () => {
    const { cache, calls } = setup<[string, number]>();
    const a = cache.get(["t", 1]);
    const b = cache.get(["t", 2]);
    cache.get(["t", 1]);
    expect(calls.map((c) => c.deps)).toEqual([
      ["t", 1],
      ["t", 2],
    ]);
    calls[0].resolve("one");
    calls[1].resolve("two");
    expect(await a).toBe("one");
    expect(await b).toBe("two");
  });

  test("objects in deps are compared by identity, not by shape", async () => {
    const { cache, calls } = setup<[object, string]>();
    const session = { id: "s" };
    cache.get([session, "x"]);
    cache.get([session, "x"]);
    cache.get([{ id: "s" }, "x"]);
    expect(calls).toHaveLength(2);
    expect(calls[0].deps[0]).toBe(session);
  });

  test("primitives of different types or splits never share an entry", () => {
    const { cache, calls } = setup<unknown[]>();
    const tuples: unknown[][] = [[1], ["1"], [true], ["true"], [undefined], ["undefined"], [null], ["null"], [], [""],
      ["a,b"], ["a", "b"], [1n], [NaN], [() => 1]];
    for (const deps of tuples) cache.get(deps);
    expect(calls).toHaveLength(tuples.length);
    cache.get([NaN]);
    cache.get(["a", "b"]);
    expect(calls).toHaveLength(tuples.length);
  });
});

describe("failures", () => {
  test("a rejected fetch reaches every waiter and is not cached", async () => {
    const { cache, calls, time } = setup();
    const reads = [cache.get(["a"]), cache.get(["a"]), cache.get(["a"])];
    const boom = new Error("boom");
    calls[0].reject(boom);
    for (const read of reads) await expect(read).rejects.toBe(boom);
    expect(cache.peek(["a"])).toBeUndefined();

    await time.advance(300);
    const retry = cache.get(["a"]);
    expect(calls).toHaveLength(2);
    calls[1].resolve("A");
    expect(await retry).toBe("A");
  });

  test("a fetcher that throws synchronously rejects instead of throwing from get", async () => {
    const time = fakeTime();
    const cache = createCache(
      (): Promise<string> => {
        throw new Error("sync");
      },
      { now: time.now, setTimeout: time.setTimeout, clearTimeout: time.clearTimeout },
    );
    await expect(cache.get([])).rejects.toThrow("sync");
  });

  test("a failed fetch nobody awaits (a prefetch) is not reported as an unhandled rejection", async () => {
    const { cache, calls } = setup();
    const unhandled = jest.fn();
    process.on("unhandledRejection", unhandled);
    try {
      cache.get(["a"]);
      calls[0].reject(new Error("ignored"));
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off("unhandledRejection", unhandled);
    }
  });

  test("a failed refresh leaves the entry stale, so the next get fetches again", async () => {
    const { cache, calls, time } = setup();
    cache.subscribe(["a"], () => {});
    const first = cache.get(["a"]);
    calls[0].resolve("old");
    await first;
    await time.advance(300);
    const refreshed = track(cache.refresh(["a"]));
    calls[1].reject(new Error("down"));
    await flush();
    expect(refreshed).toEqual({ value: undefined, done: true }); // refresh never rejects
    expect(cache.peek(["a"])).toBe("old"); // subscribers keep the last good value

    await time.advance(300);
    const read = cache.get(["a"]);
    expect(calls).toHaveLength(3);
    calls[2].resolve("new");
    expect(await read).toBe("new");
  });
});

describe("refresh and throttle", () => {
  test("refresh of an unknown entry does nothing", async () => {
    const { cache, calls } = setup();
    await cache.refresh(["nobody"]);
    expect(calls).toHaveLength(0);
    expect(cache.peek(["nobody"])).toBeUndefined();
  });

  test("two refreshes within 300 ms both start at once (their callers await them)", async () => {
    const { cache, calls, time } = setup();
    cache.subscribe(["a"], () => {});
    const first = cache.get(["a"]);
    calls[0].resolve("v0");
    await first;

    await time.advance(1000);
    const one = cache.refresh(["a"]); // t = 1000
    expect(calls.map((c) => c.at)).toEqual([0, 1000]);
    calls[1].resolve("v1");
    await one;
    await time.advance(100);
    const two = cache.refresh(["a"]); // t = 1100: not throttled
    expect(calls.map((c) => c.at)).toEqual([0, 1000, 1100]);
    calls[2].resolve("v2");
    await two;
    expect(cache.peek(["a"])).toBe("v2");
  });

  test("background refetches (invalidate of a subscribed entry) are throttled: 300 ms after the previous start", async () => {
    const { cache, calls, time } = setup();
    cache.subscribe(["a"], () => {});
    const first = cache.get(["a"]);
    calls[0].resolve("v0");
    await first;
    await time.advance(100);
    cache.invalidate(["a"]); // t = 100: nobody awaits it
    await time.advance(199);
    expect(calls).toHaveLength(1);
    await time.advance(1);
    expect(calls.map((c) => c.at)).toEqual([0, 300]);
  });

  test("a get arriving while a background refetch waits out the throttle starts it at once, and shares it", async () => {
    const { cache, calls, time } = setup();
    cache.subscribe(["a"], () => {});
    const first = cache.get(["a"]);
    calls[0].resolve("v0");
    await first;
    await time.advance(100);
    cache.invalidate(["a"]); // queued for t = 300
    expect(calls).toHaveLength(1);
    const read = track(cache.get(["a"])); // t = 100
    const again = track(cache.get(["a"]));
    expect(calls.map((c) => c.at)).toEqual([0, 100]); // one fetch, started now
    calls[1].resolve("v1");
    await flush();
    expect([read.value, again.value]).toEqual(["v1", "v1"]);
    await time.advance(1000);
    expect(calls).toHaveLength(2); // the cancelled throttle timer fetched nothing more
  });

  test("three refreshes during a running fetch make exactly one follow-up, after it ends", async () => {
    const { cache, calls, time } = setup();
    cache.subscribe(["a"], () => {});
    cache.get(["a"]);
    const refreshes = [cache.refresh(["a"]), cache.refresh(["a"]), cache.refresh(["a"])];
    await time.advance(1000);
    expect(calls).toHaveLength(1); // never two at once, even past the throttle
    calls[0].resolve("early");
    await time.advance(0);
    expect(calls.map((c) => c.at)).toEqual([0, 1000]);
    calls[1].resolve("late");
    await Promise.all(refreshes);
    await time.advance(10_000 - 1000);
    expect(calls).toHaveLength(2);
    expect(cache.peek(["a"])).toBe("late");
  });

  test("a get issued after a refresh never sees the value fetched before it", async () => {
    const { cache, calls, time } = setup();
    cache.subscribe(["a"], () => {});
    const first = cache.get(["a"]);
    calls[0].resolve("before");
    await first;

    cache.refresh(["a"]); // starts at once (nothing sent yet in this turn)
    const read = track(cache.get(["a"])); // same turn: shares the refresh's fetch
    expect(calls).toHaveLength(2);
    await time.advance(299);
    expect(read.done).toBe(false);
    expect(cache.peek(["a"])).toBe("before"); // still shown meanwhile
    await time.advance(1);
    calls[1].resolve("after");
    await flush();
    expect(read.value).toBe("after");
    expect(cache.peek(["a"])).toBe("after");
  });

  test("refresh while the first fetch runs: later gets wait for the follow-up, earlier ones do not", async () => {
    const { cache, calls, time } = setup();
    cache.subscribe(["a"], () => {});
    const early = track(cache.get(["a"]));
    cache.refresh(["a"]);
    const late = track(cache.get(["a"]));
    calls[0].resolve("stale");
    await time.advance(300);
    expect(early.value).toBe("stale");
    expect(late.done).toBe(false);
    expect(cache.peek(["a"])).toBeUndefined(); // outdated results are not stored
    calls[1].resolve("fresh");
    await flush();
    expect(late.value).toBe("fresh");
  });

  test("without subscribers, refresh forgets the value instead of fetching; the next get refetches", async () => {
    const { cache, calls, time } = setup();
    const first = cache.get(["a"]);
    calls[0].resolve("old");
    await first;
    await cache.refresh(["a"]);
    expect(calls).toHaveLength(1);
    expect(cache.peek(["a"])).toBeUndefined();

    await time.advance(300);
    const read = cache.get(["a"]);
    expect(calls).toHaveLength(2);
    calls[1].resolve("new");
    expect(await read).toBe("new");
  });

  test("without subscribers, a get after refresh does not reuse a fetch that was already running", async () => {
    const { cache, calls, time } = setup();
    const early = track(cache.get(["a"]));
    cache.refresh(["a"]);
    const late = track(cache.get(["a"]));
    expect(calls).toHaveLength(1); // queued behind the running fetch
    calls[0].resolve("stale");
    await time.advance(300);
    expect(early.value).toBe("stale");
    expect(calls).toHaveLength(2);
    calls[1].resolve("fresh");
    await flush();
    expect(late.value).toBe("fresh");
    expect(cache.peek(["a"])).toBe("fresh");
  });

  test("refreshWhere refreshes the matching entries only", async () => {
    const { cache, calls, time } = setup<[string, string]>();
    for (const team of ["t1", "t2"]) cache.subscribe(["s1", team], () => {});
    cache.subscribe(["s2", "t1"], () => {});
    for (const deps of [["s1", "t1"], ["s1", "t2"], ["s2", "t1"]] as const) cache.get([...deps]);
    calls.forEach((c) => c.resolve(c.deps.join("/") + "@0"));
    await time.advance(300);
    const done = track(cache.refreshWhere(([session]) => session === "s1"));
    expect(calls.slice(3).map((c) => c.deps)).toEqual([
      ["s1", "t1"],
      ["s1", "t2"],
    ]);
    calls.slice(3).forEach((c) => c.resolve(c.deps.join("/") + "@1"));
    await flush();
    expect(done.done).toBe(true);
    expect(cache.peek(["s1", "t2"])).toBe("s1/t2@1");
    expect(cache.peek(["s2", "t1"])).toBe("s2/t1@0");
  });
});
