import type { EmulatorCore } from "../core";
import type { RouteDef } from "../http/router";
import { adminMiscRoutes } from "./admin-misc";
import { apiKeyRoutes } from "./api-keys";
import { connectedAccountRoutes } from "./connected-accounts";
import { dataVaultRoutes } from "./data-vault";
import { emailDeliveryRoutes } from "./email-delivery";
import { emailDraftRoutes } from "./email-drafts";
import { emailOutboxRoutes } from "./email-outbox";
import { emailThemeRoutes } from "./email-themes";
import { emailRoutes } from "./emails";
import { internalApiKeyRoutes } from "./internal-api-keys";
import { internalProjectListRoutes } from "./internal-projects-list";
import { notificationPreferenceRoutes } from "./notification-preferences";
import { oauthProviderRoutes } from "./oauth-providers";
import { webhookRoutes } from "./webhooks";

/**
 * One registration point for these families: user/team API keys, internal API keys, `/internal/projects`, OAuth
 * providers and connected accounts, notification preferences, e-mails (sending, themes, templates, drafts, outbox,
 * delivery info), the data vault, webhooks and the misc admin routes (metrics, svix token, AI chat).
 *
 * @example
 * core.router.addAll(keysProjectsEmailsRoutes(core));
 */
export function keysProjectsEmailsRoutes(core: EmulatorCore): RouteDef[] {
  return [
    ...apiKeyRoutes(core),
    ...internalApiKeyRoutes(core),
    ...internalProjectListRoutes(core),
    ...oauthProviderRoutes(core),
    ...connectedAccountRoutes(core),
    ...notificationPreferenceRoutes(core),
    ...emailRoutes(core),
    ...emailThemeRoutes(core),
    ...emailDraftRoutes(core),
    ...emailOutboxRoutes(core),
    ...emailDeliveryRoutes(core),
    ...dataVaultRoutes(core),
    ...webhookRoutes(core),
    ...adminMiscRoutes(core),
  ];
}
