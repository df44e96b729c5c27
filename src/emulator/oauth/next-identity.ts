import type { EmulatorCore } from "../core";
import { accountFor, type MockAccount } from "./mock-accounts";

/**
 * Who the mock OAuth provider signs in as on its next authorization: an e-mail, optionally a name (default: the
 * e-mail's local part, or the listed fake account's name), the account id at the provider (default: stable for the
 * provider and e-mail) and whether the provider calls the e-mail verified (default true).
 *
 * @example
 * const next: MockIdentity = { email: "octocat@github.mock", name: "Octo Cat", accountId: "583231" };
 */
export interface MockIdentity {
  email: string;
  name?: string | null;
  accountId?: string;
  emailVerified?: boolean;
}

// Kept beside the state, not in it: a test's choice is not data a `--data` file should keep.
const chosen = new WeakMap<EmulatorCore, Map<string, MockAccount>>();

/**
 * Makes the provider's next authorization answer at once as `identity` (no consent page), once; `null` forgets a
 * choice not used yet. Returns the account the provider will report.
 *
 * @example
 * setNextIdentity(core, "github", { email: "octocat@github.mock", name: "Octo Cat" });
 */
export function setNextIdentity(core: EmulatorCore, providerId: string, identity: MockIdentity | null): MockAccount | null {
  let byProvider = chosen.get(core);
  if (!byProvider) chosen.set(core, (byProvider = new Map()));
  if (identity === null) {
    byProvider.delete(providerId);
    return null;
  }
  const account = accountFor(providerId, { email: identity.email, name: identity.name, emailVerified: identity.emailVerified });
  if (identity.accountId !== undefined) account.accountId = identity.accountId;
  byProvider.set(providerId, account);
  return account;
}

/**
 * Takes (and forgets) the identity chosen for the provider's next authorization, if any.
 *
 * @example
 * const account = takeNextIdentity(core, "github") ?? fakeAccounts("github")[0];
 */
export function takeNextIdentity(core: EmulatorCore, providerId: string): MockAccount | undefined {
  const byProvider = chosen.get(core);
  const account = byProvider?.get(providerId);
  byProvider?.delete(providerId);
  return account;
}

/**
 * Forgets every identity chosen and not used yet (part of a reset).
 *
 * @example
 * clearNextIdentities(core);
 */
export function clearNextIdentities(core: EmulatorCore): void {
  chosen.delete(core);
}
