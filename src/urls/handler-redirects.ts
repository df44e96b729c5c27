import { optionalBoolean, optionalObject } from "../util/validate";
import { ArgumentError } from "../errors/base";
import type { HandlerUrls } from "./handler-urls";
import { mayHandOff } from "./cross-domain-params";
import { inBrowser, RETURN_TO } from "./redirect";

/**
 * @internal A page or destination to go to: a key of {@link HandlerUrls} (the `redirectTo*` helpers cover all but
 * the handler path itself, which the official internals' `redirectToHandler` also accepts).
 */
export type RedirectTarget = keyof HandlerUrls;

/** Pages that remember where the visitor came from, so the flow they start can send them back there. */
const REMEMBERS_RETURN = ["signIn", "signUp", "onboarding", "signOut"];

/**
 * @internal `url` as a same-origin reference: its path, query and fragment — or the whole URL when its path starts
 * with `//`, which as a reference would name another host.
 */
export const relativePart = (url: URL): string => (url.pathname.startsWith("//") ? url.href : url.pathname + url.search + url.hash);

/**
 * @internal Where a `redirectTo*` helper for `target` goes, as the official SDK plans it. Without a page (outside a
 * browser) or with `noRedirectBack`: the configured URL. After sign-in and after sign-up: the page's
 * `after_auth_return_to` when it has one. Sign-in, sign-up, onboarding and sign-out: the configured URL carrying
 * `after_auth_return_to` (the page's own one, else the current page: a path on this origin, a full URL for a page
 * on another origin), unless the configured URL already has one. Every other target: its configured URL. The
 * result is not checked here; the navigation checks that it is trusted.
 */
export function handlerRedirectUrl(urls: HandlerUrls, target: RedirectTarget, noRedirectBack = false): string {
  const configured = urls[target];
  if (noRedirectBack || !inBrowser()) return configured;
  const here = new URL(window.location.href);
  const requested = here.searchParams.get(RETURN_TO);
  if (target === "afterSignIn" || target === "afterSignUp") return requested ?? configured;
  if (!REMEMBERS_RETURN.includes(target)) return configured;
  const next = new URL(configured, here);
  const sameOrigin = next.origin === here.origin && here.origin !== "null";
  if (!next.searchParams.has(RETURN_TO)) next.searchParams.set(RETURN_TO, requested ?? (sameOrigin ? relativePart(here) : here.href));
  return sameOrigin ? relativePart(next) : next.href;
}

/**
 * @internal Goes to `target` as a `redirectTo*` helper does: checks `options` (an object whose `replace` and
 * `noRedirectBack` are booleans; ArgumentError otherwise), plans the URL with {@link handlerRedirectUrl} and
 * navigates through `core.redirect` (which refuses an untrusted URL). A URL that may involve a cross-domain
 * hand-off (a hosted sign-in page, a return to an app on another origin) first goes through `core.handOff`.
 * Returns whether it navigated.
 */
export async function redirectToHandler(
  core: {
    readonly urls: HandlerUrls;
    redirect(url: string, replace?: boolean): Promise<boolean>;
    handOff?(target: RedirectTarget, url: string): Promise<string>;
  },
  target: RedirectTarget,
  options?: { replace?: boolean; noRedirectBack?: boolean },
): Promise<boolean> {
  if (typeof core.urls[target] !== "string") throw new ArgumentError(`No URL for handler name ${String(target)}`);
  const o = optionalObject(options, "options");
  for (const key of ["replace", "noRedirectBack"] as const) optionalBoolean(o[key], `options.${key}`);
  let url = handlerRedirectUrl(core.urls, target, o.noRedirectBack);
  if (core.handOff && !o.noRedirectBack && mayHandOff(target, url)) url = await core.handOff(target, url);
  return core.redirect(url, o.replace);
}
