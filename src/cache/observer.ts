import { onCacheChange } from "./changes";

/** Matches any value at its place in a {@link Watch} pattern (the session, usually). */
export const ANY: unique symbol = Symbol("any");

/**
 * A cache entry family a read depends on: the core cache's name (`N`, the names the watching layer knows), then the
 * entry's dependencies to match, place by place (`ANY` matches anything; missing places match anything).
 * @internal
 * @example
 * const watch: Watch = ["team-members", ANY, teamId];
 */
export type Watch<N extends string = string> = readonly [name: N, ...deps: unknown[]];

/** @internal What `useSyncExternalStore` sees of one read. */
export interface ReadState<T> {
  status: "pending" | "done" | "error";
  value?: T;
  error?: unknown;
}

interface Entry<T = unknown> {
  state: ReadState<T>;
  /** Loads the raw value; `present` (when given) turns it into what readers are handed, once per load. */
  load: () => Promise<unknown>;
  present?: (value: never) => T;
  watch: readonly Watch[];
  promise?: Promise<void>;
  /** True while the read's session has ended (its reader is about to go): changes wait, a failed read keeps the value. */
  hold?: () => boolean;
  /** A change arrived while held, or while nobody rendered it: read again once a render finds it (and its session). */
  stale?: boolean;
  /** A reload is wanted after the running one (a change arrived meanwhile). */
  again?: boolean;
  /**
   * A change arrived while nobody was subscribed. The next render reads it afresh (and waits, as for a new read);
   * a component that rendered it just before and subscribes now reads it again (and shows its value meanwhile).
   */
  outdated?: boolean;
  /** Bumped when a running load's result no longer counts (the read was outdated while nobody rendered it). */
  gen: number;
  print?: string;
  listeners: Set<() => void>;
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => ReadState<T>;
  evict?: ReturnType<typeof setTimeout>;
}

/** How long an entry nobody renders outlives its last reader, as the core's cache does. */
const EVICT_MS = 5000;

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
/** @internal Marks an object made by the React layer (a core object copied with hooks added). */
export const markAugmented = <T extends object>(value: T): T => (augmented.add(value), value);
const isHookAugmented = (value: object) => augmented.has(value);

const matches = (watch: Watch, name: string, deps: readonly unknown[] | null) =>
  watch[0] === name && (deps === null || watch.every((w, i) => i === 0 || w === ANY || w === deps[i - 1]));

/**
 * The observer of an app's reads that a UI layer subscribes to (latchkey/react does, through `useSyncExternalStore`;
 * nothing here knows React): one entry per read key (e.g. `"user:u1:listTeams"`), loaded through
 * the core's methods (so through its cache), re-loaded when the core says a cache entry the read watches was
 * refreshed or invalidated, and kept only while a component renders it (then 5 s more).
 * @internal
 * @example
 * const store = readStoreOf(app, ctx);
 * const entry = observer.entry("user:{}", [["user"]], app.getUser.bind(app, {}), (user) => withHooks(user));
 */
export class ReadObserver {
  private readonly entries = new Map<string, Entry>();
  private readonly dirty = new Set<Entry>();

  /** @param owners - what the core tells changes on: the app's auth context (caches) and its core (writes). */
  constructor(owners: readonly object[]) {
    for (const owner of owners) {
      onCacheChange(owner, (name, deps) => {
        const before = this.dirty.size;
        for (const entry of this.entries.values()) {
          if (!entry.watch.some((w) => matches(w, name, deps))) continue;
          // Nobody is subscribed: no read now (a read may act, e.g. redirect when signed out), but the next render
          // or subscriber reads again. It stays in the store: a component may have rendered it and not subscribed
          // yet (React subscribes after the commit), and must still get this change and every later one.
          if (!entry.listeners.size) entry.outdated = true;
          else if (entry.hold?.()) {
            // Its session ended (a read would fail): its readers keep the value they show until they go.
            entry.stale = true;
          } else this.dirty.add(entry);
        }
        if (!before && this.dirty.size) queueMicrotask(() => this.flush());
      });
    }
  }

