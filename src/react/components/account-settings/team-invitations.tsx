import { useState } from "react";
import type { SentTeamInvitation } from "../../../resources/teams/invitations";
import { useTranslation } from "../../i18n";
import { useProvidedApp } from "../../context";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/field";
import { useFormAction } from "../../ui/form";
import { InlineForm, ListItem } from "./section";
import type { SettingsTeam } from "./types";

/**
 * E-mails an invitation to join the team (needs `$invite_members`); the link opens the app's team-invitation page.
 * @internal
 * @example
 * <InviteMember team={team} />
 */
export function InviteMember({ team }: { team: SettingsTeam }) {
  const t = useTranslation();
  const app = useProvidedApp();
  const form = useFormAction();
  const [email, setEmail] = useState("");
  const [sent, setSent] = useState("");
  const submit = async () => {
    setSent("");
    const value = email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return form.setErrors({ form: t("Please enter a valid email address.") });
    if (await form.run(async () => (await team.inviteUser({ email: value, callbackUrl: app.urls.teamInvitation }), true))) {
      setEmail("");
      setSent(t("Invitation sent to {email}.", { email: value }));
    }
  };
  return (
    <InlineForm
      onSubmit={submit}
      field={<TextField label={t("Email")} type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} error={form.errors.email ?? form.errors.form} />}
      submit={t("Invite")}
      variant="secondary"
      loading={form.pending}
    >
      {sent && (
        <p role="status" className="lk-ok">
          {sent}
        </p>
      )}
    </InlineForm>
  );
}

function Invitation({ invitation, canRevoke }: { invitation: SentTeamInvitation; canRevoke: boolean }) {
  const t = useTranslation();
  const form = useFormAction();
  return (
    <ListItem
      name={invitation.recipientEmail}
      details={t("Expires {date}", { date: invitation.expiresAt.toLocaleDateString(undefined, { dateStyle: "medium" }) })}
      error={form.errors.form}
    >
      {canRevoke && (
        <Button variant="outline" loading={form.pending} onClick={() => form.run(() => invitation.revoke())}>
          {t("Revoke")}
        </Button>
      )}
    </ListItem>
  );
}

/**
 * The team's pending invitations, each with "Revoke" when the user has `$remove_members`.
 * @internal
 * @example
 * <PendingInvitations team={team} canRevoke={can("$remove_members")} />
 */
export function PendingInvitations({ team, canRevoke }: { team: SettingsTeam; canRevoke: boolean }) {
  const t = useTranslation();
  const invitations = team.useInvitations();
  if (!invitations.length) return <p className="lk-muted">{t("No pending invitations.")}</p>;
  return (
    <ul className="lk-list" aria-label={t("Pending invitations")}>
      {invitations.map((i) => (
        <Invitation key={i.id} invitation={i} canRevoke={canRevoke} />
      ))}
    </ul>
  );
}
