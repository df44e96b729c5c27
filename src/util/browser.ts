// Where the code runs. A browser page is told by `window` and `document`, as the official SDK tells it: a page's
// address is read from `window.location`, never from a global `location`, which some environments (embedded web
// views, test DOMs, sandboxed frames) do not define even though `window.location` works.

/**
 * @internal True in a browser page (not in Node, a worker or an SSR pass): both `window` and `document` exist.
 * @example
 * if (inBrowser()) console.log(window.location.hostname);
 */
export const inBrowser = (): boolean => typeof window !== "undefined" && typeof document !== "undefined";

/**
 * @internal True when this is a browser page served over https (`window.location.protocol`), where cookies are
 * written `Secure`; false on an http page and outside a browser.
 * @example
 * Cookies.set(name, value, { path: "/", secure: httpsPage() });
 */
export const httpsPage = (): boolean => inBrowser() && window.location?.protocol === "https:";
