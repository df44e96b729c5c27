import type { AppCore } from "../../core/app-core";
import { contextOf } from "../../core/context";
import type { ClientApp } from "../../apps/client-app";
import { inBrowser } from "../../urls/redirect";

/**
 * The app's core, through the app's one door (`contextOf`): its redirect method and trusted-redirect check.
 * @internal
 * @example
 * await coreOf(app).redirect(app.urls.home);
 */
export const coreOf = (app: ClientApp): AppCore => contextOf(app).core;

/**
 * Goes to `url` the way the app navigates (its `redirectMethod`), after the trusted-redirect check. Resolves to
 * whether it navigated.
 * @internal
 * @example
 * await goTo(app, app.urls.signIn, true);
 */
export const goTo = (app: ClientApp, url: string, replace?: boolean): Promise<boolean> => coreOf(app).redirect(url, replace);

/**
 * The query parameters a page works from: `given` (the handler passes them), else the page's own address in a
 * browser, else none (server rendering).
 * @internal
 * @example
 * const { code } = pageSearchParams(props.searchParams);
 */
export function pageSearchParams(given?: Record<string, string>): Record<string, string> {
  if (given) return given;
  return inBrowser() ? Object.fromEntries(new URLSearchParams(window.location.search)) : {};
}
