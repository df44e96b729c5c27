import { createCache } from "./cache";
import { onCacheChange } from "./changes";

/**
 * Matches any value at its place in a {@link Watch} pattern (the session, usually).
 * @example
 * const watch: Watch = ["teams", ANY];
 */
export const ANY: unique symbol = Symbol("any");

/**
 * A cache entry family a read depends on: the core cache's name (`N`, the names the watching layer knows), then the
 * entry's dependencies to match, place by place (`ANY` matches anything; missing places match anything).
 * @internal
 * @example
 * const watch: Watch = ["team-members", ANY, teamId];
 */
export type Watch<N extends string = string> = readonly [name: N, ...deps: unknown[]];

/**
 * @internal What `useSyncExternalStore` sees of one read (the same object while it does not change).
 * @example
 * const state: ReadState<string> = { status: "done", value: "Ada" };
 */
export interface ReadState<T> {
  status: "pending" | "done" | "error";
  value?: T;
  error?: unknown;
}

interface Entry<T = unknown> {
  state: ReadState<T>;
  /** The fingerprint of `state.value`. */
  print?: string;
  /** The last result of the core cache shown or passed over (each listener's subscription tells it): told once. */
  seen?: ReadState<unknown>;
  /** Loads the raw value; `present` (when given) turns it into what readers are handed, once per load. */
  load: () => Promise<unknown>;
  present?: (value: never) => T;
  watch: readonly Watch[];
  /** True while the read's session has ended (its reader is about to go): changes wait, a failed read keeps the value. */
  hold?: () => boolean;
  /**
   * A change arrived that no load started since has read. Set at the change; a refetch starting clears it, unless
   * nobody is subscribed any more (unmounted meanwhile) or the session is held: that refetch is not made. The next
   * render or subscriber reads it again (a render nobody subscribed to afresh, waiting as for a new read; a
   * component that rendered it just before and subscribes now shows its value meanwhile).
   */
  stale?: boolean;
  /** The read a suspended render waits for: the latest `get` of the core cache (an older one no longer counts). */
  promise?: Promise<void>;
  listeners: Set<() => void>;
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => ReadState<T>;
}

/**
 * A fingerprint of a value's data (functions, `_`-prefixed keys and class instances other than `Date` left out):
 * a reload whose data did not change keeps the old object, so nothing re-renders.
 * @internal
 * @example
 * fingerprint({ id: "u1", update() {} }) === fingerprint({ id: "u1", update() {} }); // true
 */
export function fingerprint(value: unknown): string {
  const seen = new Set<object>();
  const walk = (v: unknown, depth: number): unknown => {
    if (v instanceof Date) return { $date: v.getTime() };
    if (typeof v === "function" || typeof v === "symbol") return undefined;
    if (typeof v === "bigint") return String(v);
    if (v === null || typeof v !== "object") return v;
    if (seen.has(v) || depth > 8) return "$seen";
    const proto = Object.getPrototypeOf(v);
    if (!Array.isArray(v) && proto !== Object.prototype && proto !== null && !isHookAugmented(v)) return "$instance";
    seen.add(v);
    const out = Array.isArray(v)
      ? v.map((x) => walk(x, depth + 1))
      : Object.fromEntries(Object.keys(v).filter((k) => k[0] !== "_").map((k) => [k, walk((v as Record<string, unknown>)[k], depth + 1)]));
    seen.delete(v);
    return out;
  };
  return JSON.stringify(walk(value, 0)) ?? "undefined";
}

// Objects handed out by hooks are copies whose prototype is a core object; their data is theirs.
const augmented = /* @__PURE__ */ new WeakSet<object>();
/**
 * @internal Marks an object made by the React layer (a core object copied with hooks added).
 * @example
 * const user = markAugmented(Object.assign(Object.create(core), hooks));
 */
export const markAugmented = <T extends object>(value: T): T => (augmented.add(value), value);
const isHookAugmented = (value: object) => augmented.has(value);

const matches = (watch: Watch, name: string, deps: readonly unknown[] | null) =>
  watch[0] === name && (deps === null || watch.every((w, i) => i === 0 || w === ANY || w === deps[i - 1]));

/**
 * The observer of an app's reads that a UI layer subscribes to (latchkey/react does, through `useSyncExternalStore`;
 * nothing here knows React): one entry per read key (e.g. `"user:u1:listTeams"`), loaded through the core's methods
 * (so through its caches), re-loaded when the core says a cache entry the read watches was refreshed or invalidated.
 * It is no second cache: the reads' results live in a core cache ({@link createCache}) keyed by the read key, which
 * loads them (one load at a time; a change during a load asks for one more after it), keeps each while a component
 * renders it (then 5 s more) and then drops it. Per read the observer keeps only the snapshot `useSyncExternalStore`
 * shows (the last result, or an equal earlier one), its listeners and what the cache does not know (watch list,
 * session hold), and drops them with the cache entry.
 * @internal
 * @example
 * const store = readStoreOf(app, ctx);
 * const entry = observer.entry("user:{}", [["user"]], app.getUser.bind(app, {}), (user) => withHooks(user));
 */
