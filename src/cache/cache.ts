import { createKeyer } from "./key";

/**
 * Settings of {@link createCache}. Every field is optional; the clock and timer hooks exist so tests can drive
 * time by hand.
 *
 * @example
 * const cache = createCache(fetchUser, { throttleMs: 0, evictMs: 60_000 });
 */
export interface ReadCacheOptions {
  /**
   * Least time, in ms, between the starts of two background refetches of one entry (those that only subscribers
   * wait for, after an `invalidate`). A `get` or a `refresh` never waits for it. Default 300.
   */
  throttleMs?: number;
  /** How long, in ms, an entry nobody subscribes to outlives its last fetch or last subscriber. Default 5000. */
  evictMs?: number;
  /** Current time in ms. Default `Date.now()`. */
  now?: () => number;
  /** Starts a timer. Default the global `setTimeout`. Eviction timers are `unref`ed when the handle allows it. */
  setTimeout?: (callback: () => void, ms: number) => unknown;
  /** Stops a timer started by `setTimeout` (may be given `undefined`). Default the global `clearTimeout`. */
  clearTimeout?: (handle: any) => void;
  /** Told after each refresh or invalidation: the deps, or `null` for the `…Where` forms (whether or not held). */
  onOutdate?: (deps: readonly unknown[] | null) => void;
  /** Told when an entry is dropped (`evictMs` after its last fetch or subscriber), with its deps. */
  onEvict?: (deps: readonly unknown[]) => void;
}

/**
 * A read cache: one entry per dependency tuple, filled by the fetcher given to {@link createCache}.
 * Tuples are compared element by element, objects by identity (see {@link createCache}).
 *
 * @example
 * const user = await users.get([session]);
 * await users.refresh([session]); // after a mutation
 */
export interface ReadCache<D extends readonly unknown[], V> {
  /**
   * The value for `deps` as fetched after this call began (the official SDK's "write-only" read: a direct read
   * never returns data older than the call, so a change made by another app or device shows at once). Calls that
   * arrive while a fetch is queued share it (and start it at once if it was waiting out the throttle); a call
   * that arrives while a fetch runs waits for the next one. A failed fetch is not cached and rejects every waiter.
   */
  get(deps: D): Promise<V>;
  /** The value held for `deps` right now (possibly being refreshed), or `undefined`. Never fetches. */
  peek(deps: D): V | undefined;
  /**
   * Call after a mutation: gets issued from now on see data fetched after this call. A subscribed entry keeps its
   * value and is refetched (coalesced, not throttled: the mutation awaits it); the promise settles once that fetch
   * did, and never rejects.
   * An entry nobody subscribes to just forgets its value, so the next `get` fetches. Unknown deps: no-op.
   */
  refresh(deps: D): Promise<void>;
  /** {@link ReadCache.refresh} for every entry whose deps match `predicate`. */
  refreshWhere(predicate: (deps: D) => boolean): Promise<void>;
  /**
   * Forgets the value for `deps` (`peek` gives `undefined`); a subscribed entry is refetched in the background
   * (the one kind of fetch the throttle spaces out, since nobody awaits it).
   */
  invalidate(deps: D): void;
  /** {@link ReadCache.invalidate} for every entry whose deps match `predicate`, e.g. all of one session. */
  invalidateWhere(predicate: (deps: D) => boolean): void;
  /**
   * Calls `listener` with each new value stored for `deps`, and keeps the entry while subscribed. Does not fetch.
   * Returns the unsubscribe function; `evictMs` after the last subscriber leaves, the entry is dropped.
   */
  subscribe(deps: D, listener: (value: V) => void): () => void;
}

