// The React layer's read observer keeps nothing of its own: what a read shows lives in a core read cache
// (src/cache/cache.ts), which keeps it while a component renders it and 5 s more, then drops it; the observer's
// bookkeeping of the read goes with it. Also: a session that ended holds its reads, a failed load stays failed
// until a change, and the changes of one turn cost one load.
import { emitCacheChange } from "../../src/cache/changes";
import { ReadObserver } from "../../src/cache/observer";

const owner = {};
const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

function countingLoad() {
  let n = 0;
  return jest.fn(async () => `value ${++n}`);
}

describe("retention, as the core cache's", () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ["queueMicrotask", "nextTick", "setImmediate"] }));
  afterEach(() => jest.useRealTimers());

  test("a read nobody subscribes to is dropped 5 s after its load: the next render reads afresh", async () => {
    const store = new ReadObserver([owner]);
    const load = countingLoad();
    const entry = store.entry("teams", [["teams"]], load);
    await store.pending(entry);
    jest.advanceTimersByTime(4999);
    expect(store.entry("teams", [["teams"]], load)).toBe(entry); // still there: no second load
    expect(load).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1);
    const again = store.entry("teams", [["teams"]], load);
    expect(again).not.toBe(entry);
    expect(again.getSnapshot()).toEqual({ status: "pending" });
    await store.pending(again);
    expect(again.getSnapshot()).toEqual({ status: "done", value: "value 2" });
  });

  test("a subscribed read is kept; 5 s after its last subscriber left it is dropped, and changes no longer reach it", async () => {
    const store = new ReadObserver([owner]);
    const load = countingLoad();
    const entry = store.entry("user", [["user"]], load);
    await store.pending(entry);
    const stop = entry.subscribe(() => {});
    jest.advanceTimersByTime(60_000);
    expect(store.entry("user", [["user"]], load)).toBe(entry);
    stop();
    jest.advanceTimersByTime(3000);
    const stop2 = entry.subscribe(() => {}); // back within the 5 s: kept, not read again
    jest.advanceTimersByTime(60_000);
    expect(store.entry("user", [["user"]], load)).toBe(entry);
    expect(load).toHaveBeenCalledTimes(1);
    stop2();
    jest.advanceTimersByTime(5000);
    emitCacheChange(owner, "user", null);
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    expect(store.entry("user", [["user"]], load)).not.toBe(entry);
  });
});

test("the changes of one turn cost one load; data that did not change keeps the snapshot", async () => {
  const store = new ReadObserver([owner]);
  const load = jest.fn(async () => ({ id: "t1", members: ["u1"] }));
  const entry = store.entry("team", [["teams"], ["team-members"]], load);
  await store.pending(entry);
  const first = entry.getSnapshot();
  const listener = jest.fn();
  entry.subscribe(listener);
  emitCacheChange(owner, "teams", null);
  emitCacheChange(owner, "team-members", null);
  emitCacheChange(owner, "teams", null);
  await flush();
  expect(load).toHaveBeenCalledTimes(2);
  expect(entry.getSnapshot()).toBe(first);
  expect(listener).not.toHaveBeenCalled();
});

test("a change while the read's session is held is not read; a render with a live session reads it, showing the value meanwhile", async () => {
  const store = new ReadObserver([owner]);
  const load = countingLoad();
  let ended = false;
  const hold = () => ended;
  const entry = store.entry("user:u1:teams", [["teams"]], load, undefined, hold);
  await store.pending(entry);
  entry.subscribe(() => {});
  ended = true; // signed out: the page is about to go
  emitCacheChange(owner, "teams", null);
  await flush();
  expect(load).toHaveBeenCalledTimes(1);
  store.entry("user:u1:teams", [["teams"]], load, undefined, hold); // a render in the ended session
  await flush();
  expect(load).toHaveBeenCalledTimes(1);
  expect(entry.getSnapshot()).toEqual({ status: "done", value: "value 1" });

  store.entry("user:u1:teams", [["teams"]], load, undefined, () => false); // signed in again
  expect(entry.getSnapshot()).toEqual({ status: "done", value: "value 1" });
  await flush();
  expect(load).toHaveBeenCalledTimes(2);
  expect(entry.getSnapshot()).toEqual({ status: "done", value: "value 2" });
});

test("a failed re-read in a session that ended meanwhile keeps the value shown", async () => {
  const store = new ReadObserver([owner]);
  let ended = false;
  let fail = false;
  const load = jest.fn(async () => {
    if (fail) {
      ended = true; // the session ends while the re-read runs
      throw new Error("signed out");
    }
    return "teams";
  });
  const entry = store.entry("user:u1:teams", [["teams"]], load, undefined, () => ended);
  await store.pending(entry);
  entry.subscribe(() => {});
  fail = true;
  emitCacheChange(owner, "teams", null);
  await flush();
  expect(load).toHaveBeenCalledTimes(2);
  expect(entry.getSnapshot()).toEqual({ status: "done", value: "teams" });
});

test("a failed load stays failed for the renders after it (the error boundary shows it); a change reads again", async () => {
  const store = new ReadObserver([owner]);
  const error = new Error("boom");
  const load = jest.fn().mockRejectedValueOnce(error).mockResolvedValue("ok");
  const entry = store.entry("project", [["project"]], load);
  await store.pending(entry);
  expect(entry.getSnapshot()).toEqual({ status: "error", error });
  expect(store.entry("project", [["project"]], load).getSnapshot()).toEqual({ status: "error", error });
  await flush();
  expect(load).toHaveBeenCalledTimes(1);

  entry.subscribe(() => {});
  emitCacheChange(owner, "project", null);
  await flush();
  expect(load).toHaveBeenCalledTimes(2);
  expect(entry.getSnapshot()).toEqual({ status: "done", value: "ok" });
});

test("a present that throws is the read's error", async () => {
  const store = new ReadObserver([owner]);
  const error = new Error("bad shape");
  const entry = store.entry("user", [["user"]], async () => 1, () => {
    throw error;
  });
  await store.pending(entry);
  expect(entry.getSnapshot()).toEqual({ status: "error", error });
});
