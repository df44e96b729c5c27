import { useEffect, useRef, useState } from "react";
import { useProvidedApp } from "../context";
import { useTranslation } from "../i18n";
import { describeFlowError } from "../ui/flow-errors";
import { MessageCard, outcomeCard } from "./message-card";
import { Page } from "../ui/page";
import { Progress } from "../ui/progress";

/**
 * Props of {@link SignOut}.
 * @example
 * const props: SignOutProps = { fullPage: true };
 */
export interface SignOutProps {
  /** Centre the page on its own (default: a block in your layout). */
  fullPage?: boolean;
}

/**
 * The sign-out page: signs the user out as soon as it shows (`app.signOut()`, which then goes to the
 * after-sign-out URL), with progress meanwhile, "You have been signed out" once done (seen where nothing
 * navigates), and a readable error with "Try again" if the sign-out fails. Safe under React's StrictMode: one
 * sign-out per page.
 *
 * @example
 * // at /handler/sign-out (the handler mounts it for you)
 * <SignOut fullPage />
 */
export function SignOut({ fullPage = false }: SignOutProps) {
  const app = useProvidedApp();
  const t = useTranslation();
  const [state, setState] = useState<{ status: "working" | "done" } | { status: "error"; error: unknown }>({ status: "working" });
  const started = useRef(false);
  const signOut = () => {
    setState({ status: "working" });
    app.signOut().then(
      () => setState({ status: "done" }),
      (error: unknown) => setState({ status: "error", error }),
    );
  };
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    signOut();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (state.status === "working") {
    return (
      <Page fullPage={fullPage} title={t("Signing out")}>
        <Progress>{t("Signing you out…")}</Progress>
      </Page>
    );
  }
  if (state.status === "error") {
    const { text, values } = describeFlowError(state.error);
    return (
      <MessageCard title={t("Signing out failed")} fullPage={fullPage} primaryButtonText={t("Try again")} primaryAction={signOut}>
        <p role="alert">{t(text, values)}</p>
      </MessageCard>
    );
  }
  return outcomeCard({ fullPage, title: t("You have been signed out") });
}
