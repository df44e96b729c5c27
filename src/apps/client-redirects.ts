import type { RedirectTarget } from "../urls/handler-redirects";
import { KEYS } from "../urls/handler-urls";
import { contextOf } from "../core/context";
import { group } from "./capabilities";

/**
 * Options of the `redirectTo*` helpers: `replace` replaces the current history entry instead of adding one;
 * `noRedirectBack` leaves out (sign-in, sign-up, onboarding, sign-out) or ignores (after sign-in, after sign-up)
 * the `after_auth_return_to` that brings the visitor back to the page they were on.
 *
 * @example
 * await app.redirectToSignIn({ replace: true, noRedirectBack: true });
 */
export interface RedirectToOptions {
  replace?: boolean;
  noRedirectBack?: boolean;
}

/**
 * The `redirectTo*` helpers of every app: each goes to one page or destination of `app.urls` with the redirect
 * method (in a browser, `window.location` by default). Every target must be relative, on the current origin, on
 * the project's hosted pages or on one of its trusted domains; any other is refused with an `ArgumentError`
 * ("Redirect URL … is not trusted; should be relative.") and nothing navigates. With `redirectMethod: "none"`
 * (the default outside a browser) they do nothing.
 *
 * @example
 * if (!(await app.getUser())) await app.redirectToSignIn();
 */
export interface ClientRedirects {
  /**
   * Goes to the sign-in page, with the current page as `after_auth_return_to` (the page's own one if it has
   * one) unless `noRedirectBack`.
   * @example
   * await app.redirectToSignIn();
   */
  redirectToSignIn(options?: RedirectToOptions): Promise<void>;
  /**
   * Goes to the sign-up page, with the current page as `after_auth_return_to` unless `noRedirectBack`.
   * @example
   * await app.redirectToSignUp({ replace: true });
   */
  redirectToSignUp(options?: RedirectToOptions): Promise<void>;
  /**
   * Goes to the sign-out page, with the current page as `after_auth_return_to` unless `noRedirectBack`.
   * @example
   * await app.redirectToSignOut();
   */
  redirectToSignOut(options?: RedirectToOptions): Promise<void>;
  /**
   * Goes to the e-mail verification page.
   * @example
   * await app.redirectToEmailVerification();
   */
  redirectToEmailVerification(options?: RedirectToOptions): Promise<void>;
  /**
   * Goes to the password-reset page.
   * @example
   * await app.redirectToPasswordReset();
   */
  redirectToPasswordReset(options?: RedirectToOptions): Promise<void>;
  /**
   * Goes to the forgot-password page.
   * @example
   * await app.redirectToForgotPassword();
   */
  redirectToForgotPassword(options?: RedirectToOptions): Promise<void>;
  /**
   * Goes home (`urls.home`, `/` by default).
   * @example
   * await app.redirectToHome({ replace: true });
   */
  redirectToHome(options?: RedirectToOptions): Promise<void>;
  /**
   * Goes to the OAuth callback page.
   * @example
   * await app.redirectToOAuthCallback();
   */
  redirectToOAuthCallback(): Promise<void>;
  /**
   * Goes to the magic-link callback page.
   * @example
   * await app.redirectToMagicLinkCallback();
   */
  redirectToMagicLinkCallback(options?: RedirectToOptions): Promise<void>;
  /**
   * Goes where a signed-in visitor goes: the page's `after_auth_return_to` if it has one (and not
   * `noRedirectBack`), else `urls.afterSignIn`.
   * @example
   * await app.redirectToAfterSignIn({ replace: true });
   */
  redirectToAfterSignIn(options?: RedirectToOptions): Promise<void>;
  /**
   * Goes where a new user goes: the page's `after_auth_return_to` if it has one (and not `noRedirectBack`), else
   * `urls.afterSignUp`.
   * @example
   * await app.redirectToAfterSignUp({ replace: true });
   */
  redirectToAfterSignUp(options?: RedirectToOptions): Promise<void>;
  /**
   * Goes to the onboarding page, with the current page as `after_auth_return_to` unless `noRedirectBack`.
   * @example
   * if ((await app.getUser({ includeRestricted: true }))?.isRestricted) await app.redirectToOnboarding();
   */
  redirectToOnboarding(options?: RedirectToOptions): Promise<void>;
  /**
   * Goes where a visitor goes after signing out (`urls.afterSignOut`).
   * @example
   * await app.redirectToAfterSignOut();
   */
  redirectToAfterSignOut(options?: RedirectToOptions): Promise<void>;
  /**
   * Goes to the account-settings page.
   * @example
   * await app.redirectToAccountSettings();
   */
  redirectToAccountSettings(options?: RedirectToOptions): Promise<void>;
  /**
   * Goes to the error page.
   * @example
   * await app.redirectToError({ replace: true });
   */
  redirectToError(options?: RedirectToOptions): Promise<void>;
  /**
   * Goes to the team-invitation page.
   * @example
   * await app.redirectToTeamInvitation();
   */
  redirectToTeamInvitation(options?: RedirectToOptions): Promise<void>;
  /**
   * Goes to the CLI-login confirmation page.
   * @example
   * await app.redirectToCliAuthConfirm();
   */
  redirectToCliAuthConfirm(options?: RedirectToOptions): Promise<void>;
  /**
   * Goes to the multi-factor (TOTP) page.
   * @example
   * await app.redirectToMfa();
   */
  redirectToMfa(options?: RedirectToOptions): Promise<void>;
}

/**
 * @internal The helpers' code: one `redirectTo<Target>` for each page and destination of the `urls` option (all but
 * the handler path and `default`), made from that list; each goes there through `core.redirectToHandler`.
 * @example
 * Object.getOwnPropertyNames(ClientRedirects.prototype); // ["redirectToSignIn", "redirectToSignUp", …]
 */
export const ClientRedirects = /* @__PURE__ */ group<ClientRedirects, RedirectTarget>(
  Object.fromEntries(
    KEYS.filter((key) => key !== "handler" && key !== "default").map((target) => [("redirectTo" + target[0].toUpperCase() + target.slice(1)).replace("Oauth", "OAuth"), target]),
  ),
  (target, app, [options]) => contextOf(app).core.redirectToHandler(target, options as RedirectToOptions | undefined).then(() => undefined),
);
