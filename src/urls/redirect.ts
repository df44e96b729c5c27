import { ArgumentError } from "../errors/base";

/**
 * How the app navigates: `"window"` sets `window.location` (the default in a browser), `"none"` never
 * navigates (the default elsewhere), or your router's `navigate`.
 *
 * @example
 * new ClientApp({ projectId, tokenStore: "cookie", redirectMethod: { navigate: (url) => router.push(url) } });
 */
export type RedirectMethod = "window" | "none" | { navigate: (url: string) => void | Promise<void> };

/** Query parameter that carries where to go after signing in or up. */
export const RETURN_TO = "after_auth_return_to";

/** @internal True in a browser page (not in Node, a worker or an SSR pass). */
export const inBrowser = (): boolean => typeof window !== "undefined" && typeof document !== "undefined";

/**
 * `url` made absolute against the current page (or returned as is outside a browser).
 * @internal
 */
export const absoluteUrl = (url: string): string => (inBrowser() ? new URL(url, window.location.href).href : url);

/**
 * Throws unless `url` is relative or on the current page's origin: redirects go only to trusted URLs.
 * @internal
 */
export function assertTrustedRedirect(url: string): string {
  const trusted = inBrowser()
    ? new URL(url, window.location.href).origin === window.location.origin
    : url.startsWith("/") && !url.startsWith("//");
  if (!trusted) throw new ArgumentError(`The redirect URL ${url} is not trusted; it should be relative (start with "/").`);
  return url;
}

/**
 * Navigates to `url` with the given method. Returns false when the method does not navigate.
 * With `"window"` it then waits 2 s so callers do not act on a page that is being left.
 * @internal
 */
export async function navigate(method: RedirectMethod, url: string, replace = false): Promise<boolean> {
  if (method === "none") return false;
  if (method === "window") {
    if (!inBrowser()) return false;
    if (replace) window.location.replace(url);
    else window.location.assign(url);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    return true;
  }
  await method.navigate(url);
  return true;
}

/**
 * `target` with the current page (or its existing return target) added as `after_auth_return_to`.
 * @internal
 */
export function withReturnTo(target: string): string {
  if (!inBrowser()) return target;
  const here = new URL(window.location.href);
  const url = new URL(target, here);
  url.searchParams.set(RETURN_TO, here.searchParams.get(RETURN_TO) ?? here.pathname + here.search + here.hash);
  return url.origin === here.origin ? url.pathname + url.search + url.hash : url.href;
}

/**
 * The current page's `after_auth_return_to` if present (checked to be trusted), else `fallback`.
 * @internal
 */
export function returnTarget(fallback: string): string {
  const requested = inBrowser() ? new URL(window.location.href).searchParams.get(RETURN_TO) : null;
  return requested ? assertTrustedRedirect(requested) : fallback;
}