export class ReadObserver {
  private readonly entries = new Map<string, Entry>();
  private readonly cache = createCache(
    async (key: string): Promise<ReadState<unknown> | undefined> => {
      const e = this.entries.get(key)!;
      // A refetch for a change that nobody shows any more, or whose session ended: not made (see Entry.stale).
      if (e.stale && (!e.listeners.size || e.hold?.())) return;
      e.stale = false;
      await 0; // not inside the render that asked for it
      try {
        const raw = await e.load();
        return { status: "done", value: e.present ? e.present(raw as never) : raw };
      } catch (error) {
        return { status: "error", error };
      }
    },
    { onEvict: ([key]) => this.entries.delete(key as string) },
  );

  /** @param owners - what the core tells changes on: the app's auth context (caches) and its core (writes). */
  constructor(owners: readonly object[]) {
    for (const owner of owners) {
      onCacheChange(owner, (name, deps) => {
        for (const [key, entry] of this.entries) {
          if (entry.stale || !entry.watch.some((w) => matches(w, name, deps))) continue;
          entry.stale = true;
          // After this turn (its other changes join this one): a subscribed entry is read again (coalesced with a
          // running load by the cache); one nobody subscribes to is only forgotten (no read now: a read may act,
          // e.g. redirect when signed out). It stays here: a component may have rendered it and not subscribed yet
          // (React subscribes after the commit), and must still get this change and every later one.
          queueMicrotask(() => void this.cache.refresh([key]));
        }
      });
    }
  }

  /**
   * The entry for `key`, created (and loaded) on first use; later calls update its loader, watch list and `hold`
   * (see {@link Entry.hold}), and read it again if a change is unread and its session lives.
   */
  entry<R, T = R>(key: string, watch: readonly Watch[], load: () => Promise<R>, present?: (value: R) => T, hold?: () => boolean): Entry<T> {
    let entry = this.entries.get(key) as Entry<T> | undefined;
    const created = !entry;
    if (!entry) {
      const e: Entry<T> = {
        state: { status: "pending" },
        load,
        watch,
        listeners: new Set(),
        subscribe: (listener) => {
          e.listeners.add(listener);
          // Dropped while its component was between render and subscription (an eviction): back in the store.
          if (!this.entries.has(key)) this.entries.set(key, e);
          const stop = this.cache.subscribe([key], (state) => this.settle(e, state));
          if (e.stale && !e.hold?.()) this.read(key, e, false);
          return () => {
            e.listeners.delete(listener);
            stop();
          };
        },
        getSnapshot: () => e.state,
      };
      this.entries.set(key, (entry = e));
    }
    Object.assign(entry, { load, present, watch, hold });
    // A change it has not read (see Entry.stale): nobody subscribed, this render reads it afresh, as a new read, not
    // a result from before; subscribed (its session ended then, and lives again), it shows its value meanwhile.
    if (created || (entry.stale && !hold?.())) this.read(key, entry, !entry.listeners.size);
    return entry;
  }

  /** The promise a suspended render waits for: the entry's running load. */
  pending(entry: Entry<unknown>): Promise<void> {
    return entry.promise ?? Promise.resolve();
  }

  /** Reads `entry` through the cache (a fetch started after this call); `fresh`: it shows nothing meanwhile. */
  private read(key: string, entry: Entry, fresh: boolean) {
    entry.stale = false;
    if (fresh) entry.state = { status: "pending" };
    const promise: Promise<void> = (entry.promise = this.cache.get([key]).then((state) => {
      if (entry.promise === promise) this.settle(entry, state);
    }));
  }

  /** Shows a result of the cache: a reload whose data did not change keeps the old object, so nothing re-renders. */
  private settle(entry: Entry, state: ReadState<unknown> | undefined) {
    if (!state || state === entry.seen) return; // a refetch not made
    entry.seen = state;
    const print = fingerprint(state.value);
    // A re-read that failed because its session ended meanwhile (sign-out) keeps the value its readers show.
    if (entry.state.status === "done" && (state.status === "error" ? entry.hold?.() : print === entry.print)) return;
    entry.print = print;
    entry.state = state;
    for (const listener of [...entry.listeners]) listener();
  }
}