  /**
   * The entry for `key`, created (not yet loaded) on first use; later calls update its loader and watch list.
   * `hold` says when the read's session has ended (see {@link Entry.hold}).
   */
  entry<R, T = R>(key: string, watch: readonly Watch[], load: () => Promise<R>, present?: (value: R) => T, hold?: () => boolean): Entry<T> {
    let entry = this.entries.get(key) as Entry<T> | undefined;
    if (!entry) {
      const e: Entry<T> = {
        state: { status: "pending" },
        load,
        present,
        watch,
        hold,
        gen: 0,
        listeners: new Set(),
        subscribe: (listener) => {
          clearTimeout(e.evict);
          e.listeners.add(listener);
          // Dropped while its component was between render and subscription (an eviction): back in the store.
          if (!this.entries.has(key)) this.entries.set(key, e);
          if (e.outdated) {
            e.outdated = false;
            this.reload(e);
          }
          return () => {
            e.listeners.delete(listener);
            if (!e.listeners.size) this.scheduleEvict(key, e);
          };
        },
        getSnapshot: () => e.state,
      };
      this.entries.set(key, (entry = e));
      this.scheduleEvict(key, e); // a render that suspends never subscribes
      this.reload(e);
    } else {
      entry.load = load;
      entry.present = present;
      entry.watch = watch;
      entry.hold = hold;
      if (entry.outdated && !entry.listeners.size) {
        // Changed while nobody rendered it: this render reads it afresh, as a new read, not a result from before.
        entry.outdated = false;
        entry.stale = false;
        entry.again = false;
        entry.gen++;
        entry.promise = undefined;
        entry.print = undefined;
        entry.state = { status: "pending" };
        this.reload(entry);
      } else if (entry.stale && !hold?.()) {
        entry.stale = false;
        this.reload(entry);
      }
    }
    return entry;
  }

  /** The promise a suspended render waits for: the entry's running load. */
  pending(entry: Entry<unknown>): Promise<void> {
    return entry.promise ?? Promise.resolve();
  }

  private scheduleEvict(key: string, entry: Entry) {
    clearTimeout(entry.evict);
    entry.evict = setTimeout(() => {
      if (!entry.listeners.size && this.entries.get(key) === entry) this.entries.delete(key);
    }, EVICT_MS);
    (entry.evict as { unref?: () => void }).unref?.();
  }

  private flush() {
    const entries = [...this.dirty];
    this.dirty.clear();
    for (const entry of entries) this.reload(entry);
  }

  private reload<T>(entry: Entry<T>) {
    if (entry.promise) {
      entry.again = true;
      return;
    }
    const gen = entry.gen;
    const settle = (state: ReadState<T>, print?: string) => {
      if (gen !== entry.gen) return; // outdated while nobody rendered it: a newer load replaced this one
      entry.promise = undefined;
      // A re-read that failed because its session ended meanwhile (sign-out) keeps the value its readers show.
      if (state.status === "error" && entry.state.status === "done" && entry.hold?.()) state = entry.state;
      if (state.status === "error" || print !== entry.print || entry.state.status !== "done") {
        entry.print = print;
        entry.state = state;
        for (const listener of [...entry.listeners]) listener();
      }
      if (entry.again) {
        entry.again = false;
        // Nobody renders it any more (unmounted meanwhile): the next render that reads it reads again.
        if (entry.listeners.size) this.reload(entry);
        else entry.stale = true;
      }
    };
    entry.promise = Promise.resolve()
      .then(() => entry.load())
      .then(
        (raw) => {
          let value: T;
          try {
            value = entry.present ? entry.present(raw as never) : (raw as T);
          } catch (error) {
            return settle({ status: "error", error });
          }
          settle({ status: "done", value }, fingerprint(value));
        },
        (error) => settle({ status: "error", error }),
      );
  }
}
