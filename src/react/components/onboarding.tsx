import { useState } from "react";
import { useProvidedApp } from "../context";
import { useUser } from "../provider";
import { useTranslation } from "../i18n";
import { absoluteUrl } from "../../urls/redirect";
import { MessageCard } from "./message-card";

/**
 * Props of {@link Onboarding}.
 * @example
 * const props: OnboardingProps = { fullPage: true };
 */
export interface OnboardingProps {
  /** Centre the page on its own (default: a block in your layout). */
  fullPage?: boolean;
}

/**
 * The onboarding page (`/handler/onboarding`), where `getUser({ or: "redirect" })` sends a signed-in user who is
 * still restricted. A user whose e-mail address is not verified yet can have the link sent again and, once it is
 * opened, continue; a user restricted by an administrator is told so. Anyone else goes on to after-sign-in.
 *
 * @example
 * // at /handler/onboarding (the handler mounts it for you)
 * <Onboarding fullPage />
 */
export function Onboarding({ fullPage = false }: OnboardingProps) {
  const app = useProvidedApp();
  const t = useTranslation();
  const user = useUser({ includeRestricted: true });
  const [note, setNote] = useState<string | null>(null);

  if (!user) {
    return (
      <MessageCard title={t("You are not signed in")} fullPage={fullPage} primaryButtonText={t("Sign in")} primaryAction={() => app.redirectToSignIn()}>
        <p>{t("Sign in to finish setting up your account.")}</p>
      </MessageCard>
    );
  }
  const signOut = () => user.signOut();
  if (user.restrictedReason?.type === "restricted_by_administrator") {
    return (
      <MessageCard title={t("Your account is restricted")} fullPage={fullPage} primaryButtonText={t("Sign out")} primaryAction={signOut}>
        <p>{t("An administrator has restricted this account. Contact the app's support team.")}</p>
      </MessageCard>
    );
  }
  if (!user.isRestricted) {
    return (
      <MessageCard title={t("You are all set")} fullPage={fullPage} primaryButtonText={t("Continue")} primaryAction={() => app.redirectToAfterSignIn()}>
        <p>{t("Your account is ready.")}</p>
      </MessageCard>
    );
  }
  const resend = async () => {
    setNote(null);
    await user.sendVerificationEmail({ callbackUrl: absoluteUrl(app.urls.emailVerification) });
    setNote(t("We sent a new link to {email}.", { email: user.primaryEmail ?? "" }));
  };
  // The verification happens in another tab or on another device: read the user afresh before going on.
  const proceed = async () => {
    setNote(null);
    const fresh = await app.getUser({ includeRestricted: true });
    if (fresh && !fresh.isRestricted) await app.redirectToAfterSignIn();
    else setNote(t("Your e-mail address is not verified yet. Open the link we sent you, then continue."));
  };
  return (
    <MessageCard
      title={t("Verify your e-mail address")}
      fullPage={fullPage}
      primaryButtonText={t("I have verified it, continue")}
      primaryAction={proceed}
      secondaryButtonText={t("Resend verification e-mail")}
      secondaryAction={resend}
    >
      <p>{t("We sent a verification link to {email}. Open it to finish setting up your account.", { email: user.primaryEmail ?? "" })}</p>
      {note && <p role="status">{note}</p>}
      <p className="lk-muted">
        {t("Wrong address?")}{" "}
        <button type="button" className="lk-link" onClick={signOut}>
          {t("Sign out")}
        </button>
      </p>
    </MessageCard>
  );
}
