import { Suspense } from "react";
import { useProvidedApp } from "../context";
import { useTranslation } from "../i18n";
import { useUser } from "../provider";
import { useCliAuthConfirmation } from "../hooks/use-cli-auth-confirmation";
import { describeFlowError } from "../ui/flow-errors";
import { Loading } from "../ui/loading";
import { Page } from "../ui/page";
import { Progress } from "../ui/progress";
import { MessageCard } from "./message-card";

/**
 * Props of {@link CliAuthConfirmation}.
 * @example
 * const props: CliAuthConfirmationProps = { fullPage: true };
 */
export interface CliAuthConfirmationProps {
  /** Centre the page on its own (default: a block in your layout). */
  fullPage?: boolean;
}

/**
 * The page a command-line app's login link opens (`/handler/cli-auth-confirm?login_code=…`): asks "Authorize CLI
 * application?" with "Authorize" and "Cancel", then hands the user's session to the waiting CLI and says "CLI
 * application authorized" (the window can be closed). A signed-out visitor signs in first and comes back here.
 * Expired, used or unknown login links and accounts that must verify their e-mail first get readable messages.
 * Its logic is {@link useCliAuthConfirmation}.
 *
 * @example
 * // at /handler/cli-auth-confirm (the handler mounts it for you)
 * <CliAuthConfirmation fullPage />
 */
export function CliAuthConfirmation(props: CliAuthConfirmationProps) {
  return (
    <Suspense fallback={<Loading fullPage={props.fullPage} />}>
      <Confirmation {...props} />
    </Suspense>
  );
}

function Confirmation({ fullPage = false }: CliAuthConfirmationProps) {
  const app = useProvidedApp();
  const t = useTranslation();
  const user = useUser({ includeRestricted: true });
  const cli = useCliAuthConfirmation();

  switch (cli.status) {
    case "invalid":
      return (
        <MessageCard title={t("Invalid CLI authorization link")} fullPage={fullPage}>
          <p>{t("This link has no login code. Start the login again from the command line.")}</p>
        </MessageCard>
      );
    case "success":
      return (
        <MessageCard title={t("CLI application authorized")} fullPage={fullPage}>
          <p>{t("You can close this window and return to the command line.")}</p>
        </MessageCard>
      );
    case "error": {
      const { text, values } = describeFlowError(cli.error);
      return (
        <MessageCard title={t("Authorization failed")} fullPage={fullPage} primaryButtonText={t("Try again")} primaryAction={cli.retry}>
          <p role="alert">{t(text, values)}</p>
        </MessageCard>
      );
    }
    case "authorizing":
    case "redirecting":
      return (
        <Page fullPage={fullPage} title={t("Authorize CLI application?")}>
          <Progress>{t(cli.status === "authorizing" ? "Authorizing…" : "Taking you to sign in…")}</Progress>
        </Page>
      );
  }
  return (
    <MessageCard
      title={t("Authorize CLI application?")}
      fullPage={fullPage}
      primaryButtonText={t("Authorize")}
      primaryAction={cli.authorize}
      secondaryButtonText={t("Cancel")}
      secondaryAction={() => app.redirectToHome()}
    >
      <p>{t("A command-line application is asking for access to your account.")}</p>
      <p className="lk-error">{t("Only authorize it if you started this login yourself: it will be able to act as you.")}</p>
      {!user && <p className="lk-muted">{t("You will sign in first.")}</p>}
    </MessageCard>
  );
}
