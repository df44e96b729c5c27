import type { EmulatorCore } from "../core";
import type { RouteDef } from "../http/router";
import { anonymousRoutes } from "./anonymous";
import { contactChannelRoutes } from "./contact-channels";
import { crossDomainAuthorizeRoutes } from "./cross-domain-authorize";
import { emulatorControlRoutes } from "./emulator-control";
import { internalProjectRoutes } from "./internal-projects";
import { internalProjectTransferRoutes } from "./internal-projects-transfer";
import { configOverrideRoutes } from "./config-overrides";
import { keysProjectsEmailsRoutes } from "./keys-projects-emails";
import { metaRoutes } from "./meta";
import { oauthTokenRoutes } from "./oauth-token";
import { mockOAuthProviderRoutes } from "../oauth/mock-routes";
import { cliAuthRoutes } from "./cli-auth";
import { mfaRoutes } from "./mfa";
import { oauthAuthorizeRoutes } from "./oauth-authorize";
import { oauthCallbackRoutes } from "./oauth-callback";
import { passkeyRoutes } from "./passkey";
import { otpRoutes } from "./otp";
import { passwordRoutes } from "./password";
import { paymentsRoutes } from "./payments";
import { projectRoutes } from "./projects";
import { sessionRoutes } from "./sessions";
import { userRoutes } from "./users";
import { permissionDefinitionRoutes } from "./permission-definitions";
import { permissionRoutes } from "./permissions";
import { teamInvitationRoutes } from "./team-invitations";
import { teamMemberProfileRoutes } from "./team-member-profiles";
import { teamMembershipRoutes } from "./team-memberships";
import { teamRoutes } from "./teams";
import { serverUserRoutes } from "./users-server";
import { uploadRoutes } from "./uploads";

/**
 * A route family: a function that returns its routes (it may also register OAuth grants or hooks on `core`).
 *
 * @example
 * const teamsFamily: RouteFamily = (core) => [{ method: "GET", path: "/teams", access: CLIENT_OR_HIGHER, handler }];
 */
export type RouteFamily = (core: EmulatorCore) => RouteDef[];

/**
 * Every route family, in registration order. A new family is one file under `routes/` plus one line here.
 *
 * @example
 * for (const family of ROUTE_FAMILIES) core.router.addAll(family(core));
 */
export const ROUTE_FAMILIES: readonly RouteFamily[] = [
  metaRoutes,
  emulatorControlRoutes,
  uploadRoutes,
  projectRoutes,
  internalProjectRoutes,
  internalProjectTransferRoutes,
  configOverrideRoutes,
  keysProjectsEmailsRoutes,
  passwordRoutes,
  otpRoutes,
  anonymousRoutes,
  sessionRoutes,
  oauthTokenRoutes,
  oauthAuthorizeRoutes,
  oauthCallbackRoutes,
  crossDomainAuthorizeRoutes,
  mockOAuthProviderRoutes,
  mfaRoutes,
  passkeyRoutes,
  cliAuthRoutes,
  userRoutes,
  contactChannelRoutes,
  serverUserRoutes,
  teamRoutes,
  teamMembershipRoutes,
  teamMemberProfileRoutes,
  teamInvitationRoutes,
  permissionRoutes,
  permissionDefinitionRoutes,
  paymentsRoutes,
];

/**
 * Registers every family on the core's router.
 *
 * @example
 * registerRoutes(core);
 */
export function registerRoutes(core: EmulatorCore, families: readonly RouteFamily[] = ROUTE_FAMILIES): void {
  for (const family of families) core.router.addAll(family(core));
}
