import type { EmulatorCore } from "../core";
import { StatusError } from "../errors";
import type { ProjectRecord } from "../store/types";
import { findTheme } from "./email-catalog";

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
