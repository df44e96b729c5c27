import type { EmulatorCore } from "../core";
import type { Store } from "../store/store";
import type { UserRecord } from "../store/types";
import { newId } from "../util/random";
import { oauthProvidersOfUser } from "./user-read";

/**
 * Key of the connected-account records in `store.extra`.
 *
 * @example
 * store.extra[OAUTH_ACCOUNTS_FAMILY]; // OAuthAccountRecord[]
 */
export const OAUTH_ACCOUNTS_FAMILY = "oauth-accounts";

/**
 * One OAuth account connected to a user (wire §8.16 "oauth provider" of a user).
 *
 * @example
 * const a: OAuthAccountRecord = listOAuthAccounts(store, userId)[0];
 */
export interface OAuthAccountRecord {
  id: string;
  projectId: string;
  userId: string;
  /** The project's provider config id, e.g. `github`. */
  providerConfigId: string;
  /** The account id at the provider. */
  accountId: string;
  email: string | null;
  allowSignIn: boolean;
  allowConnectedAccounts: boolean;
  /** Scopes granted by the provider (what access-token requests are checked against). */
  scopes: string[];
  /** The (mock) provider access token, or null when none was kept. */
  accessToken: string | null;
  createdAtMillis: number;
}

/**
 * All connected-account records (the live array inside `store.extra`). Connections of deleted users are dropped
 * on access.
 *
 * @example
 * const all = oauthAccountRecords(store);
 */
export function oauthAccountRecords(store: Store): OAuthAccountRecord[] {
  const list = (store.extra[OAUTH_ACCOUNTS_FAMILY] ??= []) as OAuthAccountRecord[];
  for (let i = list.length - 1; i >= 0; i--) if (!store.users.has(list[i].userId)) list.splice(i, 1);
  return list;
}

/**
 * A user's connected accounts, in connection order.
 *
 * @example
 * const accounts = listOAuthAccounts(store, user.id);
 */
export function listOAuthAccounts(store: Store, userId: string): OAuthAccountRecord[] {
  return oauthAccountRecords(store).filter((a) => a.userId === userId);
}

/**
 * The account with this provider account id in a project (any user), if connected.
 *
 * @example
 * const existing = findOAuthAccount(store, projectId, "github", "12345");
 */
export function findOAuthAccount(
  store: Store,
  projectId: string,
  providerConfigId: string,
  accountId: string,
): OAuthAccountRecord | undefined {
  return oauthAccountRecords(store).find(
    (a) => a.projectId === projectId && a.providerConfigId === providerConfigId && a.accountId === accountId,
  );
}

/**
 * The user signing in with this provider account (only accounts with `allow_sign_in`), if any.
 *
 * @example
 * const user = findOAuthSignInUser(store, projectId, "github", "12345");
 */
export function findOAuthSignInUser(
  store: Store,
  projectId: string,
  providerConfigId: string,
  accountId: string,
): UserRecord | undefined {
  const account = oauthAccountRecords(store).find(
    (a) => a.projectId === projectId && a.providerConfigId === providerConfigId && a.accountId === accountId && a.allowSignIn,
  );
  return account ? store.users.get(account.userId) : undefined;
}

/**
 * What `linkOAuthAccount` needs to know.
 *
 * @example
 * const input: LinkOAuthAccountInput = { projectId, userId, providerId: "github", accountId: "1", email: null, scopes: [], accessToken: "t" };
 */
export interface LinkOAuthAccountInput {
  projectId: string;
  userId: string;
  /** The provider config id, e.g. `github`. */
  providerId: string;
  accountId: string;
  email?: string | null;
  scopes?: string[];
  accessToken?: string | null;
  allowSignIn?: boolean;
  allowConnectedAccounts?: boolean;
}

/**
 * Connects a provider account to a user, or refreshes the existing connection of that same user
 * (e-mail, access token, scopes are merged). Used by the OAuth callback flow and by `POST /oauth-providers`.
 * Does not check uniqueness across users; callers decide on conflicts via `findOAuthAccount`.
 *
 * @example
 * linkOAuthAccount(store, { projectId, userId, providerId: "github", accountId: "42", email: "a@b.co", scopes: ["repo"], accessToken: "mock_at" });
 */
export function linkOAuthAccount(store: Store, input: LinkOAuthAccountInput): OAuthAccountRecord {
  const records = oauthAccountRecords(store);
  const existing = records.find(
    (a) =>
      a.projectId === input.projectId &&
      a.userId === input.userId &&
      a.providerConfigId === input.providerId &&
      a.accountId === input.accountId,
  );
  if (existing) {
    if (input.email !== undefined) existing.email = input.email;
    if (input.accessToken !== undefined) existing.accessToken = input.accessToken;
    if (input.scopes) existing.scopes = [...new Set([...existing.scopes, ...input.scopes])];
    if (input.allowSignIn !== undefined) existing.allowSignIn = input.allowSignIn;
    if (input.allowConnectedAccounts !== undefined) existing.allowConnectedAccounts = input.allowConnectedAccounts;
    store.touch();
    return existing;
  }
  const record: OAuthAccountRecord = {
    id: newId(),
    projectId: input.projectId,
    userId: input.userId,
    providerConfigId: input.providerId,
    accountId: input.accountId,
    email: input.email ?? null,
    allowSignIn: input.allowSignIn ?? true,
    allowConnectedAccounts: input.allowConnectedAccounts ?? true,
    scopes: [...(input.scopes ?? [])],
    accessToken: input.accessToken ?? null,
    createdAtMillis: Date.now(),
  };
  records.push(record);
  store.touch();
  return record;
}

/**
 * Removes one connection by record id; returns whether it existed.
 *
 * @example
 * unlinkOAuthAccount(store, account.id);
 */
export function unlinkOAuthAccount(store: Store, id: string): boolean {
  const records = oauthAccountRecords(store);
  const i = records.findIndex((a) => a.id === id);
  if (i < 0) return false;
  records.splice(i, 1);
  store.touch();
  return true;
}

/**
 * Installs the user-read hook so `oauth_providers` on user objects lists the real connections
 * (`{id: provider config id, account_id, email}`). Called when the route family is registered.
 *
 * @example
 * installOAuthProvidersHook();
 */
export function installOAuthProvidersHook(): void {
  oauthProvidersOfUser.current = (core: EmulatorCore, user: UserRecord) =>
    listOAuthAccounts(core.store, user.id).map((a) => ({ id: a.providerConfigId, account_id: a.accountId, email: a.email }));
}

installOAuthProvidersHook();
