import type { EmulatorCore } from "../core";
import { StatusError } from "../errors";
import type { EmailRecord, ProjectRecord, UserRecord } from "../store/types";
import { findTheme, NOTIFICATION_CATEGORIES } from "./email-catalog";
import { renderEmail } from "./email-render";
import { isNotificationEnabled } from "./notification-preferences";
import { primaryChannel } from "./users";

/**
 * The theme source to wrap an e-mail in: `null`/`false` = no theme, `undefined` = the project's selected theme,
 * an id = that theme (400 text "No theme found with given id" when unknown).
 *
 * @example
 * const themeSource = themeSourceFor(core, project, body.theme_id);
 */
export function themeSourceFor(core: EmulatorCore, project: ProjectRecord, themeId: string | null | false | undefined): string | null {
  if (themeId === null || themeId === false) return null;
  const theme = findTheme(core.store, project.id, themeId ?? project.config.emailTheme);
  if (!theme && themeId !== undefined) throw new StatusError(400, "No theme found with given id");
  return theme?.tsxSource ?? null;
}

/**
 * Renders and captures one e-mail to a user's primary address, unless the user has no primary e-mail or turned the
 * e-mail's notification category off (then `null`). The category is the override, else the template's
 * `<NotificationCategory>`, else Transactional (always delivered).
 *
 * @example
 * sendToUser(core, project, user, { html: "<p>Hi</p>", themeSource: null, subject: "Hello" });
 */
export function sendToUser(
  core: EmulatorCore,
  project: ProjectRecord,
  user: UserRecord,
  o: { html?: string; templateSource?: string; themeSource: string | null; variables?: Record<string, unknown>; subject?: string; categoryName?: string },
): EmailRecord | null {
  const to = primaryChannel(core, user)?.value;
  if (!to) return null;
  const rendered = renderEmail({
    html: o.html,
    templateSource: o.templateSource,
    themeSource: o.themeSource,
    scope: { project: { displayName: project.displayName }, user: { displayName: user.displayName }, variables: o.variables ?? {}, unsubscribeLink: `${core.settings.baseUrl}/emulator/unsubscribe` },
  });
  const categoryName = o.categoryName ?? rendered.notificationCategory ?? "Transactional";
  const category = NOTIFICATION_CATEGORIES.find((c) => c.name === categoryName) ?? NOTIFICATION_CATEGORIES[0];
  if (!isNotificationEnabled(core.store, project.id, user.id, category.id)) return null;
  return core.outbox.send({
    projectId: project.id,
    kind: "custom",
    to: [to],
    subject: o.subject ?? rendered.subject ?? "",
    text: rendered.text,
    html: rendered.html,
    code: null,
    otp: null,
    userId: user.id,
  });
}
