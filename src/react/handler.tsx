import { Suspense, useEffect, useRef, useSyncExternalStore } from "react";
import type { ComponentProps, ComponentType } from "react";
import type { HandlerUrls } from "../urls/handler-urls";
import { inBrowser } from "../urls/redirect";
import { relativePart } from "../urls/handler-redirects";
import { hasHandoffMarker, mayHandOff } from "../urls/cross-domain-params";
import { useProvidedApp } from "./context";
import { useTranslation } from "./i18n";
import { outcomeCard } from "./components/message-card";
import { SignIn } from "./components/sign-in";
import { SignUp } from "./components/sign-up";
import { CliAuthConfirmation } from "./components/cli-auth-confirmation";
import type { CliAuthConfirmationProps } from "./components/cli-auth-confirmation";
import { EmailVerification } from "./components/email-verification";
import type { EmailVerificationProps } from "./components/email-verification";
import { ErrorPage } from "./components/error-page";
import type { ErrorPageProps } from "./components/error-page";
import { MagicLinkCallback } from "./components/magic-link-callback";
import type { MagicLinkCallbackProps } from "./components/magic-link-callback";
import { MfaPage } from "./components/mfa-page";
import type { MfaPageProps } from "./components/mfa-page";
import { Onboarding } from "./components/onboarding";
import type { OnboardingProps } from "./components/onboarding";
import { OAuthCallback } from "./components/oauth-callback";
import type { OAuthCallbackProps } from "./components/oauth-callback";
import { SignOut } from "./components/sign-out";
import type { SignOutProps } from "./components/sign-out";
import { TeamInvitation } from "./components/team-invitation";
import type { TeamInvitationProps } from "./components/team-invitation";
import { AccountSettings } from "./components/account-settings";
import { ForgotPassword } from "./components/forgot-password";
import { PasswordReset } from "./components/password-reset";
import { PageErrorBoundary } from "./ui/error-boundary";
import { Loading } from "./ui/loading";
import { coreOf, goTo } from "./ui/navigation";
import { Page } from "./ui/page";
import { Progress } from "./ui/progress";

/**
 * Props for each page the handler shows, by the official names of `componentProps`' keys.
 * @example
 * const props: HandlerComponentProps = { SignIn: { firstTab: "password" }, AccountSettings: { extraItems: [] } };
 */
export interface HandlerComponentProps {
  SignIn?: Partial<ComponentProps<typeof SignIn>>;
  SignUp?: Partial<ComponentProps<typeof SignUp>>;
  SignOut?: Partial<SignOutProps>;
  EmailVerification?: Partial<EmailVerificationProps>;
  PasswordReset?: Partial<ComponentProps<typeof PasswordReset>>;
  ForgotPassword?: Partial<ComponentProps<typeof ForgotPassword>>;
  OAuthCallback?: Partial<OAuthCallbackProps>;
  MagicLinkCallback?: Partial<MagicLinkCallbackProps>;
  AccountSettings?: Partial<ComponentProps<typeof AccountSettings>>;
  ErrorPage?: Partial<ErrorPageProps>;
  TeamInvitation?: Partial<TeamInvitationProps>;
  /** The MFA page's props (`MfaPage`; the official key). */
  MFA?: Partial<MfaPageProps>;
  CliAuthConfirmation?: Partial<CliAuthConfirmationProps>;
  Onboarding?: Partial<OnboardingProps>;
}

/**
 * Props of {@link LatchkeyHandler} (the official `StackHandler`'s, its deprecated ones included).
 * @example
 * const props: LatchkeyHandlerProps = { fullPage: true, componentProps: { SignIn: { firstTab: "password" } } };
 */
