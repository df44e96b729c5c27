import { inBrowser } from "../util/browser";
import { hookNavigators, markLeaving, serverRedirect } from "./redirect";
import type { RedirectMethod } from "./redirect";

// The navigation (see urls/redirect.ts for the redirect methods): loaded with the first redirect (core/navigation.ts)
// and by the flows that leave the page, so a page that never navigates does not carry it.

/**
 * @internal True when `method` can navigate here: not `"none"`, `"window"` only in a browser page, a router's
 * `useNavigate` once the provider called it or in a browser page.
 * @example
 * if (!canNavigate(core.redirectMethod)) return null;
 */
export const canNavigate = (method: RedirectMethod): boolean =>
  typeof method === "object"
    ? "navigate" in method || hookNavigators.has(method) || inBrowser()
    : (method === "window" && inBrowser()) || (method === "nextjs" && (inBrowser() || serverRedirect !== undefined));

/** True for a URL (absolute, or relative to the page) on another origin than this browser page's. */
const elsewhere = (url: string): boolean => {
  if (!inBrowser()) return false;
  try {
    return new URL(url, window.location.href).origin !== window.location.origin;
  } catch {
    return false;
  }
};

/**
 * Navigates to `url` with the given method (the caller checked that `url` is trusted). Returns false when the
 * method does not navigate.
 * With `"window"` it then waits 2 s so callers do not act on a page that is being left.
 * @internal
 * @example
 * await navigate(core.redirectMethod, "/dashboard", true);
 */
export async function navigate(method: RedirectMethod, url: string, replace = false): Promise<boolean> {
  if (!canNavigate(method)) return false;
  // Next's redirect() throws the error Next.js catches to answer with the redirect: it must reach the framework.
  if (method === "nextjs" && !inBrowser()) serverRedirect!(url);
  // A router navigates within the app: a URL on another origin is left for with the browser's own navigation.
  if (method === "window" || method === "nextjs" || elsewhere(url)) {
    markLeaving();
    if (replace) window.location.replace(url);
    else window.location.assign(url);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    return true;
  }
  const m = method as Exclude<RedirectMethod, string>;
  if ("navigate" in m) await m.navigate(url);
  else await (hookNavigators.get(m) ?? ((to: string) => window.location.assign(to)))(url); // a full load before the provider rendered
  return true;
}