interface Entry<D, V> {
  deps: D;
  key: string;
  /** Last stored value; `undefined` once invalidated. */
  value?: V;
  /** Bumped by refresh/invalidate; a fetch stores its result only if this did not change while it ran. */
  gen: number;
  /** What a `get` issued now waits for: the queued fetch, or the running one. */
  pending?: Promise<V>;
  /** Settlers of `pending` while a fetch is wanted but not started yet. */
  queued?: [(value: V) => void, (error: unknown) => void];
  running?: boolean;
  /** The queued fetch has a caller awaiting it (a `get` or `refresh`): the throttle does not delay it. */
  urgent?: boolean;
  /** The running fetch, while calls made in the same synchronous turn as its start may still share it. */
  joinable?: Promise<V>;
  /** When the last fetch started. */
  started: number;
  subs: Set<(value: V) => void>;
  evictTimer?: unknown;
  throttleTimer?: unknown;
}

const noop = () => {};

/**
 * Creates a read cache around `fetcher`. Entries are keyed by the tuple of arguments given to `fetcher`,
 * compared element by element: objects (such as a session) by identity, strings, numbers, booleans, `null` and
 * `undefined` by value.
 *
 * - Every `get` resolves with data fetched after it was called; identical reads waiting for the same fetch (or
 *   issued in the same synchronous turn) share it, and failures are not cached.
 * - One fetch at a time per entry; reads and refreshes that arrive meanwhile coalesce into one follow-up fetch.
 * - A caller that awaits (a `get`, a `refresh`) never waits for the throttle: a sequence such as read, change,
 *   read costs its round trips and nothing more. Only background refetches (after an `invalidate` of a subscribed
 *   entry) start at least `throttleMs` (300) after the previous fetch.
 * - `peek` and `subscribe` see the last value (for UI that renders what it has while a fetch runs).
 * - An entry nobody subscribes to is dropped `evictMs` (5000) after its last fetch or its last subscriber left
 *   (`onEvict` is told, so whoever keeps something per entry can drop it too).
 *
 * @example
 * const teams = createCache((session: Session, teamId: string) => fetchTeam(session, teamId));
 * const team = await teams.get([session, "team_1"]);
 * await renameTeam(session, "team_1", "Ops");
 * await teams.refresh([session, "team_1"]);
 * teams.invalidateWhere(([s]) => s === session); // on sign-out
 */
