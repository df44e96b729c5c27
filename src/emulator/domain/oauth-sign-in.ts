import type { EmulatorCore } from "../core";
import { known, StatusError } from "../errors";
import type { Store } from "../store/store";
import type { ContactChannelRecord, ProjectRecord } from "../store/types";
import { linkOAuthAccount, oauthAccountRecords, type OAuthAccountRecord } from "./oauth-accounts";
import type { OAuthFlowRecord } from "./oauth-flows";
import { createOrUpgradeUser } from "./users";

/**
 * What the provider told the platform about the person who consented, plus the provider tokens.
 *
 * @example
 * const info: ProviderUserInfo = { accountId: "42", email: "ada@github.mock", emailVerified: true, displayName: "Ada", profileImageUrl: null, scopes: ["user:email"], accessToken: "mockat_…" };
 */
export interface ProviderUserInfo {
  accountId: string;
  email: string | null;
  emailVerified: boolean;
  displayName: string | null;
  profileImageUrl: string | null;
  scopes: string[];
  accessToken: string;
}

/**
 * Who the OAuth callback signs in: the user id and whether the user was created by this sign-in.
 *
 * @example
 * const { userId, newUser } = resolveOAuthUser(core, project, flow, info, ctx.effect, signUpCountryCode(ctx.req));
 */
export interface OAuthSignInResult {
  userId: string;
  newUser: boolean;
}

/** The connection that signs in with this provider account (ignoring connections of deleted users). */
function signInAccount(store: Store, projectId: string, providerId: string, accountId: string): OAuthAccountRecord | undefined {
  return oauthAccountRecords(store).find(
    (a) => a.projectId === projectId && a.providerConfigId === providerId && a.accountId === accountId && a.allowSignIn && store.users.has(a.userId),
  );
}

/** The project's e-mail channel with this address: the one used for sign-in if any, else any user's. */
function emailChannel(store: Store, projectId: string, email: string): ContactChannelRecord | undefined {
  const auth = store.authChannel(projectId, email);
  if (auth && store.users.has(auth.userId)) return auth;
  const wanted = email.toLowerCase();
  return [...store.contactChannels.values()].find(
    (c) => c.projectId === projectId && c.type === "email" && c.value.toLowerCase() === wanted && store.users.has(c.userId),
  );
}

function connect(store: Store, flow: OAuthFlowRecord, userId: string, info: ProviderUserInfo): void {
  linkOAuthAccount(store, {
    projectId: flow.projectId,
    userId,
    providerId: flow.providerId,
    accountId: info.accountId,
    email: info.email,
    scopes: info.scopes,
    accessToken: info.accessToken,
  });
}

function linkToTokenUser(core: EmulatorCore, flow: OAuthFlowRecord, info: ProviderUserInfo): OAuthSignInResult {
  const userId = flow.projectUserId;
  if (!userId || !core.store.users.has(userId)) throw new StatusError(400, "The user of the link token no longer exists. Please sign in again.");
  const existing = signInAccount(core.store, flow.projectId, flow.providerId, info.accountId);
  if (existing && existing.userId !== userId) throw known("OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER");
  connect(core.store, flow, userId, info);
  return { userId, newUser: false };
}

/**
 * Decides which user an OAuth callback signs in, like the platform:
 * - `type=link`: the provider account is connected to the token's user (`OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER`
 *   when another user signs in with it);
 * - a provider account already used for sign-in signs its user in;
 * - an e-mail already used for sign-in by a user follows `oauth_account_merge_strategy`: `link_method` connects the
 *   account to that user when both e-mails are verified (else `CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE`),
 *   `raise_error` refuses, `allow_duplicates` creates a new user whose e-mail is not used for sign-in;
 * - with sign-ups off, a user with that e-mail gets the connection, otherwise `SIGN_UP_NOT_ENABLED`;
 * - else a new user is created — or the token's anonymous user is upgraded in place.
 *
 * @example
 * const { userId, newUser } = resolveOAuthUser(core, project, flow, info, ctx.effect);
 */
export function resolveOAuthUser(
  core: EmulatorCore,
  project: ProjectRecord,
  flow: OAuthFlowRecord,
  info: ProviderUserInfo,
  effect?: (name: string) => void,
  countryCode: string | null = null,
): OAuthSignInResult {
  const store = core.store;
  if (flow.type === "link") return linkToTokenUser(core, flow, info);

  const existing = signInAccount(store, project.id, flow.providerId, info.accountId);
  if (existing) {
    connect(store, flow, existing.userId, info);
    return { userId: existing.userId, newUser: false };
  }

  let emailAuth = false;
  const channel = info.email ? emailChannel(store, project.id, info.email) : undefined;
  if (info.email) {
    emailAuth = true;
    if (channel?.usedForAuth) {
      switch (project.config.oauthAccountMergeStrategy) {
        case "link_method":
          if (!channel.isVerified) throw known("CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE", contactDetails(info.email, true));
          if (!info.emailVerified) throw known("CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE", contactDetails(info.email, false));
          connect(store, flow, channel.userId, info);
          return { userId: channel.userId, newUser: false };
        case "raise_error":
          throw known("CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE", contactDetails(info.email, false));
        case "allow_duplicates":
          emailAuth = false;
          break;
      }
    }
  }

  if (!project.config.signUpEnabled) {
    if (!channel) throw known("SIGN_UP_NOT_ENABLED");
    connect(store, flow, channel.userId, info);
    return { userId: channel.userId, newUser: false };
  }

  const tokenUser = flow.projectUserId ? store.users.get(flow.projectUserId) : undefined;
  const user = createOrUpgradeUser(
    core,
    project,
    tokenUser,
    { email: info.email, emailVerified: info.emailVerified, emailAuth, displayName: info.displayName, profileImageUrl: info.profileImageUrl, countryCode },
    effect,
  );
  if (info.profileImageUrl && !user.profileImageUrl) user.profileImageUrl = info.profileImageUrl;
  connect(store, flow, user.id, info);
  effect?.("oauth_sign_ups");
  return { userId: user.id, newUser: true };
}

function contactDetails(email: string, wouldWorkIfVerified: boolean): Record<string, unknown> {
  return { type: "email", contact_channel_value: email, would_work_if_email_was_verified: wouldWorkIfVerified };
}
