import type { AppContext } from "../../core/context";
import { optionalObject, requireString } from "../../util/validate";
import { requireUuid } from "../../util/uuid";
import { ArgumentError } from "../../errors/base";
import { resourceCache } from "../cached";

/** @internal Wire shape of a draft. */
interface DraftJson {
  id: string;
  display_name: string;
  tsx_source: string;
  theme_id?: string | false;
  sent_at_millis?: number | null;
}

/**
 * An e-mail draft: TSX you edit and then send to users with `sendEmail({ draftId })`.
 * `themeId`: a theme's id, `false` for no theme, `undefined` for the project's theme. `sentAt`: when it was last
 * sent, or null.
 *
 * @example
 * const drafts: AdminEmailDraft[] = await admin.listEmailDrafts();
 * const unsent = drafts.filter((d) => d.sentAt === null);
 */
export interface AdminEmailDraft {
  id: string;
  displayName: string;
  themeId: string | undefined | false;
  tsxSource: string;
  sentAt: Date | null;
}

/**
 * What a new draft needs: a name, and optionally its theme and TSX (default: a short starter e-mail).
 *
 * @example
 * const options: EmailDraftCreateOptions = { displayName: "May news", themeId: false, tsxSource };
 */
export interface EmailDraftCreateOptions {
  displayName: string;
  themeId?: string | undefined | false;
  tsxSource?: string;
}

/**
 * The fields of a draft to change. As on the platform, leaving `themeId` out sets the draft back to the
 * project's theme; pass the current value to keep it.
 *
 * @example
 * await admin.updateEmailDraft(id, { tsxSource, themeId: draft.themeId });
 */
export interface EmailDraftUpdateOptions {
  displayName?: string;
  themeId?: string | undefined | false;
  tsxSource?: string;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const drafts = (ctx: AppContext) =>
  resourceCache(ctx, "admin-email-drafts", async () => (await ctx.core.request<{ drafts: DraftJson[] }>({ expect: "drafts[]", path: "/internal/email-drafts" })).drafts);

function draftBody(o: EmailDraftUpdateOptions, creating: boolean): Record<string, unknown> {
  if (creating || o.displayName !== undefined) {
    if (typeof o.displayName !== "string") throw new ArgumentError("displayName must be a string.");
  }
  if (o.themeId !== undefined && o.themeId !== false && (typeof o.themeId !== "string" || !UUID_RE.test(o.themeId))) {
    throw new ArgumentError("themeId must be a theme id (a UUID), false for no theme, or undefined for the project's theme.");
  }
  if (o.tsxSource !== undefined && typeof o.tsxSource !== "string") throw new ArgumentError("tsxSource must be a string.");
  return { display_name: o.displayName, theme_id: o.themeId, tsx_source: o.tsxSource };
}

const draftPath = (id: string) => `/internal/email-drafts/${encodeURIComponent(requireUuid(id, "id"))}`;

/** @internal The project's drafts, most recently changed first (cached). */
export async function listEmailDrafts(ctx: AppContext): Promise<AdminEmailDraft[]> {
  return (await drafts(ctx).get([])).map((d) => ({
    id: d.id,
    displayName: d.display_name,
    themeId: d.theme_id,
    tsxSource: d.tsx_source,
    sentAt: d.sent_at_millis ? new Date(d.sent_at_millis) : null,
  }));
}

/** @internal `POST /internal/email-drafts`. */
export async function createEmailDraft(ctx: AppContext, options: EmailDraftCreateOptions): Promise<{ id: string }> {
  const body = draftBody(optionalObject(options, "createEmailDraft options") as EmailDraftCreateOptions, true);
  const { id } = await ctx.core.request<{ id: string }>({ expect: "id", method: "POST", path: "/internal/email-drafts", body });
  await drafts(ctx).refresh([]);
  return { id };
}

/** @internal `PATCH /internal/email-drafts/{id}`. */
export async function updateEmailDraft(ctx: AppContext, id: string, data: EmailDraftUpdateOptions): Promise<void> {
  const path = draftPath(id);
  if (data === undefined) throw new ArgumentError("updateEmailDraft needs the fields to change.");
  const body = draftBody(optionalObject(data, "updateEmailDraft data"), false);
  await ctx.core.request({ method: "PATCH", path, body });
  await drafts(ctx).refresh([]);
}

/** @internal `DELETE /internal/email-drafts/{id}`. */
export async function deleteEmailDraft(ctx: AppContext, id: string): Promise<void> {
  await ctx.core.request({ method: "DELETE", path: draftPath(id) });
  await drafts(ctx).refresh([]);
}

/** @internal Reads the drafts afresh on the next `listEmailDrafts` (subscribed readers get them at once). */
export async function refreshEmailDrafts(ctx: AppContext): Promise<void> {
  await drafts(ctx).refresh([]);
}

/** @internal `POST /internal/rewrite-template-source`: template TSX → standalone draft TSX. */
export async function rewriteTemplateSourceWithAI(ctx: AppContext, templateTsxSource: string): Promise<{ tsxSource: string }> {
  const template_tsx_source = requireString(templateTsxSource, "templateTsxSource");
  const r = await ctx.core.request<{ tsx_source: string }>({ expect: "tsx_source", method: "POST", path: "/internal/rewrite-template-source", body: { template_tsx_source } });
  return { tsxSource: r.tsx_source };
}
