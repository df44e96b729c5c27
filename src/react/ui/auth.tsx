import { useRef, useSyncExternalStore } from "react";
import { useFocusEffect } from "./focus";
import type { MouseEvent, ReactNode } from "react";
import type { ClientApp } from "../../apps/client-app";
import type { HandlerUrls } from "../../urls/handler-urls";
import { RETURN_TO } from "../../urls/redirect";
import { useFormAction } from "./form";
import { coreOf } from "./navigation";
import { Page } from "./page";

// Shared pieces of the sign-in, sign-up and password pages (internal to latchkey/react).


const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/**
 * The English message for a typed e-mail address that cannot be sent (empty or malformed), or null.
 * @internal
 * @example
 * const problem = emailProblem(email); if (problem) form.setErrors({ email: t(problem) });
 */
export const emailProblem = (email: string): string | null =>
  !email ? "Please enter your e-mail address." : EMAIL.test(email) ? null : "Please enter a valid e-mail address.";

const subscribeNothing = () => () => {};
/**
 * The page's query string ("" while rendering on a server).
 * @internal
 */
export const useSearch = (): string => useSyncExternalStore(subscribeNothing, () => window.location.search, () => "");

/**
 * The page's `after_auth_return_to` (null when it has none or outside a browser).
 * @internal
 */
export const returnToOf = (search: string): string | null => new URLSearchParams(search).get(RETURN_TO);

/**
 * Starts a sign-in (`start`) once the page's `after_auth_return_to` is known to be trusted; an untrusted one is
 * refused first (with the core's ArgumentError "Redirect URL … is not trusted; should be relative."), since the
 * sign-in would store tokens and then fail to go there.
 * @internal
 * @example
 * form.run(() => checkReturnTo(app, () => app.signInWithCredential({ email, password })));
 */
export async function checkReturnTo<T>(app: ClientApp, start: () => Promise<T>): Promise<T> {
  const target = typeof window === "undefined" ? null : returnToOf(window.location.search);
  if (target) await coreOf(app).checkRedirect(target);
  return start();
}

// Pages of the sign-in flow: a link between them keeps where the visitor wants to end up.
const KEEPS_RETURN: (keyof HandlerUrls)[] = ["signIn", "signUp", "forgotPassword"];

/**
 * A link to one of the app's pages (its `urls`); links to the sign-in, sign-up and forgot-password pages keep the
 * page's `after_auth_return_to`. With a router's redirect method (`navigate` / `useNavigate`) a plain click
 * navigates through it; otherwise the browser follows the link.
 * @internal
 * @example
 * <AppLink app={app} page="signUp">{t("Sign up")}</AppLink>
 */
export function AppLink({ app, page, className = "lk-link", children }: { app: ClientApp; page: keyof HandlerUrls; className?: string; children: ReactNode }) {
  const returnTo = returnToOf(useSearch());
  let href = app.urls[page];
  if (returnTo && KEEPS_RETURN.includes(page) && !href.includes(RETURN_TO + "=")) href += (href.includes("?") ? "&" : "?") + RETURN_TO + "=" + encodeURIComponent(returnTo);
  const onClick = (event: MouseEvent) => {
    const core = coreOf(app);
    if (typeof core.redirectMethod !== "object" || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    core.redirect(href).catch(() => window.location.assign(href));
  };
  return (
    <a className={className} href={href} onClick={onClick}>
      {children}
    </a>
  );
}

/**
 * {@link useFormAction} plus the form's ref: after a failed submit, focus goes to the first invalid field (or the
 * submit button when the error is about the whole form), so keyboard users land where the message is. Outside a
 * form, `focusOnError` names what to focus instead (e.g. "button").
 * @internal
 * @example
 * const form = useAuthForm();
 * <form ref={form.ref} onSubmit={…} noValidate>…</form>
 */
export function useAuthForm<E extends HTMLElement = HTMLFormElement>(focusOnError = "[aria-invalid=true],[type=submit]") {
  const form = useFormAction();
  const ref = useRef<E>(null);
  const { errors, pending } = form;
  useFocusEffect(() => {
    const el = ref.current;
    if (!el || pending || Object.keys(errors).length === 0) return;
    el.querySelector<HTMLElement>(focusOnError)?.focus();
  }, [errors, pending, focusOnError]);
  return { ...form, ref };
}

/**
 * A page with a heading, a short message and buttons (already signed in, sign-up disabled, e-mail sent, a bad
 * link…).
 * @internal
 * @example
 * <Notice fullPage title={t("You are already signed in")} actions={<Button onClick={…}>{t("Go home")}</Button>} />
 */
export function Notice({ fullPage, title, children, actions }: { fullPage?: boolean; title: ReactNode; children?: ReactNode; actions?: ReactNode }) {
  return (
    <Page fullPage={fullPage} title={title}>
      {children}
      {actions && <div className="lk-actions">{actions}</div>}
    </Page>
  );
}
