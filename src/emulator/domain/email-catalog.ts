import type { Store } from "../store/store";
import type { ProjectRecord } from "../store/types";
import { PLATFORM_DEFAULT_TEMPLATES, PLATFORM_DEFAULT_THEMES, PLATFORM_NEW_TEMPLATE_SOURCE } from "./email-defaults";
import { newId } from "../util/random";

/**
 * Key of the e-mail theme/template records in `store.extra`.
 *
 * @example
 * store.extra[EMAIL_CATALOG_FAMILY];
 */
export const EMAIL_CATALOG_FAMILY = "email-catalog";

/**
 * An e-mail theme or template of a project (TSX source kept as text; see `email-render.ts` for how it renders).
 * `themeId` (templates only): a theme id, `false` for "no theme", `undefined` for the project's selected theme.
 *
 * @example
 * const t: EmailCatalogRecord = { kind: "theme", projectId, id, displayName: "Brand", tsxSource };
 */
export interface EmailCatalogRecord {
  kind: "theme" | "template";
  projectId: string;
  id: string;
  displayName: string;
  tsxSource: string;
  themeId?: string | false;
}

interface SeededMarker {
  kind: "seeded";
  projectId: string;
}

/**
 * The platform's notification categories (fixed ids; Transactional cannot be disabled).
 *
 * @example
 * NOTIFICATION_CATEGORIES.find((c) => c.name === "Marketing")?.id;
 */
export const NOTIFICATION_CATEGORIES = [
  { id: "7bb82d33-2f54-4a3d-9d23-82739e0d66ef", name: "Transactional", defaultEnabled: true, canDisable: false },
  { id: "4f6f8873-3d04-46bd-8bef-18338b1a1b4c", name: "Marketing", defaultEnabled: true, canDisable: true },
] as const;

/**
 * Ids of the three built-in themes (the platform's ids; their sources are in `email-defaults.ts`, generated from
 * `fixtures/email-templates`).
 *
 * @example
 * DEFAULT_THEME_IDS.light; // "1df07ae6-…"
 */
export const DEFAULT_THEME_IDS = {
  light: "1df07ae6-abf3-4a40-83a5-a1a2cbe336ac",
  dark: "a0172b5d-cff0-463b-83bb-85124697373a",
  colorful: "c7e2d94f-8a1b-4e6d-b3f5-9d0a2e7c1b8f",
} as const;

const DEFAULT_THEMES = PLATFORM_DEFAULT_THEMES.map((t) => [t.id, t.displayName, t.tsxSource] as const);
const DEFAULT_TEMPLATES = PLATFORM_DEFAULT_TEMPLATES.map((t) => [t.id, t.displayName, t.tsxSource] as const);

/**
 * The TSX source a new theme starts from (the platform's: the light theme's).
 *
 * @example
 * createCatalogRecord(store, { kind: "theme", projectId, displayName: "Brand", tsxSource: NEW_THEME_SOURCE });
 */
export const NEW_THEME_SOURCE = PLATFORM_DEFAULT_THEMES[0].tsxSource;

/**
 * The TSX source a new template starts from (the platform's).
 *
 * @example
 * createCatalogRecord(store, { kind: "template", projectId, displayName: "Welcome", tsxSource: NEW_TEMPLATE_SOURCE });
 */
export const NEW_TEMPLATE_SOURCE = PLATFORM_NEW_TEMPLATE_SOURCE;

/**
 * The project's logos as the platform hands them to a theme's `<ProjectLogo>`.
 *
 * @example
 * renderEmail({ templateSource, themeSource, scope: { ...scope, projectLogos: projectLogos(project) } });
 */
export function projectLogos(project: ProjectRecord): { logoUrl?: string; logoFullUrl?: string; logoDarkModeUrl?: string; logoFullDarkModeUrl?: string } {
  return {
    logoUrl: project.logoUrl ?? undefined,
    logoFullUrl: project.logoFullUrl ?? undefined,
    logoDarkModeUrl: project.logoDarkModeUrl ?? undefined,
    logoFullDarkModeUrl: project.logoFullDarkModeUrl ?? undefined,
  };
}

function records(store: Store, projectId: string): (EmailCatalogRecord | SeededMarker)[] {
  const list = (store.extra[EMAIL_CATALOG_FAMILY] ??= []) as (EmailCatalogRecord | SeededMarker)[];
  if (!list.some((r) => r.kind === "seeded" && r.projectId === projectId)) {
    list.push({ kind: "seeded", projectId });
    for (const [id, displayName, tsxSource] of DEFAULT_THEMES) list.push({ kind: "theme", projectId, id, displayName, tsxSource });
    for (const [id, displayName, tsxSource] of DEFAULT_TEMPLATES) list.push({ kind: "template", projectId, id, displayName, tsxSource });
    store.touch();
  }
  return list;
}

/**
 * A project's themes or templates (the built-in ones are seeded on first use), in creation order.
 *
 * @example
 * const themes = listCatalog(store, projectId, "theme");
 */
export function listCatalog(store: Store, projectId: string, kind: "theme" | "template"): EmailCatalogRecord[] {
  return records(store, projectId).filter((r): r is EmailCatalogRecord => r.kind === kind && r.projectId === projectId);
}

/**
 * A theme by id.
 *
 * @example
 * if (!findTheme(store, projectId, id)) throw new StatusError(404, "No theme found with given id");
 */
export function findTheme(store: Store, projectId: string, id: string): EmailCatalogRecord | undefined {
  return listCatalog(store, projectId, "theme").find((r) => r.id === id);
}

/**
 * A template by id.
 *
 * @example
 * const tpl = findTemplate(store, projectId, body.template_id);
 */
export function findTemplate(store: Store, projectId: string, id: string): EmailCatalogRecord | undefined {
  return listCatalog(store, projectId, "template").find((r) => r.id === id);
}

/**
 * Adds a theme or template with a fresh id.
 *
 * @example
 * const rec = createCatalogRecord(store, { kind: "theme", projectId, displayName: "Brand", tsxSource: NEW_THEME_SOURCE });
 */
export function createCatalogRecord(store: Store, o: Omit<EmailCatalogRecord, "id">): EmailCatalogRecord {
  const record: EmailCatalogRecord = { ...o, id: newId() };
  records(store, o.projectId).push(record);
  store.touch();
  return record;
}

/**
 * Removes a theme or template; returns whether it existed.
 *
 * @example
 * deleteCatalogRecord(store, projectId, "template", id);
 */
export function deleteCatalogRecord(store: Store, projectId: string, kind: "theme" | "template", id: string): boolean {
  const list = records(store, projectId);
  const i = list.findIndex((r) => r.kind === kind && r.projectId === projectId && (r as EmailCatalogRecord).id === id);
  if (i < 0) return false;
  list.splice(i, 1);
  store.touch();
  return true;
}
