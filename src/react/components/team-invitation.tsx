import { Suspense, useEffect, useState } from "react";
import { useProvidedApp } from "../context";
import { useTranslation } from "../i18n";
import { useUser } from "../provider";
import { codeProblem } from "../ui/code-outcome";
import type { CodeProblem } from "../ui/code-outcome";
import { describeFlowError } from "../ui/flow-errors";
import { Loading } from "../ui/loading";
import { pageSearchParams } from "../ui/navigation";
import { MessageCard, outcomeCard } from "./message-card";

/**
 * Props of {@link TeamInvitation}.
 * @example
 * const props: TeamInvitationProps = { fullPage: true };
 */
export interface TeamInvitationProps {
  /** Centre the page on its own (default: a block in your layout). */
  fullPage?: boolean;
  /** The page's query parameters (`code`); default: read from the page's address. */
  searchParams?: Record<string, string>;
}

type Details = { status: "loading" } | { status: "ok"; team: string } | { status: "problem"; problem: CodeProblem } | { status: "error"; error: unknown };

const PROBLEMS: Record<CodeProblem, [title: string, text: string]> = {
  invalid: ["Invalid team invitation link", "This invitation link is not valid. Check that you opened the whole link from the e-mail."],
  expired: ["Expired team invitation link", "This invitation has expired. Ask the team for a new one."],
  used: ["Used team invitation link", "This invitation link has already been used."],
};

/**
 * The page a team invitation e-mail opens (`?code=…`). A signed-out visitor is asked to sign in first (and comes
 * back here afterwards); a signed-in one sees "You are invited to join {team}" with "Join" and "Ignore", joins with
 * `app.acceptTeamInvitation(code)`, and is told so. Unknown, expired and used invitations, an invitation sent to
 * another address and an account that must verify its e-mail first each get a readable message.
 *
 * @example
 * // at /handler/team-invitation (the handler mounts it for you)
 * <TeamInvitation fullPage />
 */
export function TeamInvitation(props: TeamInvitationProps) {
  return (
    <Suspense fallback={<Loading fullPage={props.fullPage} />}>
      <Invitation {...props} />
    </Suspense>
  );
}

function Invitation({ fullPage = false, searchParams }: TeamInvitationProps) {
  const app = useProvidedApp();
  const t = useTranslation();
  const user = useUser({ includeRestricted: true });
  const code = pageSearchParams(searchParams).code;
  const [details, setDetails] = useState<Details>({ status: "loading" });
  const [joined, setJoined] = useState(false);
  const userId = user?.id;
  useEffect(() => {
    if (!userId || !code) return;
    let live = true;
    setDetails({ status: "loading" });
    app.getTeamInvitationDetails(code).then(
      (result) => {
        if (!live) return;
        if (result.status === "ok") return setDetails({ status: "ok", team: result.data.teamDisplayName });
        const problem = codeProblem(result.error);
        setDetails(problem ? { status: "problem", problem } : { status: "error", error: result.error });
      },
      (error: unknown) => live && setDetails({ status: "error", error }),
    );
    return () => {
      live = false;
    };
  }, [app, code, userId]);

  const problem = !code ? "invalid" : details.status === "problem" ? details.problem : null;
  if (problem) return outcomeCard({ fullPage, title: t(PROBLEMS[problem][0]), text: t(PROBLEMS[problem][1]) });
  if (!user) {
    return (
      <MessageCard
        title={t("Team invitation")}
        fullPage={fullPage}
        primaryButtonText={t("Sign in")}
        primaryAction={() => app.redirectToSignIn()}
        secondaryButtonText={t("Cancel")}
        secondaryAction={() => app.redirectToHome()}
      >
        <p>{t("Sign in or create an account to accept this invitation.")}</p>
      </MessageCard>
    );
  }
  if (details.status === "error") {
    const { text, values } = describeFlowError(details.error);
    return outcomeCard({ fullPage, title: t("Team invitation"), text: t(text, values), alert: true });
  }
  if (details.status !== "ok") return <Loading fullPage={fullPage} />;
  if (joined) return outcomeCard({ fullPage, title: t("Team invitation"), text: t("You have joined {team}.", { team: details.team }) });
  const join = async () => {
    const result = await app.acceptTeamInvitation(code!);
    if (result.status === "ok") return setJoined(true);
    const found = codeProblem(result.error);
    if (!found) return result; // shown under the buttons
    setDetails({ status: "problem", problem: found });
  };
  return (
    <MessageCard
      title={t("Team invitation")}
      fullPage={fullPage}
      primaryButtonText={t("Join")}
      primaryAction={join}
      secondaryButtonText={t("Ignore")}
      secondaryAction={() => app.redirectToHome()}
    >
      <p>{t("You are invited to join {team}", { team: details.team })}</p>
    </MessageCard>
  );
}
