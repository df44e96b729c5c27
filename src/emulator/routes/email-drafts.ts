import type { EmulatorCore } from "../core";
import { DEFAULT_DRAFT_SOURCE, draftRead, emailDrafts, findEmailDraft, themeModeOf, type EmailDraftRecord } from "../domain/email-drafts";
import { rewriteTemplateForDraft } from "../domain/email-template-rewrite";
import { schemaError, StatusError } from "../errors";
import { authOf, type RequestContext } from "../http/context";
import { json } from "../http/reply";
import { ADMIN_ONLY, type RouteDef } from "../http/router";
import { t } from "../http/schema";
import { newId } from "../util/random";

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The platform's template theme id: absent, `null`, `false` or a UUID; anything else is "invalid" (yup's wording). */
function checkThemeId(ctx: RequestContext): void {
  const v = ctx.body.theme_id;
  if (v === undefined || v === null || v === false || (typeof v === "string" && UUID_RE.test(v))) return;
  throw schemaError(ctx.method, ctx.pathname, ["body.theme_id is invalid"]);
}

function draft(ctx: RequestContext): EmailDraftRecord {
  const found = findEmailDraft(ctx.core.store, authOf(ctx).project.id, ctx.params.id);
  if (!found) throw new StatusError(404, "No draft found with given id");
  return found;
}

/**
 * E-mail drafts (admin, hidden on the platform): `GET /internal/email-drafts` → `{drafts: [...]}` (most recently
 * updated first), `POST {display_name, theme_id?, tsx_source?, template_variables?}` → `{id}`, `GET|PATCH|DELETE
 * /internal/email-drafts/{id}` (PATCH and DELETE → `{ok: "ok"}`; unknown → 404 "No draft found with given id").
 * `theme_id`: absent = the project's theme (a PATCH without it resets to that, as on the platform), `false` = none,
 * a UUID = that theme. Also `POST /internal/rewrite-template-source {template_tsx_source}` → `{tsx_source}` (see
 * `rewriteTemplateForDraft`: deterministic, no AI).
 *
 * @example
 * core.router.addAll(emailDraftRoutes(core));
 */
export function emailDraftRoutes(_core: EmulatorCore): RouteDef[] {
  const admin = { access: ADMIN_ONLY } as const;
  const params = t.object({ id: t.string({ format: "uuid" }).defined() });
  return [
    {
      ...admin,
      method: "GET",
      path: "/internal/email-drafts",
      handler: (ctx) => {
        const drafts = [...emailDrafts(ctx.core.store, authOf(ctx).project.id)].sort((a, b) => b.updatedAtMillis - a.updatedAtMillis);
        return json({ drafts: drafts.map((d) => draftRead(d, true)) });
      },
    },
    {
      ...admin,
      method: "POST",
      path: "/internal/email-drafts",
      body: t
        .object({ display_name: t.string().defined(), theme_id: t.json(), tsx_source: t.string(), template_variables: t.object({}, { allowUnknown: true }) })
        .defined(),
      handler: (ctx) => {
        checkThemeId(ctx);
        const now = Date.now();
        const record: EmailDraftRecord = {
          projectId: authOf(ctx).project.id,
          id: newId(),
          displayName: ctx.body.display_name,
          tsxSource: ctx.body.tsx_source ?? DEFAULT_DRAFT_SOURCE,
          ...themeModeOf(ctx.body.theme_id),
          templateVariables: ctx.body.template_variables ?? {},
          sentAtMillis: null,
          createdAtMillis: now,
          updatedAtMillis: now,
        };
        emailDrafts(ctx.core.store).push(record);
        ctx.core.store.touch();
        ctx.effect("email_drafts_created");
        return json({ id: record.id });
      },
    },
    { ...admin, method: "GET", path: "/internal/email-drafts/:id", params, handler: (ctx) => json(draftRead(draft(ctx), false)) },
    {
      ...admin,
      method: "PATCH",
      path: "/internal/email-drafts/:id",
      params,
      body: t.object({ display_name: t.string(), theme_id: t.json(), tsx_source: t.string() }).defined(),
      handler: (ctx) => {
        checkThemeId(ctx);
        const d = draft(ctx);
        const b = ctx.body;
        if (b.display_name !== undefined) d.displayName = b.display_name;
        if (b.tsx_source !== undefined) d.tsxSource = b.tsx_source;
        const mode = themeModeOf(b.theme_id);
        d.themeMode = mode.themeMode;
        if (b.theme_id !== undefined) d.themeId = mode.themeId;
        d.updatedAtMillis = Date.now();
        ctx.core.store.touch();
        return json({ ok: "ok" });
      },
    },
    {
      ...admin,
      method: "DELETE",
      path: "/internal/email-drafts/:id",
      params,
      handler: (ctx) => {
        const d = draft(ctx);
        const all = emailDrafts(ctx.core.store);
        all.splice(all.indexOf(d), 1);
        ctx.core.store.touch();
        return json({ ok: "ok" });
      },
    },
    {
      ...admin,
      method: "POST",
      path: "/internal/rewrite-template-source",
      body: t.object({ template_tsx_source: t.string().defined() }).defined(),
      handler: (ctx) => json({ tsx_source: rewriteTemplateForDraft(ctx.body.template_tsx_source) }),
    },
  ];
}
