/**
 * Teams: the user's selected team with latchkey's `SelectedTeamSwitcher`, a form that creates a team, and the
 * selected team's members and pending invitations with a form to invite someone by e-mail. Renaming, leaving,
 * member permissions and revoking invitations live in account settings (linked).
 */
import { Suspense, useState } from "react";
import type { FormEvent } from "react";
import { SelectedTeamSwitcher, useApp, useUser } from "latchkey/react";
import type { TeamHooks } from "latchkey/react";
import type { Team } from "latchkey";
import { Page } from "../layout";

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

type Status = { ok: boolean; text: string } | null;

/** What a form's last submit did: announced politely when it worked, as an alert when it failed. */
function Outcome({ status }: { status: Status }) {
  if (!status) return null;
  return (
    <p role={status.ok ? "status" : "alert"} className={status.ok ? "ok" : "error"}>
      {status.text}
    </p>
  );
}

function CreateTeam() {
  const user = useUser({ or: "redirect" });
  const [name, setName] = useState("");
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const displayName = name.trim();
    if (!displayName) return setStatus({ ok: false, text: "Give the team a name." });
    setBusy(true);
    try {
      const team = await user.createTeam({ displayName });
      setName("");
      setStatus({ ok: true, text: `Created ${team.displayName}; it is now your selected team.` });
    } catch (error) {
      setStatus({ ok: false, text: message(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="inline-form" onSubmit={submit} aria-labelledby="create-team">
      <h2 id="create-team">Create a team</h2>
      <label htmlFor="team-name">Team name</label>
      <div className="row">
        <input id="team-name" value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" />
        <button className="button primary" type="submit" disabled={busy}>
          Create team
        </button>
      </div>
      <Outcome status={status} />
    </form>
  );
}

function Invite({ team }: { team: Team }) {
  const app = useApp();
  const [email, setEmail] = useState("");
  const [status, setStatus] = useState<Status>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const to = email.trim();
    try {
      await team.inviteUser({ email: to, callbackUrl: new URL(app.urls.teamInvitation, location.origin).href });
      setEmail("");
      setStatus({ ok: true, text: `Invitation sent to ${to}: it is in the emulator inbox.` });
    } catch (error) {
      setStatus({ ok: false, text: message(error) });
    }
  };
  return (
    <form className="inline-form" onSubmit={submit}>
      <label htmlFor="invite-email">E-mail address to invite</label>
      <div className="row">
        <input id="invite-email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="off" />
        <button className="button" type="submit">
          Send invitation
        </button>
      </div>
      <Outcome status={status} />
    </form>
  );
}

function Members({ team }: { team: Team & TeamHooks }) {
  const user = useUser({ or: "redirect" });
  const members = team.useUsers();
  const invitations = team.useInvitations();
  return (
    <>
      <h3 id="members">Members</h3>
      <ul className="people" aria-labelledby="members">
        {members.map((m) => (
          <li key={m.id}>
            {m.teamProfile.displayName ?? (m.id === user.id ? user.primaryEmail : null) ?? "Unnamed member"}
            {m.id === user.id && <span className="muted"> (you)</span>}
          </li>
        ))}
      </ul>
      <h3 id="invitations">Pending invitations</h3>
      {invitations.length ? (
        <ul className="people" aria-labelledby="invitations">
          {invitations.map((i) => (
            <li key={i.id}>
              {i.recipientEmail} <span className="muted">· expires {i.expiresAt.toLocaleDateString()}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No pending invitations.</p>
      )}
    </>
  );
}

function SelectedTeam() {
  const user = useUser({ or: "redirect" });
  const teams = user.useTeams();
  const selected = teams.find((t) => t.id === user.selectedTeam?.id);
  return (
    <section className="panel" aria-labelledby="selected-team">
      <h2 id="selected-team">Selected team</h2>
      <p className="muted">
        You are in {teams.length} {teams.length === 1 ? "team" : "teams"}. The switcher below is latchkey's <code>SelectedTeamSwitcher</code>: it
        sets <code>user.selectedTeam</code>, which your access token carries too.
      </p>
      <SelectedTeamSwitcher />
      {selected ? (
        <>
          <p className="current-team">
            Your selected team is <strong>{selected.displayName}</strong>.
          </p>
          <Suspense fallback={<p role="status">Loading members…</p>}>
            <Members team={selected} />
          </Suspense>
          <Invite team={selected} />
          <p>
            <a href={`/handler/account-settings#team-${selected.id}`}>Team settings for {selected.displayName}</a>{" "}
            <span className="muted">(rename, members' permissions, revoke invitations, leave).</span>
          </p>
        </>
      ) : (
        <p className="current-team">No team is selected.</p>
      )}
    </section>
  );
}

export function Teams() {
  return (
    <Page title="Teams">
      <h1>Teams</h1>
      <p className="lead">Teams group users; each user has a selected team. Everything here is latchkey's client API and hooks.</p>
      <Suspense fallback={<p role="status">Loading teams…</p>}>
        <SelectedTeam />
        <section className="panel">
          <CreateTeam />
        </section>
      </Suspense>
    </Page>
  );
}