export function createCache<D extends readonly unknown[], V>(
  fetcher: (...deps: D) => Promise<V>,
  options: ReadCacheOptions = {},
): ReadCache<D, V> {
  const {
    throttleMs = 300,
    evictMs = 5000,
    now = () => Date.now(),
    setTimeout: later = (callback, ms) => setTimeout(callback, ms),
    clearTimeout: cancel = (handle) => clearTimeout(handle),
    onOutdate: told = noop,
    onEvict: evicted = noop,
  } = options;
  const entries = new Map<string, Entry<D, V>>();
  const keyOf = createKeyer();

  const find = (deps: D) => entries.get(keyOf(deps));
  const open = (deps: D): Entry<D, V> => {
    const key = keyOf(deps);
    let entry = entries.get(key);
    if (!entry) {
      entries.set(key, (entry = { deps, key, gen: 0, started: -Infinity, subs: new Set() }));
    }
    return entry;
  };

  // Stops the eviction countdown and, if nobody subscribes, starts a new one.
  const arm = (entry: Entry<D, V>) => {
    cancel(entry.evictTimer);
    entry.evictTimer = undefined;
    if (!entry.subs.size) {
      const timer = later(() => {
        // A fetch running or queued re-arms the countdown when it settles.
        if (!entry.subs.size && !entry.running && !entry.queued) {
          entries.delete(entry.key);
          evicted(entry.deps);
        }
      }, evictMs) as { unref?: () => void } | undefined;
      timer?.unref?.();
      entry.evictTimer = timer;
    }
  };

  // Asks for a fetch whose result is newer than this call; coalesces with one already queued. `urgent`: someone
  // awaits it, so it starts as soon as no fetch of the entry runs (a throttle wait in progress is cut short).
  const request = (entry: Entry<D, V>, urgent: boolean): Promise<V> => {
    // Nobody may be waiting on a new queued fetch; its error still reaches whoever is.
    if (!entry.queued) (entry.pending = new Promise<V>((resolve, reject) => (entry.queued = [resolve, reject]))).catch(noop);
    if (urgent) {
      entry.urgent = true;
      cancel(entry.throttleTimer);
      entry.throttleTimer = undefined;
    }
    const promise = entry.pending!; // the queued fetch's, also once pump starts it
    pump(entry);
    return promise;
  };

  // Starts the queued fetch, unless one is running or the throttle says wait.
  const pump = (entry: Entry<D, V>) => {
    if (entry.running || !entry.queued || entry.throttleTimer !== undefined) return;
    const wait = entry.urgent ? 0 : entry.started + throttleMs - now();
    if (wait > 0) {
      // Not unref'd: someone may be awaiting this fetch.
      entry.throttleTimer = later(() => {
        entry.throttleTimer = undefined;
        pump(entry);
      }, wait);
      return;
    }
    const [resolve, reject] = entry.queued;
    const promise = entry.pending;
    const gen = entry.gen;
    entry.queued = undefined;
    entry.urgent = false;
    entry.running = true;
    entry.started = now();
    // Reads issued in the same synchronous turn (e.g. `Promise.all([getUser(), getUser()])`) share this fetch:
    // it has not sent anything yet, so its data is no older than theirs.
    entry.joinable = promise;
    queueMicrotask(() => {
      if (entry.joinable === promise) entry.joinable = undefined;
    });
    const settle = (ok: boolean, result: any) => {
      entry.running = false;
      entry.joinable = undefined;
      if (entry.pending === promise) entry.pending = undefined;
      if (ok && gen === entry.gen) {
        entry.value = result;
        for (const listener of entry.subs) {
          try {
            listener(result);
          } catch (error) {
            queueMicrotask(() => {
              throw error;
            });
          }
        }
      }
      (ok ? resolve : reject)(result);
      arm(entry);
      pump(entry);
    };
    // Promise.resolve adopts the fetcher's own promise as is (no extra promise and microtask hops, as wrapping it
    // in `new Promise` would cost); a fetcher that throws at once rejects like one whose promise does.
    let fetched: Promise<V>;
    try {
      fetched = Promise.resolve(fetcher(...entry.deps));
    } catch (error) {
      fetched = Promise.reject(error);
    }
    fetched.then(
      (value) => settle(true, value),
      (error) => settle(false, error),
    );
  };

  // Shared by refresh and invalidate: outdates the entry and refetches it when someone subscribes (at once for a
  // refresh, which its caller awaits; throttled for an invalidation, which nobody awaits).
  const outdate = (entry: Entry<D, V>, forget: boolean): Promise<void> => {
    entry.gen++;
    entry.joinable = undefined; // it started before this change
    if (forget || !entry.subs.size) entry.value = undefined;
    if (entry.subs.size) return request(entry, !forget).then(noop, noop);
    if (!entry.queued) entry.pending = undefined; // a running fetch started too early to count
    return Promise.resolve();
  };

  const matching = (predicate: (deps: D) => boolean) => [...entries.values()].filter((entry) => predicate(entry.deps));

  return {
    get(deps) {
      const entry = open(deps);
      return entry.joinable ?? request(entry, true);
    },
    peek: (deps) => find(deps)?.value,
    refresh(deps) {
      const entry = find(deps);
      told(deps);
      return entry ? outdate(entry, false) : Promise.resolve();
    },
    refreshWhere: (predicate) => (told(null), Promise.all(matching(predicate).map((entry) => outdate(entry, false))).then(noop)),
    invalidate(deps) {
      const entry = find(deps);
      told(deps);
      if (entry) outdate(entry, true);
    },
    invalidateWhere(predicate) {
      told(null);
      for (const entry of matching(predicate)) outdate(entry, true);
    },
    subscribe(deps, listener) {
      const entry = open(deps);
      const own = (value: V) => listener(value); // a fresh function, so one listener may subscribe twice
      entry.subs.add(own);
      arm(entry);
      return () => {
        if (entry.subs.delete(own) && !entry.subs.size) arm(entry);
      };
    },
  };
}
