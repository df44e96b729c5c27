import type { EmulatorCore } from "../core";
import type { RouteDef } from "../http/router";
import { adminMiscRoutes } from "./admin-misc";
import { anonymousRoutes } from "./anonymous";
import { apiKeyRoutes } from "./api-keys";
import { cliAuthRoutes } from "./cli-auth";
import { configOverrideRoutes } from "./config-overrides";
import { connectedAccountRoutes } from "./connected-accounts";
import { contactChannelRoutes } from "./contact-channels";
import { crossDomainAuthorizeRoutes } from "./cross-domain-authorize";
import { dataVaultRoutes } from "./data-vault";
import { emailDeliveryRoutes } from "./email-delivery";
import { emailDraftRoutes } from "./email-drafts";
import { emailOutboxRoutes } from "./email-outbox";
import { emailThemeRoutes } from "./email-themes";
import { emailRoutes } from "./emails";
import { emulatorControlRoutes } from "./emulator-control";
import { emulatorTestingRoutes } from "./emulator-testing";
import { internalApiKeyRoutes } from "./internal-api-keys";
import { internalProjectRoutes } from "./internal-projects";
import { internalProjectListRoutes } from "./internal-projects-list";
import { internalProjectTransferRoutes } from "./internal-projects-transfer";
import { metaRoutes } from "./meta";
import { mfaRoutes } from "./mfa";
import { notificationPreferenceRoutes } from "./notification-preferences";
import { oauthAuthorizeRoutes } from "./oauth-authorize";
import { oauthCallbackRoutes } from "./oauth-callback";
import { oauthProviderRoutes } from "./oauth-providers";
import { oauthTokenRoutes } from "./oauth-token";
import { otpRoutes } from "./otp";
import { passkeyRoutes } from "./passkey";
import { passwordRoutes } from "./password";
import { paymentItemRoutes } from "./payment-items";
import { paymentsRoutes } from "./payments";
import { permissionDefinitionRoutes } from "./permission-definitions";
import { permissionRoutes } from "./permissions";
import { projectRoutes } from "./projects";
import { sessionRoutes } from "./sessions";
import { teamInvitationRoutes } from "./team-invitations";
import { teamMemberProfileRoutes } from "./team-member-profiles";
import { teamMembershipRoutes } from "./team-memberships";
import { teamRoutes } from "./teams";
import { uploadRoutes } from "./uploads";
import { userRoutes } from "./users";
import { serverUserRoutes } from "./users-server";
import { webhookRoutes } from "./webhooks";
import { mockOAuthProviderRoutes } from "../oauth/mock-routes";

/**
 * A route family: a function that returns its routes (it may also register OAuth grants or hooks on `core`).
 *
 * @example
 * const teamsFamily: RouteFamily = (core) => [{ method: "GET", path: "/teams", access: CLIENT_OR_HIGHER, handler }];
 */
export type RouteFamily = (core: EmulatorCore) => RouteDef[];

/**
 * Every route family, in registration order. A new family is one file under `routes/` plus one line here
 * (`test/emulator/route-families.test.ts` checks that each family is listed once). The order matters: the router
 * tries the patterns with more literal segments first and, among those with as many, the one registered first.
 *
 * @example
 * for (const family of ROUTE_FAMILIES) core.router.addAll(family(core));
 */
export const ROUTE_FAMILIES: readonly RouteFamily[] = [
  metaRoutes,
  emulatorControlRoutes,
  emulatorTestingRoutes,
  uploadRoutes,
  projectRoutes,
  internalProjectRoutes,
  internalProjectTransferRoutes,
  configOverrideRoutes,
  apiKeyRoutes,
  internalApiKeyRoutes,
  internalProjectListRoutes,
  oauthProviderRoutes,
  connectedAccountRoutes,
  notificationPreferenceRoutes,
  emailRoutes,
  emailThemeRoutes,
  emailDraftRoutes,
  emailOutboxRoutes,
  emailDeliveryRoutes,
  dataVaultRoutes,
  webhookRoutes,
  adminMiscRoutes,
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
  paymentItemRoutes,
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
