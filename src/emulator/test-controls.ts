import type { EmulatorCore } from "./core";
import { armOutboxTimer } from "./domain/email-outbox-worker";
import { clearNextIdentities, setNextIdentity, type MockIdentity } from "./oauth/next-identity";
import type { MockAccount } from "./oauth/mock-accounts";
import { waitForOutboxEmail, type OutboxWaitFilter } from "./outbox/outbox-wait";
import { toOutboxItem, type OutboxItem } from "./outbox/outbox";
import type { StoreSnapshot } from "./store/store";
import { cloneJson } from "./util/json";

/**
 * What a test needs beyond the API: back to a known state between tests, the mock OAuth provider's next identity,
 * and waiting for an e-mail. Every running emulator has them (`startEmulator`'s result), and the same as control
 * routes: `POST /emulator/reset`, `POST|DELETE /emulator/oauth/<provider>/next-identity`, `GET /emulator/outbox/wait`.
 *
 * @example
 * afterEach(() => emulator.reset());
 */
export interface EmulatorTestControls {
  /**
   * Puts the state back to its baseline (the state at start, or at the last `setBaseline()`): users, sessions,
   * teams, the outbox and project settings. Also clears fault rules, statistics and chosen OAuth identities.
   */
  reset(): Promise<void>;
  /** Makes the current state the one `reset()` returns to (e.g. after seeding users or project settings). */
  setBaseline(): void;
  /**
   * Makes the mock OAuth provider `providerId` answer its next authorization at once as `identity` (no consent
   * page), once; `null` forgets a choice not used yet. Returns the account the provider will report.
   */
  setNextOAuthIdentity(providerId: string, identity: MockIdentity | null): MockAccount | null;
  /**
   * The newest e-mail matching `filter`, as soon as the emulator captures one (default wait 10 s). Rejects after
   * the wait with an error listing what the outbox holds.
   */
  waitForEmail(filter: OutboxWaitFilter, options?: { timeoutMs?: number }): Promise<OutboxItem>;
}

const baselines = new WeakMap<EmulatorCore, StoreSnapshot>();

/** The state as a detached copy (records are shared with the live maps otherwise); any depth, as the data file allows. */
const copyState = (core: EmulatorCore): StoreSnapshot => cloneJson(core.store.toJSON());

/**
 * Records the current state as the baseline `reset` returns to, unless one is recorded already (`force` replaces it).
 *
 * @example
 * captureBaseline(core); // at start
 * captureBaseline(core, { force: true }); // after seeding
 */
export function captureBaseline(core: EmulatorCore, { force = false }: { force?: boolean } = {}): void {
  if (force || !baselines.has(core)) baselines.set(core, copyState(core));
}

/**
 * Restores the baseline (saved to the data file, if any), re-arms the scheduled e-mail timer for it, and clears
 * fault rules, statistics and chosen OAuth identities. With a data file, call it inside `core.exclusive`.
 *
 * @example
 * await core.exclusive(async () => resetToBaseline(core));
 */
export function resetToBaseline(core: EmulatorCore): void {
  captureBaseline(core);
  core.store.restore(cloneJson(baselines.get(core)!));
  core.store.touch();
  core.store.flush();
  core.faults.clear();
  core.stats.reset();
  clearNextIdentities(core);
  armOutboxTimer(core);
}

/**
 * A short text listing the outbox (newest last), for the error of a wait that found nothing.
 *
 * @example
 * throw new Error(`no e-mail to ada@example.com\n${describeOutbox(items)}`);
 */
export function describeOutbox(items: readonly Pick<OutboxItem, "to" | "subject" | "kind" | "sent_at_millis">[]): string {
  if (items.length === 0) return "The outbox is empty.";
  const lines = items.slice(-20).map((m) => `  - to ${m.to.join(", ")}: "${m.subject}" (${m.kind}, ${new Date(m.sent_at_millis).toISOString()})`);
  return `The outbox holds ${items.length} e-mail${items.length === 1 ? "" : "s"}${items.length > 20 ? " (the newest 20 shown)" : ""}:\n${lines.join("\n")}`;
}

/**
 * A short text of a wait filter, for error messages.
 *
 * @example
 * describeFilter({ to: "ada@example.com", kind: "magic_link" }); // 'to ada@example.com, kind magic_link'
 */
export function describeFilter(f: OutboxWaitFilter): string {
  const parts = [
    f.to && `to ${f.to}`,
    f.subject !== undefined && `subject ${typeof f.subject === "string" ? JSON.stringify(f.subject) : String(f.subject)}`,
    f.kind && `kind ${f.kind}`,
    f.projectId && `project ${f.projectId}`,
    f.sinceMillis !== undefined && `sent since ${new Date(f.sinceMillis).toISOString()}`,
    f.excludeIds?.length && `not one of the ${f.excludeIds.length} already read`,
  ].filter(Boolean);
  return parts.length ? parts.join(", ") : "any e-mail";
}

/**
 * The test controls of a running emulator (see {@link EmulatorTestControls}). Records the baseline now if none was.
 *
 * @example
 * return { ...testControls(core), url, stop };
 */
export function testControls(core: EmulatorCore): EmulatorTestControls {
  captureBaseline(core);
  return {
    reset: () => core.exclusive(async () => resetToBaseline(core)),
    setBaseline: () => captureBaseline(core, { force: true }),
    setNextOAuthIdentity: (providerId, identity) => setNextIdentity(core, providerId, identity),
    async waitForEmail(filter, { timeoutMs = 10_000 } = {}) {
      const found = await waitForOutboxEmail(core.outbox, filter, { timeoutMs });
      if (found) return toOutboxItem(found);
      throw new Error(`No e-mail (${describeFilter(filter)}) arrived within ${timeoutMs} ms. ${describeOutbox(core.outbox.list().map(toOutboxItem))}`);
    },
  };
}
