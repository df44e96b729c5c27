import type { SendEmailOptions } from "../resources/emails/server";
import type { EmailDeliveryInfo } from "../resources/emails/server-delivery";
import type { DataVaultStore } from "../resources/data-vault/server";
import { serverGroup } from "./server-delegations";

/**
 * The e-mail and data-vault part of {@link ServerApp}: sending e-mails to the project's users, the delivery
 * figures and capacity, and the project's data vault stores. Each method loads the server resource code on first use.
 *
 * @example
 * await server.sendEmail({ userIds: [user.id], subject: "Welcome", html: "<p>Hello!</p>" });
 * const vault = await server.getDataVaultStore("oauth-tokens");
 */
export interface ServerEmailAndVault {
  /**
   * Sends an e-mail to some users (`userIds`) or all (`allUsers: true`), from raw `html`, a `templateId` (with
   * `variables`) or a `draftId`, now or at `scheduledAt`. Before any request, a combination the platform refuses
   * (no content or two kinds of it, `variables` without `templateId`, a template or theme id it does not read,
   * neither or both recipient forms) throws the platform's own `SCHEMA_ERROR` (`KnownErrors.SchemaError`, with the
   * platform's message), and a value of the wrong type, or a user or draft id that is not a UUID, an
   * `ArgumentError`. The
   * platform's refusals are thrown as known errors, as the official SDK does: `REQUIRES_CUSTOM_EMAIL_SERVER` while
   * the project uses the shared e-mail server, `USER_ID_DOES_NOT_EXIST`, an unknown template or draft. Each
   * e-mail then goes through the project's outbox (`AdminApp.listOutboxEmails`): a template that fails to render
   * shows there as `render-error`, a user without a primary e-mail as `skipped`.
   * @example
   * await server.sendEmail({ userIds: [user.id], subject: "Welcome", html: "<p>Hello!</p>" });
   * await server.sendEmail({ allUsers: true, templateId, variables: { month: "May" }, notificationCategoryName: "Marketing" });
   */
  sendEmail(options: SendEmailOptions): Promise<void>;

  /**
   * How many e-mails the project sent in the last hour, day, week and month, and how fast it may send now
   * (snake_case, as the platform and the official SDK give it). Cached; `sendEmail` refreshes it.
   * @example
   * const { stats, capacity } = await server.getEmailDeliveryStats();
   * console.log(stats.day.sent, Math.floor(capacity.rate_per_second * 3600), "per hour");
   */
  getEmailDeliveryStats(): Promise<EmailDeliveryInfo>;

  /**
   * Multiplies the sending capacity by 4 for 4 hours. While a boost runs, another throws
   * `EMAIL_CAPACITY_BOOST_ALREADY_ACTIVE` (with `details.expires_at`).
   * @example
   * await server.activateEmailCapacityBoost();
   * (await server.getEmailDeliveryStats()).capacity.is_boost_active; // true
   */
  activateEmailCapacityBoost(): Promise<void>;

  /**
   * A data vault store of the project (declared in its configuration as `dataVault.stores.<id>`): `setValue` and
   * `getValue` with a secret that encrypts the key and value before they leave your server (the official SDK's
   * format). No request is made until a value is read or written; an undeclared store then throws
   * `DATA_VAULT_STORE_DOES_NOT_EXIST`. A missing key, or another secret, reads as null.
   * @example
   * const vault = await server.getDataVaultStore("oauth-tokens");
   * await vault.setValue(`github:${user.id}`, token, { secret: process.env.VAULT_SECRET! });
   * const token = await vault.getValue(`github:${user.id}`, { secret: process.env.VAULT_SECRET! }); // string | null
   */
  getDataVaultStore(id: string): Promise<DataVaultStore>;
}

/** @internal The e-mail and data-vault part's code: each method calls the server resource function its row names. */
export const ServerEmailAndVault = /* @__PURE__ */ serverGroup<ServerEmailAndVault>({
  sendEmail: "sendEmail",
  getEmailDeliveryStats: "getEmailDeliveryStats",
  activateEmailCapacityBoost: "activateEmailCapacityBoost",
  getDataVaultStore: "dataVaultStore",
});
