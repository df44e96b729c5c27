import type { RedirectTrust } from "../urls/trusted-redirects";
import { canNavigate, navigate } from "../urls/navigate";
import type { RedirectMethod } from "../urls/redirect";

// The bodies of AppCore's redirect and checkRedirect (see app-core.ts for what each does), loaded with the
// first navigation: a page that never navigates (signing in with noRedirect, reading the user) never downloads them.

/** @internal What the navigation needs of an app's core. */
export interface NavigationCore {
  readonly projectId: string;
  readonly redirectMethod: RedirectMethod;
  projectRead?: RedirectTrust["project"];
}

/**
 * @internal `AppCore.checkRedirect`: what `url` navigates to (null when the redirect method cannot navigate),
 * or the ArgumentError of an untrusted `url`.
 * @example
 * const target = await checkRedirect(core, "/dashboard");
 */
export async function checkRedirect(core: NavigationCore, url: string): Promise<string | null> {
  if (!canNavigate(core.redirectMethod)) return null;
  const { trustedRedirectTarget } = await import("../urls/trusted-redirects");
  return trustedRedirectTarget(url, { projectId: core.projectId, project: core.projectRead });
}

/**
 * @internal `AppCore.redirect`: navigates to `url` (checked first) when the redirect method can.
 * @example
 * await redirect(core, "/dashboard", true);
 */
export async function redirect(core: NavigationCore, url: string, replace?: boolean): Promise<boolean> {
  const target = await checkRedirect(core, url);
  return target !== null && navigate(core.redirectMethod, target, replace);
}
