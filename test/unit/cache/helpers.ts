import { createCache } from "../../../src/cache";
import type { ReadCacheOptions } from "../../../src/cache";

/** A hand-driven clock and timer queue for the cache tests: time moves only in `advance`. */
export interface FakeTimer {
  id: number;
  at: number;
  callback: () => void;
  unref: jest.Mock;
}

/** Lets every pending promise callback run (setImmediate is real here: only the injected timers are fake). */
export const flush = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export function fakeTime() {
  let time = 0;
  let nextId = 0;
  const timers = new Map<number, FakeTimer>();
  const created: FakeTimer[] = [];
  return {
    now: () => time,
    setTimeout: (callback: () => void, ms: number): FakeTimer => {
      const timer = { id: ++nextId, at: time + ms, callback, unref: jest.fn() };
      timers.set(timer.id, timer);
      created.push(timer);
      return timer;
    },
    clearTimeout: (timer: FakeTimer | undefined) => {
      if (timer) timers.delete(timer.id);
    },
    /** Every timer ever started, in order. */
    created,
    /** How many timers are waiting. */
    pending: () => timers.size,
    /** Moves time forward by `ms`, firing due timers in order and flushing promises after each. */
    async advance(ms: number): Promise<void> {
      const end = time + ms;
      await flush();
      for (;;) {
        let due: FakeTimer | undefined;
        for (const timer of timers.values()) {
          if (timer.at <= end && (!due || timer.at < due.at)) due = timer;
        }
        if (!due) break;
        timers.delete(due.id);
        time = Math.max(time, due.at);
        due.callback();
        await flush();
      }
      time = end;
      await flush();
    },
  };
}

export interface Call<D extends unknown[], V> {
  deps: D;
  at: number;
  resolve: (value: V) => void;
  reject: (error: unknown) => void;
}

/** A cache whose fetcher hangs until the test settles each call by hand. */
export function setup<D extends unknown[] = [string], V = string>(options: ReadCacheOptions = {}) {
  const time = fakeTime();
  const calls: Call<D, V>[] = [];
  const fetcher = (...deps: D) =>
    new Promise<V>((resolve, reject) => calls.push({ deps, at: time.now(), resolve, reject }));
  const cache = createCache<D, V>(fetcher, { now: time.now, setTimeout: time.setTimeout, clearTimeout: time.clearTimeout, ...options });
  return { time, calls, cache };
}

/** Records how a promise ended, without awaiting it. */
export function track<T>(promise: Promise<T>) {
  const state: { value?: T; error?: unknown; done: boolean } = { done: false };
  promise.then(
    (value) => Object.assign(state, { value, done: true }),
    (error) => Object.assign(state, { error, done: true }),
  );
  return state;
}

