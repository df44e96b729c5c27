import type { EmulatorCore } from "../core";
import {
  createCatalogRecord,
  deleteCatalogRecord,
  findTemplate,
  findTheme,
  listCatalog,
  NEW_TEMPLATE_SOURCE,
  NEW_THEME_SOURCE,
  projectLogos,
  type EmailCatalogRecord,
} from "../domain/email-catalog";
import { PLATFORM_PREVIEW_TEMPLATE_SOURCE } from "../domain/email-defaults";
import { assertValidSource, renderEmail } from "../domain/email-render";
import { themeSourceFor } from "../domain/email-send";
import { known, StatusError } from "../errors";
import { authOf, type RequestContext } from "../http/context";
import { json } from "../http/reply";
import { ADMIN_ONLY, type RouteDef } from "../http/router";
import { t } from "../http/schema";
import { assertCustomEmailServer } from "./emails";

function theme(ctx: RequestContext): EmailCatalogRecord {
  const found = findTheme(ctx.core.store, authOf(ctx).project.id, ctx.params.id);
  if (!found) throw new StatusError(404, "No theme found with given id");
  return found;
}

function template(ctx: RequestContext): EmailCatalogRecord {
  const { project } = authOf(ctx);
  assertCustomEmailServer(project);
  const found = findTemplate(ctx.core.store, project.id, ctx.params.templateId);
  if (!found) throw new StatusError(404, "No template found with given id");
  return found;
}

function templateRead(r: EmailCatalogRecord): Record<string, unknown> {
  return { id: r.id, display_name: r.displayName, tsx_source: r.tsxSource, ...(r.themeId !== undefined ? { theme_id: r.themeId } : {}) };
}

function patchTemplate(ctx: RequestContext) {
  const { project } = authOf(ctx);
  const record = template(ctx);
  const b = ctx.body;
  if (b.theme_id !== undefined && b.theme_id !== null && b.theme_id !== false && (typeof b.theme_id !== "string" || !findTheme(ctx.core.store, project.id, b.theme_id))) {
    throw new StatusError(400, "No theme found with given id");
  }
  const themeId = b.theme_id === undefined ? record.themeId : b.theme_id === null ? undefined : b.theme_id;
  // like the platform: a preview in the project's selected theme, with its preview values ("John Doe", "My Project")
  const r = renderEmail({
    templateSource: b.tsx_source,
    themeSource: themeSourceFor(ctx.core, project, undefined),
    scope: { project: { displayName: "My Project" }, user: { displayName: "John Doe" }, variables: { projectDisplayName: project.displayName }, projectLogos: projectLogos(project) },
    preview: true,
  });
  if (r.subject === undefined) throw known("EMAIL_RENDERING_ERROR", { error: "Subject is required, import it from @stackframe/emails" });
  if (r.notificationCategory === undefined) throw known("EMAIL_RENDERING_ERROR", { error: "NotificationCategory is required, import it from @stackframe/emails" });
  record.tsxSource = b.tsx_source;
  if (b.theme_id !== undefined) record.themeId = themeId;
  ctx.core.store.touch();
  return json({ rendered_html: r.html });
}

/**
 * E-mail themes and templates (wire §8.20, admin). Themes: list (the three defaults plus custom ones), create
 * `{display_name}` → `{id}`, read, `PATCH {tsx_source}` → `{display_name}`, delete (UUID ids) → `{}`; unknown → 404 text "No theme
 * found with given id". Templates: list, create → `{id}`, `PATCH {tsx_source, theme_id?}` → `{rendered_html}`,
 * delete → `{}`; writes need a custom e-mail server (`REQUIRES_CUSTOM_EMAIL_SERVER`); a source that does not
 * render (see `renderEmail`) → `EMAIL_RENDERING_ERROR` with `details.error`.
 *
 * @example
 * core.router.addAll(emailThemeRoutes(core));
 */
export function emailThemeRoutes(_core: EmulatorCore): RouteDef[] {
  const admin = { access: ADMIN_ONLY } as const;
  // the platform takes any display name, the empty one included (`yupString().defined()`)
  const name = t.object({ display_name: t.string().defined() }).defined();
  const themeParams = t.object({ id: t.string().defined() });
  const templateParams = t.object({ templateId: t.string({ format: "uuid" }).defined() });
  return [
    {
      ...admin,
      method: "GET",
      path: "/internal/email-themes",
      handler: (ctx) => json({ themes: listCatalog(ctx.core.store, authOf(ctx).project.id, "theme").map((r) => ({ id: r.id, display_name: r.displayName })) }),
    },
    {
      ...admin,
      method: "POST",
      path: "/internal/email-themes",
      body: name,
      handler: (ctx) => {
        const r = createCatalogRecord(ctx.core.store, { kind: "theme", projectId: authOf(ctx).project.id, displayName: ctx.body.display_name, tsxSource: NEW_THEME_SOURCE });
        return json({ id: r.id });
      },
    },
    {
      ...admin,
      method: "GET",
      path: "/internal/email-themes/:id",
      params: themeParams,
      handler: (ctx) => {
        const r = theme(ctx);
        return json({ id: r.id, display_name: r.displayName, tsx_source: r.tsxSource });
      },
    },
    {
      ...admin,
      method: "PATCH",
      path: "/internal/email-themes/:id",
      params: themeParams,
      body: t.object({ tsx_source: t.string().defined(), preview_html: t.string() }).defined(),
      handler: (ctx) => {
        const r = theme(ctx);
        // like the platform: the theme must render the preview template
        assertValidSource(ctx.body.tsx_source, "EmailTheme", PLATFORM_PREVIEW_TEMPLATE_SOURCE);
        r.tsxSource = ctx.body.tsx_source;
        ctx.core.store.touch();
        return json({ display_name: r.displayName });
      },
    },
    {
      ...admin,
      method: "DELETE",
      path: "/internal/email-themes/:id",
      params: t.object({ id: t.string({ format: "uuid" }).defined() }),
      handler: (ctx) => {
        // Like the platform, the selected theme may be deleted too; e-mails then render without a theme.
        deleteCatalogRecord(ctx.core.store, authOf(ctx).project.id, "theme", theme(ctx).id);
        ctx.effect("email_themes_deleted");
        return json({});
      },
    },
    {
      ...admin,
      method: "GET",
      path: "/internal/email-templates",
      handler: (ctx) => json({ templates: listCatalog(ctx.core.store, authOf(ctx).project.id, "template").map(templateRead) }),
    },
    {
      ...admin,
      method: "POST",
      path: "/internal/email-templates",
      body: name,
      handler: (ctx) => {
        const { project } = authOf(ctx);
        assertCustomEmailServer(project);
        const r = createCatalogRecord(ctx.core.store, { kind: "template", projectId: project.id, displayName: ctx.body.display_name, tsxSource: NEW_TEMPLATE_SOURCE });
        return json({ id: r.id });
      },
    },
    {
      ...admin,
      method: "PATCH",
      path: "/internal/email-templates/:templateId",
      params: templateParams,
      body: t.object({ tsx_source: t.string().defined(), theme_id: t.json() }).defined(),
      handler: patchTemplate,
    },
    {
      ...admin,
      method: "DELETE",
      path: "/internal/email-templates/:templateId",
      params: templateParams,
      handler: (ctx) => {
        deleteCatalogRecord(ctx.core.store, authOf(ctx).project.id, "template", template(ctx).id);
        return json({});
      },
    },
  ];
}
