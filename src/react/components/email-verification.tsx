import { useState } from "react";
import { useProvidedApp } from "../context";
import { useTranslation } from "../i18n";
import { codeProblem } from "../ui/code-outcome";
import { pageSearchParams } from "../ui/navigation";
import { MessageCard, outcomeCard } from "./message-card";

/**
 * Props of {@link EmailVerification}.
 * @example
 * const props: EmailVerificationProps = { fullPage: true, searchParams: { code } };
 */
export interface EmailVerificationProps {
  /** Centre the page on its own (default: a block in your layout). */
  fullPage?: boolean;
  /** The page's query parameters (`code`); default: read from the page's address. */
  searchParams?: Record<string, string>;
}

type Outcome = "verified" | "used" | "invalid" | "expired";

/**
 * The page an e-mail verification link opens (`?code=…`). It asks "Do you want to verify your email?" first, so
 * mail scanners that open links do not use the code up, then verifies with `app.verifyEmail(code)` and says so,
 * with a link home. A missing, unknown, expired or already used code gets its own readable message.
 *
 * @example
 * // at /handler/email-verification (the handler mounts it for you)
 * <EmailVerification fullPage />
 */
export function EmailVerification({ fullPage = false, searchParams }: EmailVerificationProps) {
  const app = useProvidedApp();
  const t = useTranslation();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const code = pageSearchParams(searchParams).code;

  if (!code || outcome === "invalid") {
    return outcomeCard({
      fullPage,
      title: t("Invalid verification link"),
      text: t("This link is not valid. Check that you opened the whole link from the e-mail, or ask for a new one."),
    });
  }
  if (outcome === "expired") {
    return outcomeCard({ fullPage, title: t("Expired verification link"), text: t("This verification link has expired. Ask for a new one from your account settings.") });
  }
  if (outcome === "verified") return outcomeCard({ fullPage, title: t("Your email has been verified!") });
  if (outcome === "used") return outcomeCard({ fullPage, title: t("Your email is already verified"), text: t("This verification link has already been used.") });
  const verify = async () => {
    const result = await app.verifyEmail(code);
    if (result.status === "ok") return setOutcome("verified");
    const problem = codeProblem(result.error);
    if (!problem) return result; // shown under the buttons
    setOutcome(problem);
  };
  return (
    <MessageCard
      title={t("Do you want to verify your email?")}
      fullPage={fullPage}
      primaryButtonText={t("Verify")}
      primaryAction={verify}
      secondaryButtonText={t("Cancel")}
      secondaryAction={() => app.redirectToHome()}
    >
      <p className="lk-muted">{t("You opened an e-mail verification link.")}</p>
    </MessageCard>
  );
}
