import { inBrowser } from "../util/browser";

// What every app needs of the navigation at construction (its redirect method) and what the React layer reads. The
// navigation itself (urls/navigate.ts) loads with the first redirect, so a page that never navigates does not carry it.

/**
 * How the app navigates: `"window"` sets `window.location` (the default in a browser), `"none"` never
 * navigates (the default elsewhere), your router's `navigate`, or (in React) your router's `useNavigate` hook:
 * `<LatchkeyProvider>` calls it while rendering and navigates with what it returns. A router only gets paths on
 * the page's own origin: a URL on another origin (an OAuth provider, hosted pages) is left for with the browser's
 * own navigation. `"nextjs"` (the default of the apps `latchkey/next` exports) sets `window.location` in a browser
 * and calls Next's `redirect()` on a Next.js server.
 *
 * @example
 * new ClientApp({ projectId, tokenStore: "cookie", redirectMethod: { navigate: (url) => router.push(url) } });
 * new ClientApp({ projectId, tokenStore: "cookie", redirectMethod: { useNavigate } }); // react-router
 */
export type RedirectMethod =
  | "window"
  | "none"
  | "nextjs"
  | { navigate: (url: string) => void | Promise<void> }
  | { useNavigate: () => (url: string) => void | Promise<void> };

/**
 * The navigate functions that `<LatchkeyProvider>` got from a `{ useNavigate }` redirect method's hook, by method.
 * @internal
 */
export const hookNavigators = /* @__PURE__ */ new WeakMap<object, (url: string) => void | Promise<void>>();

/**
 * Next's `redirect()` (from `next/navigation`), given by `latchkey/next` on a Next.js server: the `"nextjs"`
 * redirect method's navigation where there is no browser page (read live, see `urls/navigate.ts`).
 * @internal
 * @example
 * if (serverRedirect) serverRedirect("/handler/sign-in");
 */
export let serverRedirect: ((url: string) => never) | undefined;

/**
 * @internal Gives the `"nextjs"` redirect method Next's `redirect()` for server-side navigation (`latchkey/next`).
 * @example
 * provideServerRedirect(redirect); // import { redirect } from "next/navigation"
 */
export function provideServerRedirect(redirect: (url: string) => never): void {
  serverRedirect = redirect;
}

/**
 * @internal The redirect method of an app created without one: `"window"` in a browser page, `"nextjs"` on a
 * Next.js server that loaded `latchkey/next`, else `"none"`.
 */
export const defaultRedirectMethod = (): RedirectMethod => (inBrowser() ? "window" : serverRedirect ? "nextjs" : "none");

/** Query parameter that carries where to go after signing in or up. */
export const RETURN_TO = "after_auth_return_to";

/** @internal True in a browser page (not in Node, a worker or an SSR pass); see `util/browser.ts`. */
export { inBrowser };

/**
 * `url` made absolute against the current page (or returned as is outside a browser).
 * @internal
 */
export const absoluteUrl = (url: string): string => (inBrowser() ? new URL(url, window.location.href).href : url);

/**
 * @internal True once this page started leaving through a `"window"` navigation (read live; see {@link pageIsLeaving}).
 * @example
 * if (leaving) return; // no second navigation
 */
export let leaving = false;
/**
 * @internal True once this page started leaving through a `"window"` navigation (a UI should not start another).
 * @example
 * if (!pageIsLeaving()) await app.redirectToAfterSignIn();
 */
export const pageIsLeaving = (): boolean => leaving;

/**
 * @internal Marks this page as leaving (a `"window"` navigation started, see `urls/navigate.ts`).
 * @example
 * markLeaving();
 */
export const markLeaving = (): void => {
  leaving = true;
};
