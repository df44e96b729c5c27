/** The protected page: only signed-in users see it (`useUser({ or: "redirect" })`); it shows who they are. */
import { UserAvatar, useUser } from "latchkey/react";
import { InboxLink, Page } from "../layout";
import { Link } from "../router";

export function Protected() {
  const user = useUser({ or: "redirect" });
  const methods = [
    user.hasPassword && "password",
    user.passkeyAuthEnabled && "passkey",
    user.otpAuthEnabled && "magic link / code",
    ...user.oauthProviders.map((p) => p.id),
  ].filter(Boolean);
  return (
    <Page title="Protected page">
      <h1>Protected page</h1>
      <p className="lead">
        Only signed-in users see this page: <code>useUser({"{"} or: "redirect" {"}"})</code> sends everyone else to sign in, then back here.
      </p>
      <section className="panel" aria-labelledby="who">
        <div className="identity">
          <UserAvatar user={user} size={56} />
          <div>
            <h2 id="who">{user.displayName ?? "No name yet"}</h2>
            <p className="muted">{user.primaryEmail ?? "No e-mail address"}</p>
          </div>
        </div>
        <dl className="facts">
          <dt>E-mail</dt>
          <dd>
            {user.primaryEmail ?? "none"}{" "}
            <span className={user.primaryEmailVerified ? "badge ok" : "badge warn"}>{user.primaryEmailVerified ? "Verified" : "Not verified"}</span>
          </dd>
          <dt>User id</dt>
          <dd>
            <code>{user.id}</code>
          </dd>
          <dt>Signed up</dt>
          <dd>{user.signedUpAt.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })}</dd>
          <dt>Selected team</dt>
          <dd>{user.selectedTeam ? user.selectedTeam.displayName : "none"}</dd>
          <dt>Sign-in methods</dt>
          <dd>{methods.length ? methods.join(", ") : "none yet"}</dd>
        </dl>
        {!user.primaryEmailVerified && user.primaryEmail && (
          <p className="notice" role="note">
            Your e-mail address is not verified yet: open the <InboxLink /> and follow the link in the verification e-mail.
          </p>
        )}
      </section>
      <p className="next">
        Next: <Link href="/teams">your teams</Link>, the <Link href="/server">server check</Link> or{" "}
        <a href="/handler/account-settings">account settings</a>.
      </p>
    </Page>
  );
}
