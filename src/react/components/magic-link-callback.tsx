import { Suspense, useState } from "react";
import { isKnownErrorOf } from "../../errors/known-error-of";
import { useProvidedApp } from "../context";
import { useTranslation } from "../i18n";
import { useUser } from "../provider";
import { codeProblem } from "../ui/code-outcome";
import type { CodeProblem } from "../ui/code-outcome";
import { AppLink } from "../ui/link";
import { Loading } from "../ui/loading";
import { pageSearchParams } from "../ui/navigation";
import { MessageCard, outcomeCard } from "./message-card";

/**
 * Props of {@link MagicLinkCallback}.
 * @example
 * const props: MagicLinkCallbackProps = { fullPage: true };
 */
export interface MagicLinkCallbackProps {
  /** Centre the page on its own (default: a block in your layout). */
  fullPage?: boolean;
  /** The page's query parameters (`code`); default: read from the page's address. */
  searchParams?: Record<string, string>;
}

const PROBLEMS: Record<CodeProblem, [title: string, text: string]> = {
  invalid: ["Invalid magic link", "This link is not valid. Check that you opened the whole link from the e-mail, or ask for a new one."],
  expired: ["Expired magic link", "This magic link has expired. Ask for a new one to sign in."],
  used: ["Magic link already used", "A magic link works only once. Ask for a new one to sign in again."],
};

/**
 * The page a magic link opens (`?code=…`). It asks "Do you want to sign in?" first, so mail scanners that open
 * links do not use the code up, then signs in with `app.signInWithMagicLink(code)` (which goes on to the
 * after-sign-in page, or the MFA page when the account has a second factor). A missing, unknown, expired or
 * already used link gets its own readable message; a visitor who is already signed in is told so.
 *
 * @example
 * // at /handler/magic-link-callback (the handler mounts it for you)
 * <MagicLinkCallback fullPage />
 */
export function MagicLinkCallback(props: MagicLinkCallbackProps) {
  return (
    <Suspense fallback={<Loading fullPage={props.fullPage} />}>
      <MagicLink {...props} />
    </Suspense>
  );
}

function MagicLink({ fullPage = false, searchParams }: MagicLinkCallbackProps) {
  const app = useProvidedApp();
  const t = useTranslation();
  const user = useUser();
  const [outcome, setOutcome] = useState<CodeProblem | "signed-in" | "mfa" | null>(null);
  // Once the visitor pressed "Sign in", their new session must not read as "already signed in".
  const [pressed, setPressed] = useState(false);
  const code = pageSearchParams(searchParams).code;
  const link = (href: string, text: string, secondary?: boolean) => (
    <AppLink href={href} button={secondary ? "secondary" : true}>
      {t(text)}
    </AppLink>
  );

  const problem = !code ? "invalid" : outcome !== "signed-in" && outcome !== "mfa" ? outcome : null;
  if (problem) return outcomeCard({ fullPage, title: t(PROBLEMS[problem][0]), text: t(PROBLEMS[problem][1]), links: link(app.urls.signIn, "Sign in") });
  if (outcome === "mfa") {
    return outcomeCard({ fullPage, title: t("One more step"), text: t("This account also needs a code from your authenticator app."), links: link(app.urls.mfa, "Continue") });
  }
  if (outcome === "signed-in") return outcomeCard({ fullPage, title: t("Signed in successfully!") });
  if (user && !pressed) {
    return outcomeCard({
      fullPage,
      title: t("You are already signed in"),
      links: (
        <>
          {link(app.urls.signOut, "Sign out", true)}
          {link(app.urls.home, "Go home")}
        </>
      ),
    });
  }
  const signIn = async () => {
    setPressed(true);
    try {
      const result = await app.signInWithMagicLink(code!);
      if (result.status === "ok") return setOutcome("signed-in");
      const found = codeProblem(result.error);
      if (!found) return result; // shown under the buttons
      setOutcome(found);
    } catch (error) {
      if (!isKnownErrorOf(error, "MULTI_FACTOR_AUTHENTICATION_REQUIRED")) throw error;
      setOutcome("mfa");
    }
  };
  return (
    <MessageCard
      title={t("Do you want to sign in?")}
      fullPage={fullPage}
      primaryButtonText={t("Sign in")}
      primaryAction={signIn}
      secondaryButtonText={t("Cancel")}
      secondaryAction={() => app.redirectToHome()}
    >
      <p className="lk-muted">{t("You opened a sign-in link from your e-mail.")}</p>
    </MessageCard>
  );
}
