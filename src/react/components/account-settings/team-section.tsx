import { useState } from "react";
import type { Project } from "../../../resources/projects/client";
import { useTranslation } from "../../i18n";
import { describeError } from "../../ui/errors";
import { FormError } from "../../ui/field";
import { ApiKeyPanel } from "./api-key-panel";
import { ConfirmButton } from "./confirm-button";
import { EditableText } from "./editable-text";
import { Loading } from "./loading";
import { Section } from "./section";
import { InviteMember, PendingInvitations } from "./team-invitations";
import { TeamMembers } from "./team-members";
import type { SettingsTeam, SettingsUser } from "./types";

function OwnProfile({ user, team }: { user: SettingsUser; team: SettingsTeam }) {
  const t = useTranslation();
  const profile = user.useTeamProfile(team);
  return (
    <EditableText
      label={t("Your name in this team")}
      editLabel={t("Edit your name in this team")}
      value={profile.displayName}
      empty={t("No name set")}
      required
      onSave={(name) => profile.update({ displayName: name })}
    />
  );
}

function TeamKeys({ team }: { team: SettingsTeam }) {
  return <ApiKeyPanel keys={team.useApiKeys()} create={(data) => team.createApiKey(data)} />;
}

/**
 * One team's page: its name, the user's name in it, members, invitations, team API keys, leaving and deleting.
 * Each part shows only when the user's team permissions allow it (`$update_team`, `$read_members`,
 * `$invite_members`, `$remove_members`, `$manage_api_keys`, `$delete_team`).
 * @internal
 * @example
 * <TeamSection user={user} team={team} project={project} />
 */
export function TeamSection(props: { user: SettingsUser; team: SettingsTeam; project: Project }) {
  const t = useTranslation();
  const [busy, setBusy] = useState("");
  const [failure, setFailure] = useState("");
  // While leaving or deleting, the team's parts are unmounted: their reads would fail once the user is out.
  const end = (status: string, action: () => Promise<unknown>) => async () => {
    setBusy(status);
    setFailure("");
    try {
      await action();
    } catch (error) {
      const { text, values } = describeError(error);
      setFailure(t(text, values));
      setBusy("");
    }
  };
  if (busy)
    return (
      <p role="status" className="lk-row lk-muted">
        <span className="lk-spinner" aria-hidden="true" />
        {busy}
      </p>
    );
  const leave = end(t("Leaving the team…"), () => props.user.leaveTeam(props.team));
  const remove = end(t("Deleting the team…"), () => props.team.delete());
  return <TeamParts {...props} leave={leave} remove={remove} failure={failure} />;
}

function TeamParts({ user, team, project, leave, remove, failure }: Parameters<typeof TeamSection>[0] & { leave: () => Promise<void>; remove: () => Promise<void>; failure: string }) {
  const t = useTranslation();
  const granted = new Set(user.usePermissions(team).map((p) => p.id));
  const can = (id: string) => granted.has(id);
  const name = team.displayName;
  return (
    <>
      <Section inline title={t("Team name")} description={t("The name members see.")}>
        <EditableText
          label={t("Team name")}
          editLabel={t("Edit team name")}
          value={name}
          required
          onSave={can("$update_team") ? (displayName) => team.update({ displayName }) : undefined}
        />
      </Section>
      <Section inline title={t("Your name in this team")} description={t("How you appear to the other members of this team.")}>
        <Loading>
          <OwnProfile user={user} team={team} />
        </Loading>
      </Section>
      {can("$read_members") && (
        <Section title={t("Members")}>
          <Loading>
            <TeamMembers team={team} userId={user.id} />
          </Loading>
        </Section>
      )}
      {can("$invite_members") && (
        <Section title={t("Invite a member")} description={t("We email them a link to join this team.")}>
          <InviteMember team={team} />
          {can("$read_members") && (
            <Loading>
              <h4>{t("Pending invitations")}</h4>
              <PendingInvitations team={team} canRevoke={can("$remove_members")} />
            </Loading>
          )}
        </Section>
      )}
      {project.config.allowTeamApiKeys && can("$manage_api_keys") && (
        <Section title={t("Team API keys")} description={t("Keys that act for this team. Keep them secret.")}>
          <Loading>
            <TeamKeys team={team} />
          </Loading>
        </Section>
      )}
      <Section inline title={t("Leave team")} description={t("You will need a new invitation to join again.")}>
        <ConfirmButton
          label={t("Leave team")}
          question={t("Leave {team}?", { team: name })}
          confirmLabel={t("Yes, leave team")}
          onConfirm={leave}
        />
      </Section>
      {can("$delete_team") && (
        <Section inline title={t("Delete team")} description={t("Removes the team for every member. This cannot be undone.")}>
          <ConfirmButton label={t("Delete team")} question={t("Delete {team} for good?", { team: name })} confirmLabel={t("Yes, delete team")} onConfirm={remove} />
        </Section>
      )}
      <FormError text={failure} />
    </>
  );
}
