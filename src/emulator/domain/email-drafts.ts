import type { Store } from "../store/store";

/**
 * Key of the e-mail draft records in `store.extra`.
 *
 * @example
 * store.extra[EMAIL_DRAFTS_FAMILY];
 */
export const EMAIL_DRAFTS_FAMILY = "email-drafts";

/**
 * How a draft picks its theme: the project's selected theme, none, or a given one (`themeId`).
 *
 * @example
 * const mode: DraftThemeMode = "NONE";
 */
export type DraftThemeMode = "PROJECT_DEFAULT" | "NONE" | "CUSTOM";

/**
 * An e-mail draft: TSX the admin edits and then sends with `send-email {draft_id}`.
 *
 * @example
 * const d: EmailDraftRecord = { projectId, id, displayName: "May news", tsxSource, themeMode: "PROJECT_DEFAULT", themeId: null, templateVariables: {}, sentAtMillis: null, createdAtMillis, updatedAtMillis };
 */
export interface EmailDraftRecord {
  projectId: string;
  id: string;
  displayName: string;
  tsxSource: string;
  themeMode: DraftThemeMode;
  themeId: string | null;
  templateVariables: Record<string, unknown>;
  sentAtMillis: number | null;
  createdAtMillis: number;
  updatedAtMillis: number;
}

/**
 * The source of a draft created without one.
 *
 * @example
 * record.tsxSource = body.tsx_source ?? DEFAULT_DRAFT_SOURCE;
 */
export const DEFAULT_DRAFT_SOURCE = `import { Container } from "@react-email/components";
import { Subject, NotificationCategory, Props } from "@stackframe/emails";

export function EmailTemplate({ user, project }: Props) {
  return (
    <Container>
      <Subject value={"News from " + project.displayName} />
      <NotificationCategory value="Marketing" />
      <div>Hi {user.displayName}!</div>
    </Container>
  );
}
`;

/**
 * The project's drafts (all projects when omitted), in creation order.
 *
 * @example
 * const drafts = emailDrafts(store, project.id);
 */
export function emailDrafts(store: Store, projectId?: string): EmailDraftRecord[] {
  const all = (store.extra[EMAIL_DRAFTS_FAMILY] ??= []) as EmailDraftRecord[];
  return projectId === undefined ? all : all.filter((d) => d.projectId === projectId);
}

/**
 * One draft of the project, or undefined.
 *
 * @example
 * const draft = findEmailDraft(store, project.id, body.draft_id);
 */
export function findEmailDraft(store: Store, projectId: string, id: string): EmailDraftRecord | undefined {
  return emailDrafts(store).find((d) => d.projectId === projectId && d.id === id);
}

/**
 * The wire `theme_id` → the stored mode: absent = project default, `false` = none, anything else = custom
 * (`null` custom reads back as the project default, like the platform).
 *
 * @example
 * const { themeMode, themeId } = themeModeOf(body.theme_id);
 */
export function themeModeOf(themeId: unknown): { themeMode: DraftThemeMode; themeId: string | null } {
  if (themeId === undefined) return { themeMode: "PROJECT_DEFAULT", themeId: null };
  if (themeId === false) return { themeMode: "NONE", themeId: null };
  return { themeMode: "CUSTOM", themeId: typeof themeId === "string" ? themeId : null };
}

/**
 * The stored mode → the wire `theme_id`: `undefined` (project default), `false` (none) or the theme's id.
 *
 * @example
 * const themeId = draftThemeId(draft); // undefined | false | "…uuid…"
 */
export function draftThemeId(d: Pick<EmailDraftRecord, "themeMode" | "themeId">): string | false | undefined {
  if (d.themeMode === "PROJECT_DEFAULT") return undefined;
  if (d.themeMode === "NONE") return false;
  return d.themeId ?? undefined;
}

/**
 * The wire read of a draft (`theme_id` is omitted for the project default).
 *
 * @example
 * json({ drafts: drafts.map((d) => draftRead(d, true)) });
 */
export function draftRead(d: EmailDraftRecord, withVariables: boolean): Record<string, unknown> {
  const themeId = draftThemeId(d);
  return {
    id: d.id,
    display_name: d.displayName,
    tsx_source: d.tsxSource,
    ...(themeId !== undefined ? { theme_id: themeId } : {}),
    sent_at_millis: d.sentAtMillis,
    ...(withVariables ? { template_variables: { ...d.templateVariables } } : {}),
  };
}
