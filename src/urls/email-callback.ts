import { ArgumentError } from "../errors/base";
import { requireString } from "../util/validate";
import { absoluteUrl, inBrowser } from "./redirect";

/**
 * The absolute URL an e-mail link should open: `given` when the caller passed one, else `page` on the current
 * site. Outside a browser there is no current site, so the caller must pass it. (A module of its own: only the
 * e-mail flows, which load on demand, need it.)
 * @internal
 * @example
 * const callback_url = emailCallbackUrl(options.callbackUrl, ctx.core.urls.passwordReset, "sendForgotPasswordEmail");
 */
export function emailCallbackUrl(given: string | undefined, page: string, method: string): string {
  if (given !== undefined) {
    requireString(given, "callbackUrl");
    try {
      // Both parses inside: in a browser, absoluteUrl itself throws a TypeError for a URL it cannot read.
      const url = absoluteUrl(given);
      new URL(url);
      return url;
    } catch {
      throw new ArgumentError(`callbackUrl must be an absolute URL (or, in a browser, one relative to the page), got ${JSON.stringify(given)}.`);
    }
  }
  if (!inBrowser()) {
    throw new ArgumentError(`${method} needs { callbackUrl } outside a browser: the absolute URL the e-mail's link should open.`);
  }
  return absoluteUrl(page);
}