export interface LatchkeyHandlerProps {
  /** The path to route, e.g. your router's `useLocation().pathname` (it may carry the query). Default: the page's. */
  location?: string;
  /** Each page centred on a page of its own (default true), or a block in your layout. */
  fullPage?: boolean;
  /** Props passed to the page shown, by page (see {@link HandlerComponentProps}). */
  componentProps?: HandlerComponentProps;
  /**
   * Ignored, as the official handler ignores it: the pages use the app of the nearest provider. (latchkey/next's
   * `StackHandler` uses it when given.)
   * @deprecated The official package's: "The app parameter is no longer necessary. You can safely remove it."
   */
  app?: unknown;
  /**
   * Ignored here, as the official handler ignores it; `location` (or the page's address) names the page.
   * (latchkey/next's `StackHandler` reads the page from it.)
   * @deprecated The official package's: "The routeProps parameter is no longer necessary. You can safely remove it."
   */
  routeProps?: unknown;
  /**
   * Ignored here, as the official handler ignores it. (latchkey/next's `StackHandler` reads the page from it.)
   * @deprecated The official package's: "The params parameter is no longer necessary. You can safely remove it."
   */
  params?: unknown;
  /**
   * Ignored here, as the official handler ignores it. (latchkey/next's `StackHandler` reads the query from it.)
   * @deprecated The official package's: "The searchParams parameter is no longer necessary. You can safely remove it."
   */
  searchParams?: unknown;
}

// Every page takes optional props only (those of HandlerComponentProps, and the handler's own).
type AnyPage = ComponentType<Record<string, unknown>>;

// Every page, imported as it is: the handler is every page (an app that shows only <SignIn /> imports SignIn, not
// the handler). Loading pages with import() saves nothing here: the package's entry exports the same modules, so
// a bundler keeps them in the entry's download anyway.
const PAGES: [path: string, url: keyof HandlerUrls, key: keyof HandlerComponentProps, page: AnyPage, query?: true][] = [
  ["sign-in", "signIn", "SignIn", SignIn],
  ["sign-up", "signUp", "SignUp", SignUp],
  ["sign-out", "signOut", "SignOut", SignOut],
  ["email-verification", "emailVerification", "EmailVerification", EmailVerification, true],
  ["password-reset", "passwordReset", "PasswordReset", PasswordReset, true],
  ["forgot-password", "forgotPassword", "ForgotPassword", ForgotPassword],
  ["oauth-callback", "oauthCallback", "OAuthCallback", OAuthCallback],
  ["magic-link-callback", "magicLinkCallback", "MagicLinkCallback", MagicLinkCallback, true],
  ["account-settings", "accountSettings", "AccountSettings", AccountSettings],
  ["error", "error", "ErrorPage", ErrorPage, true],
  ["team-invitation", "teamInvitation", "TeamInvitation", TeamInvitation, true],
  ["mfa", "mfa", "MFA", MfaPage],
  ["cli-auth-confirm", "cliAuthConfirm", "CliAuthConfirmation", CliAuthConfirmation],
  ["onboarding", "onboarding", "Onboarding", Onboarding],
];
const ALIASES: Record<string, string> = { login: "signin", register: "signup" };
/** Paths match without regard to case and dashes. */
const normal = (path: string) => path.toLowerCase().replace(/-/g, "");

// The page's address, followed through back/forward; unknown (null) while rendering on a server.
const onHistory = (changed: () => void) => {
  window.addEventListener("popstate", changed);
  return () => window.removeEventListener("popstate", changed);
};
const address = () => window.location.pathname + window.location.search;
const noAddress = () => null;

/**
 * @internal The path the handler is mounted on (the app's `urls.handler`, without a trailing slash).
 * @example
 * handlerPathOf(app.urls); // "/handler"
 */
export const handlerPathOf = (urls: Pick<HandlerUrls, "handler">): string => new URL(urls.handler, "http://localhost").pathname.replace(/\/+$/, "");

/**
 * Where a page whose URL the app set elsewhere (a custom or hosted page, not under the handler) lives, with the
 * current query; null when the page is the handler's own.
 */
