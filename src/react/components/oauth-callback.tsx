import { useEffect, useState } from "react";
import type { ClientApp } from "../../apps/client-app";
import { isKnownErrorOf } from "../../errors/known-error-of";
import { useProvidedApp } from "../context";
import { useTranslation } from "../i18n";
import { describeFlowError } from "../ui/flow-errors";
import { AppLink } from "../ui/link";
import { Page } from "../ui/page";
import { Progress } from "../ui/progress";
import { outcomeCard } from "./message-card";

/**
 * Props of {@link OAuthCallback}.
 * @example
 * const props: OAuthCallbackProps = { fullPage: true };
 */
export interface OAuthCallbackProps {
  /** Centre the page on its own (default: a block in your layout). */
  fullPage?: boolean;
}

type Outcome = { status: "working" | "mfa" | "not-finished" } | { status: "error"; error: unknown };

// One callback per app and page load: the first call spends the code and the verifier cookie, so a second one (a
// remount, React's StrictMode) could only fail. Every mount of the page waits for the same call.
const calls = /* @__PURE__ */ new WeakMap<ClientApp, Promise<boolean>>();

/**
 * The page the OAuth provider sends the browser back to: finishes the sign-in once with
 * `app.callOAuthCallback()`, which then goes on to where the flow said (the return target, after-sign-up or
 * after-sign-in). Shows progress meanwhile; when the sign-in fails, says why in readable words (the provider
 * refused, the link was already used, …) with a link back to sign in. A sign-in that needs a second factor goes on
 * to the MFA page.
 *
 * @example
 * // at /handler/oauth-callback (the handler mounts it for you)
 * <OAuthCallback fullPage />
 */
export function OAuthCallback({ fullPage = false }: OAuthCallbackProps) {
  const app = useProvidedApp();
  const t = useTranslation();
  const [outcome, setOutcome] = useState<Outcome>({ status: "working" });
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    let call = calls.get(app);
    if (!call) calls.set(app, (call = app.callOAuthCallback()));
    let live = true;
    call.then(
      (signedIn) => {
        if (!live || signedIn) return; // signed in: the app is on its way to the next page
        setOutcome({ status: "not-finished" });
        void app.redirectToSignIn({ noRedirectBack: true, replace: true });
      },
      (error: unknown) => live && setOutcome(isKnownErrorOf(error, "MULTI_FACTOR_AUTHENTICATION_REQUIRED") ? { status: "mfa" } : { status: "error", error }),
    );
    const timer = setTimeout(() => live && setSlow(true), 4000);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [app]);

  const signInLink = (
    <AppLink href={app.urls.signIn} button>
      {t("Back to sign in")}
    </AppLink>
  );
  if (outcome.status === "error") {
    const { text, values } = describeFlowError(outcome.error);
    return outcomeCard({ fullPage, title: t("Signing in failed"), text: t(text, values), alert: true, links: signInLink });
  }
  if (outcome.status === "not-finished") {
    return outcomeCard({ fullPage, title: t("Signing in was not finished"), text: t("This sign-in was already used or has expired. Please sign in again."), links: signInLink });
  }
  if (outcome.status === "mfa") {
    const links = (
      <AppLink href={app.urls.mfa} button>
        {t("Continue")}
      </AppLink>
    );
    return outcomeCard({ fullPage, title: t("One more step"), text: t("This account also needs a code from your authenticator app."), links });
  }
  return (
    <Page fullPage={fullPage} title={t("Signing in")}>
      <Progress>{t("Finishing your sign-in…")}</Progress>
      {slow && (
        <p className="lk-center lk-muted">
          {t("Taking too long?")}{" "}
          <AppLink href={app.urls.home}>{t("Go home")}</AppLink>
        </p>
      )}
    </Page>
  );
}
