import type { AppContext } from "../../core/context";
import { optionalObject } from "../../util/validate";
import { isUuid, requireUuid } from "../../util/uuid";
import { ArgumentError } from "../../errors/base";
import type { KnownError } from "../../errors/known-error";
import { requestSchemaError, schemaError } from "../schema-error";
import { emailDeliveryInfoCache } from "./server-delivery";

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

/** The platform's `theme_id` check (`templateThemeIdSchema`, its `isUuid`): a lower-case version-4 UUID. */
const THEME_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The three forms of the platform's send-email body: each key that names one, and the keys it also allows. */
const CONTENT_FORMS = [["html"], ["template_id", "variables"], ["draft_id"]] as const;
const CONTENT_KEYS: readonly string[] = CONTENT_FORMS.flat();

/**
 * @internal What the platform's request validation says of a send-email wire body whose fields have the right
 * types, or null when it passes. The platform's body schema is a union of three forms (`html`; `template_id` with
 * optional `variables`; `draft_id`), each also allowing the common fields; when no form matches, its message lists
 * each form's problems: the missing (or malformed) key of the form, an invalid `theme_id`, and the keys of the
 * other forms as unknown properties (listed twice: the platform's form schemas run that check twice).
 * @example
 * sendEmailSchemaProblem({ user_ids: [id] }); // "body is not matched by any of the provided schemas:\n  Schema 0:\n    body.html must be defined\n…"
 */
export function sendEmailSchemaProblem(body: Record<string, unknown>): string | null {
  const theme = body.theme_id;
  const badTheme = theme !== undefined && theme !== null && theme !== false && !(typeof theme === "string" && THEME_ID.test(theme));
  const present = Object.keys(body).filter((key) => body[key] !== undefined && CONTENT_KEYS.includes(key));
  const forms = CONTENT_FORMS.map(([own, ...also]) => {
    const problems: string[] = [];
    const value = body[own];
    if (value === undefined) problems.push(`body.${own} must be defined`);
    else if (own === "template_id" && !(typeof value === "string" && isUuid(value))) problems.push("body.template_id must be a valid UUID");
    if (badTheme) problems.push("body.theme_id is invalid");
    const unknown = present.filter((key) => key !== own && !(also as readonly string[]).includes(key));
    if (unknown.length > 0) problems.push(...Array<string>(2).fill(`body contains unknown properties: ${unknown.join(", ")}`));
    return problems;
  });
  if (forms.some((problems) => problems.length === 0)) return null;
  const listed = forms.flatMap((problems, i) => [`  Schema ${i}:`, ...problems.map((p) => `    ${p}`)]);
  return ["body is not matched by any of the provided schemas:", ...listed].join("\n");
}

/** The send-email validator's `SCHEMA_ERROR` for `problem` (see {@link sendEmailSchemaProblem}). */
const sendEmailSchemaError = (ctx: AppContext, problem: string): KnownError => requestSchemaError(ctx.core.http.baseUrl, "POST", "/emails/send-email", [problem]);

/**
 * @internal The validated wire body of `POST /emails/send-email`. A recipient or content form the platform would
 * refuse throws the platform's own `SCHEMA_ERROR` (same code, details and message; see
 * {@link sendEmailSchemaProblem}); a value of the wrong type throws an ArgumentError. Either way nothing is sent.
 * @example
 * sendEmailBody(ctx, { allUsers: true, html: "<p>Hi</p>" }); // { all_users: true, html: "<p>Hi</p>" }
 */
export function sendEmailBody(ctx: AppContext, options: SendEmailOptions): Record<string, unknown> {
  const o = optionalObject(options, "sendEmail options") as Record<string, unknown>;
  if (o.allUsers !== undefined && o.allUsers !== true) throw new ArgumentError("allUsers can only be true.");
  if (o.userIds !== undefined && !Array.isArray(o.userIds)) throw new ArgumentError("userIds must be an array of user ids (UUIDs).");
  // Not UUIDs: the platform's schema lets them through, then its database refuses them with an unexpected 500.
  (o.userIds as unknown[] | undefined)?.forEach((id, i) => requireUuid(id, `userIds[${i}]`));
  if (o.html !== undefined && typeof o.html !== "string") throw new ArgumentError("html must be a string.");
  if (o.templateId !== undefined && typeof o.templateId !== "string") throw new ArgumentError("templateId must be a string (a UUID).");
  if (o.draftId !== undefined) requireUuid(o.draftId, "draftId"); // as user ids: not UUIDs make the platform fail
  if (o.variables !== undefined && (typeof o.variables !== "object" || o.variables === null || Array.isArray(o.variables))) {
    throw new ArgumentError("variables must be an object.");
  }
  if (o.themeId !== undefined && o.themeId !== null && o.themeId !== false && typeof o.themeId !== "string") {
    throw new ArgumentError("themeId must be a theme id (a UUID), null or false.");
  }
  for (const key of ["subject", "notificationCategoryName"] as const) {
    if (o[key] !== undefined && typeof o[key] !== "string") throw new ArgumentError(`${key} must be a string.`);
  }
  const scheduledAt = o.scheduledAt;
  if (scheduledAt !== undefined && (!(scheduledAt instanceof Date) || Number.isNaN(scheduledAt.getTime()))) {
    throw new ArgumentError("scheduledAt must be a valid Date.");
  }
  const body: Record<string, unknown> = {
    ...(o.allUsers ? { all_users: true } : {}),
    ...(o.userIds !== undefined ? { user_ids: o.userIds } : {}),
    html: o.html,
    template_id: o.templateId,
    variables: o.variables,
    draft_id: o.draftId,
    theme_id: o.themeId,
    subject: o.subject,
    notification_category_name: o.notificationCategoryName,
    scheduled_at_millis: scheduledAt?.getTime(),
  };
  // The platform validates the request first (the content forms), then, in its handler, the recipients.
  const problem = sendEmailSchemaProblem(body);
  if (problem !== null) throw sendEmailSchemaError(ctx, problem);
  if ((o.userIds !== undefined) === (o.allUsers !== undefined)) throw schemaError("Exactly one of user_ids or all_users must be provided");
  return body;
}

/**
 * @internal `POST /emails/send-email` with the server key; refreshes the cached delivery figures. Platform refusals
 * (`REQUIRES_CUSTOM_EMAIL_SERVER`, `USER_ID_DOES_NOT_EXIST`, an unknown template or draft, …) are thrown as known
 * errors, as the official SDK does.
 */
export async function sendEmail(ctx: AppContext, options: SendEmailOptions): Promise<void> {
  const body = sendEmailBody(ctx, options);
  await ctx.core.request({ method: "POST", path: "/emails/send-email", body });
  await emailDeliveryInfoCache(ctx).refresh([]);
}
