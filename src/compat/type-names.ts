// The official SDK's type names for latchkey's types, so that type annotations written for it keep compiling
// after the import changes. Each alias points at latchkey's own type; see that type for documentation.
import type { CurrentUser } from "../apps/current-user";
import type { CurrentInternalUser } from "../apps/internal-user";
import type { GetUserOptions } from "../resources/users/current";
import type { AdminPermissionDefinitionCreate, AdminPermissionDefinitionUpdate } from "../resources/permissions/admin-definitions";
import type { AdminProjectCreate } from "../resources/projects/admin-owned";
import type { AdminProjectConfig, AdminProjectUpdate } from "../resources/projects/admin";
import type { InternalApiKeyCreate } from "../resources/api-keys/admin-internal";
import type { OAuthConnection } from "../resources/connected-accounts/client";
import type { TeamPermission } from "../resources/permissions/client";
import type { Project } from "../resources/projects/client";
import type { CurrentServerUser } from "../apps/server-user-lookup";
import type { ListUsersOptions } from "../resources/users/server-bodies";
import type { SentTeamInvitation } from "../resources/teams/invitations";
import type { TeamMemberProfile } from "../resources/teams/profiles";
import type { CurrentUserData } from "../resources/users/current";

/**
 * The options of `getUser` (official name).
 * @example
 * const options: GetCurrentUserOptions<true> = { or: "redirect" };
 */
export type GetCurrentUserOptions<HasTokenStore = boolean> = GetUserOptions;

/**
 * A user's public fields, without session or server members (official `User`).
 * @example
 * const show = (user: User) => user.displayName ?? user.primaryEmail;
 */
export type User = Omit<CurrentUserData, "selectedTeam"> & Pick<CurrentUser, "toClientJson">;

/**
 * The session members of a signed-in user (official `Auth`): tokens, headers, sign-out and the session itself.
 * @example
 * const auth: Auth = await app.getUser({ or: "throw" });
 * await fetch("/api", { headers: { authorization: (await auth.getAuthorizationHeader())! } });
 */
export type Auth = Pick<
  CurrentUser,
  "signOut" | "getAccessToken" | "getRefreshToken" | "getAuthorizationHeader" | "getAuthHeaders" | "getAuthJson" | "_internalSession" | "currentSession"
>;

/**
 * Extra OAuth scopes to ask each provider for at sign-in (official name): provider id to scope names.
 * @example
 * const scopes: Partial<OAuthScopesOnSignIn> = { github: ["repo"], google: ["https://www.googleapis.com/auth/drive.readonly"] };
 */
export type OAuthScopesOnSignIn = Record<string, string[]>;

/**
 * A project owner read through a server app of the `internal` project: a {@link CurrentServerUser} that can also
 * create, list and transfer projects.
 * @example
 * const owner = (await internalServerApp.getUser({ or: "throw" })) as CurrentInternalServerUser;
 */
export type CurrentInternalServerUser = CurrentInternalUser<CurrentServerUser>;

/**
 * A team permission as returned to admins (official name).
 * @example
 * const p: AdminTeamPermission = { id: "team_admin" };
 */
export type AdminTeamPermission = TeamPermission;

/**
 * A project permission as returned to admins (official name).
 * @example
 * const p: AdminProjectPermission = { id: "admin" };
 */
export type AdminProjectPermission = TeamPermission;

/**
 * What a new team permission definition needs (official name).
 * @example
 * const d: AdminTeamPermissionDefinitionCreateOptions = { id: "editor", containedPermissionIds: ["$update_team"] };
 */
export type AdminTeamPermissionDefinitionCreateOptions = AdminPermissionDefinitionCreate;

/**
 * Changes to a team permission definition (official name).
 * @example
 * const d: AdminTeamPermissionDefinitionUpdateOptions = { description: "Edits the team" };
 */
export type AdminTeamPermissionDefinitionUpdateOptions = AdminPermissionDefinitionUpdate;

/**
 * What a new project permission definition needs (official name).
 * @example
 * const d: AdminProjectPermissionDefinitionCreateOptions = { id: "admin", containedPermissionIds: [] };
 */
export type AdminProjectPermissionDefinitionCreateOptions = AdminPermissionDefinitionCreate;

/**
 * Changes to a project permission definition (official name).
 * @example
 * const d: AdminProjectPermissionDefinitionUpdateOptions = { containedPermissionIds: ["read"] };
 */
export type AdminProjectPermissionDefinitionUpdateOptions = AdminPermissionDefinitionUpdate;

/**
 * What a new set of project keys needs (official name).
 * @example
 * const o: InternalApiKeyCreateOptions = { description: "CI", expiresAt, hasPublishableClientKey: false, hasSecretServerKey: true, hasSuperSecretAdminKey: false };
 */
export type InternalApiKeyCreateOptions = InternalApiKeyCreate;

/**
 * The wire fields common to every view of a set of project keys (official name).
 * @example
 * const read: InternalApiKeyBaseCrudRead = { id, description: "CI", created_at_millis: 0, expires_at_millis: 1 };
 */
export interface InternalApiKeyBaseCrudRead {
  id: string;
  description: string;
  created_at_millis: number;
  expires_at_millis: number;
  manually_revoked_at_millis?: number;
}

/**
 * A connected account's identity, without its token method (official `Connection`).
 * @example
 * const c: Connection = { id: "github", provider: "github", providerAccountId: "583231" };
 */
export type Connection = Pick<OAuthConnection, "id" | "provider" | "providerAccountId">;

/**
 * The project's client-visible settings (official `ProjectConfig`).
 * @example
 * const config: ProjectConfig = (await app.getProject()).config;
 */
export type ProjectConfig = Project["config"];

/**
 * One enabled OAuth provider in {@link ProjectConfig} (official `OAuthProviderConfig`).
 * @example
 * const ids = config.oauthProviders.map((p: OAuthProviderConfig) => p.id);
 */
export interface OAuthProviderConfig {
  readonly id: string;
}

/**
 * Options of `ServerApp.listUsers` (official name).
 * @example
 * const o: ServerListUsersOptions = { limit: 50, orderBy: "signedUpAt", desc: true };
 */
export type ServerListUsersOptions = ListUsersOptions;

/**
 * A team member's profile as a server sees it (official name).
 * @example
 * const p: ServerTeamMemberProfile = { displayName: "Ada", profileImageUrl: null };
 */
export type ServerTeamMemberProfile = TeamMemberProfile;

/**
 * The deprecated official name of {@link SentTeamInvitation}.
 * @example
 * const pending: TeamInvitation[] = await team.listInvitations();
 */
export type TeamInvitation = SentTeamInvitation;

/**
 * Changes to a project's settings and fields (official name of latchkey's `AdminProjectUpdate`).
 * @example
 * const update: AdminProjectUpdateOptions = { displayName: "Shop", config: { signUpEnabled: false } };
 */
export type AdminProjectUpdateOptions = AdminProjectUpdate;

/**
 * Changes to a project's settings: any subset of {@link AdminProjectConfig} (official name).
 * @example
 * const config: AdminProjectConfigUpdateOptions = { allowLocalhost: false, domains: [{ domain: "https://shop.example", handlerPath: "/handler" }] };
 */
export type AdminProjectConfigUpdateOptions = Partial<AdminProjectConfig>;

/**
 * What a new project needs (official name of latchkey's `AdminProjectCreate`).
 * @example
 * const options: AdminProjectCreateOptions = { displayName: "Shop", teamId, config: { magicLinkEnabled: true } };
 */
export type AdminProjectCreateOptions = AdminProjectCreate;
