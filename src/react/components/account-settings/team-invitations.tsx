import type { SentTeamInvitation } from "../../../resources/teams/invitations";
import { useLang, useTranslation } from "../../i18n";
import { useProvidedApp } from "../../context";
import { Button } from "../../ui/button";
import { useFormAction } from "../../ui/form";
import { EmailAddressForm } from "./email-address-form";
import { ListItem } from "./section";
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
  return (
    <EmailAddressForm
      submit={t("Invite")}
      autoComplete="off"
      send={(email) => team.inviteUser({ email, callbackUrl: app.urls.teamInvitation })}
      done={(email) => t("Invitation sent to {email}.", { email })}
    />
  );
}

function Invitation({ invitation, canRevoke }: { invitation: SentTeamInvitation; canRevoke: boolean }) {
  const t = useTranslation();
  const lang = useLang();
  const form = useFormAction();
  return (
    <ListItem
      name={invitation.recipientEmail}
      details={t("Expires {date}", { date: invitation.expiresAt.toLocaleDateString(lang, { dateStyle: "medium" }) })}
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
