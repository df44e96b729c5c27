import type { AuthContext } from "../../auth/context";
import { optionalObject } from "../../util/validate";
import { requireUuid } from "../../util/uuid";
import { ArgumentError } from "../../errors/base";
import { emailDeliveryInfoCache } from "./server-email-delivery";

/**
 * Who receives an e-mail: the listed users, or every user of the project.
 *
 * @example
 * const to: SendEmailRecipients = { userIds: [user.id] };
 * const everyone: SendEmailRecipients = { allUsers: true };
 */
export type SendEmailRecipients = { userIds: string[]; allUsers?: undefined } | { allUsers: true; userIds?: undefined };

/**
 * What an e-mail says: raw HTML, a template of the project (with its variables), or a draft.
 *
 * @example
 * const content: SendEmailContent = { templateId, variables: { teamName: "Ops" } };
 */
export type SendEmailContent =
  | { html: string; templateId?: undefined; variables?: undefined; draftId?: undefined }
  | { templateId: string; variables?: Record<string, unknown>; html?: undefined; draftId?: undefined }
  | { draftId: string; html?: undefined; templateId?: undefined; variables?: undefined };

/**
 * Options of `ServerApp.sendEmail`: exactly one recipient form, exactly one content form, and optional
 * settings. The project must use its own e-mail server (`REQUIRES_CUSTOM_EMAIL_SERVER` otherwise).
 *
 * @example
 * await server.sendEmail({ userIds: [user.id], html: "<p>Welcome!</p>", subject: "Welcome" });
 */
export type SendEmailOptions = SendEmailRecipients &
  SendEmailContent & {
    /** The e-mail theme: its id, `null` for the project's default theme, or `false` for no theme. */
    themeId?: string | null | false;
    subject?: string;
    /** The notification category (e.g. `"Marketing"`); users who turned it off are skipped. */
    notificationCategoryName?: string;
    /** When to send; default now. */
    scheduledAt?: Date;
  };

/**
 * @internal The validated wire body of `POST /emails/send-email`.
 * @example
 * sendEmailBody({ allUsers: true, html: "<p>Hi</p>" }); // { all_users: true, html: "<p>Hi</p>" }
 */
export function sendEmailBody(options: SendEmailOptions): Record<string, unknown> {
  const o = optionalObject(options, "sendEmail options") as Record<string, unknown>;
  if ((o.userIds !== undefined) === (o.allUsers !== undefined)) {
    throw new ArgumentError("sendEmail needs exactly one of userIds or allUsers: true.");
  }
  if (o.allUsers !== undefined && o.allUsers !== true) throw new ArgumentError("allUsers can only be true.");
  if (o.userIds !== undefined && !Array.isArray(o.userIds)) throw new ArgumentError("userIds must be an array of user ids (UUIDs).");
  (o.userIds as unknown[] | undefined)?.forEach((id, i) => requireUuid(id, `userIds[${i}]`));
  const contents = (["html", "templateId", "draftId"] as const).filter((k) => o[k] !== undefined);
  if (contents.length !== 1) throw new ArgumentError("sendEmail needs exactly one of html, templateId or draftId.");
  if (o.html !== undefined && typeof o.html !== "string") throw new ArgumentError("html must be a string.");
  for (const key of ["templateId", "draftId"] as const) if (o[key] !== undefined) requireUuid(o[key], key);
  if (o.variables !== undefined) {
    if (o.templateId === undefined) throw new ArgumentError("variables can only be given with templateId.");
    if (typeof o.variables !== "object" || o.variables === null || Array.isArray(o.variables)) {
      throw new ArgumentError("variables must be an object.");
    }
  }
  if (o.themeId !== undefined && o.themeId !== null && o.themeId !== false) requireUuid(o.themeId, "themeId");
  for (const key of ["subject", "notificationCategoryName"] as const) {
    if (o[key] !== undefined && typeof o[key] !== "string") throw new ArgumentError(`${key} must be a string.`);
  }
  const scheduledAt = o.scheduledAt;
  if (scheduledAt !== undefined && (!(scheduledAt instanceof Date) || Number.isNaN(scheduledAt.getTime()))) {
    throw new ArgumentError("scheduledAt must be a valid Date.");
  }
  return {
    ...(o.allUsers ? { all_users: true } : { user_ids: o.userIds }),
    html: o.html,
    template_id: o.templateId,
    variables: o.variables,
    draft_id: o.draftId,
    theme_id: o.themeId,
    subject: o.subject,
    notification_category_name: o.notificationCategoryName,
    scheduled_at_millis: scheduledAt?.getTime(),
  };
}

/**
 * @internal `POST /emails/send-email` with the server key; refreshes the cached delivery figures. Platform refusals
 * (`REQUIRES_CUSTOM_EMAIL_SERVER`, `USER_ID_DOES_NOT_EXIST`, an unknown template or draft, …) are thrown as known
 * errors, as the official SDK does.
 */
export async function sendEmail(ctx: AuthContext, options: SendEmailOptions): Promise<void> {
  const body = sendEmailBody(options);
  await ctx.core.request({ method: "POST", path: "/emails/send-email", body });
  await emailDeliveryInfoCache(ctx).refresh([]);
}