function overriddenUrl(url: string, handlerPath: string, search: string): string | null {
  const origin = inBrowser() ? window.location.origin : "http://localhost";
  const target = new URL(url, origin);
  if (target.origin === origin && (target.pathname === handlerPath || target.pathname.startsWith(handlerPath + "/"))) return null;
  new URLSearchParams(search).forEach((value, key) => target.searchParams.set(key, value));
  return target.origin === origin ? relativePart(target) : target.href;
}

/**
 * Routes the handler path (the app's `urls.handler`, `/handler` by default) to latchkey's pages: `sign-in`
 * (also `log-in`), `sign-up` (also `register`), `sign-out`, `email-verification`, `password-reset`,
 * `forgot-password`, `oauth-callback`, `magic-link-callback`, `account-settings`, `error`, `team-invitation`,
 * `mfa`, `cli-auth-confirm` and `onboarding`, ignoring case and dashes. An unknown path shows "Page does not exist"; a page the
 * app's `urls` put elsewhere redirects there, keeping the query. Mount it on a catch-all route. Without
 * `location`, it follows the page's address, and renders nothing on a server. Also exported as `StackHandler`.
 *
 * @example
 * // react-router
 * <Route path="/handler/*" element={<LatchkeyHandler location={useLocation().pathname} fullPage />} />
 */
export function LatchkeyHandler({ location, fullPage = true, componentProps }: LatchkeyHandlerProps) {
  const app = useProvidedApp();
  const t = useTranslation();
  const here = useSyncExternalStore(onHistory, address, noAddress);
  const redirected = useRef<string | null>(null);
  const given = location === undefined ? null : location.split("?");
  const path = given ? given[0] : here?.split("?")[0];
  const search = given && given.length > 1 ? "?" + given.slice(1).join("?") : here?.includes("?") ? here.slice(here.indexOf("?")) : "";
  const handlerPath = handlerPathOf(app.urls);
  const inside = path !== undefined && (path === handlerPath || path.startsWith(handlerPath + "/"));
  const name = normal((inside ? path.slice(handlerPath.length) : path ?? "").replace(/^\/+|\/+$/g, ""));
  const route = PAGES.find(([p]) => normal(p) === (ALIASES[name] ?? name));
  // The app's end of a cross-domain hand-off is its own OAuth callback page, even where the app's is hosted.
  const handoffEnd = route?.[1] === "oauthCallback" && hasHandoffMarker(new URLSearchParams(search));
  const redirect = route && path !== undefined && !handoffEnd ? overriddenUrl(app.urls[route[1]], handlerPath, search) : null;
  const target = route?.[1];
  useEffect(() => {
    if (!redirect || !target || redirected.current === redirect) return;
    redirected.current = redirect;
    // A sign-in page on another origin (hosted) gets the cross-domain hand-off the redirectTo* helpers give it.
    const go = (url: string) => void goTo(app, url, true);
    if (mayHandOff(target, redirect)) (coreOf(app).handOff?.(target, redirect) ?? Promise.resolve(redirect)).then(go, () => go(redirect));
    else go(redirect);
  }, [app, redirect, target]);

  if (path === undefined) return null;
  if (redirect) {
    return (
      <Page fullPage={fullPage}>
        <Progress>{t("Redirecting…")}</Progress>
      </Page>
    );
  }
  if (!route) {
    return outcomeCard({ fullPage, title: t("Page does not exist"), text: t("There is no page at this address. Check the link and try again.") });
  }
  const [, , key, Shown, query] = route;
  const own = Object.fromEntries(Object.entries(componentProps?.[key] ?? {}).filter(([, value]) => value !== undefined));
  const props = {
    fullPage,
    ...(key === "SignIn" || key === "SignUp" ? { automaticRedirect: true } : {}),
    ...(query ? { searchParams: Object.fromEntries(new URLSearchParams(search)) } : {}),
    ...own,
  };
  return (
    <PageErrorBoundary key={key} fullPage={fullPage}>
      <Suspense fallback={<Loading fullPage={fullPage} />}>
        <Shown {...props} />
      </Suspense>
    </PageErrorBoundary>
  );
}
