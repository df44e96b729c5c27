/** The landing page: what the demo is, sign-in / sign-up, and a card per thing to try. */
import { useUser } from "latchkey/react";
import { InboxLink, Page } from "../layout";
import { Link } from "../router";

const TRIES = [
  { href: "/protected", link: "Open the protected page", text: "Reads the user with useUser({ or: \"redirect\" }): signed-out visitors are sent to sign in and brought back." },
  { href: "/teams", link: "Manage your teams", text: "Switch the selected team, create a team, see its members and invite people by e-mail." },
  { href: "/server", link: "Call the server route", text: "The demo's own server verifies your access token with ServerApp.verifyAccessToken and answers its claims." },
  { href: "/handler/account-settings", link: "Open account settings", text: "Profile, e-mails, password, passkeys, two-factor codes, sessions and API keys: latchkey's own pages." },
];

export function Home() {
  const user = useUser();
  return (
    <Page title="Home">
      <section className="hero">
        <h1>Sign-in for React, running on your machine</h1>
        <p className="lead">
          This small app is built on <code>latchkey</code> and <code>latchkey/react</code>, talking to the Stack Auth emulator that{" "}
          <code>npm run demo</code> started. Nothing leaves your computer: e-mails land in the emulator's inbox, and “Sign in with GitHub” or
          “Google” goes to the emulator's mock provider, where you type any name and e-mail.
        </p>
        {user ? (
          <p className="signed-in">
            <span>
              Signed in as <strong>{user.displayName ?? user.primaryEmail}</strong>.
            </span>
            <Link href="/protected" className="button primary">
              Go to the protected page
            </Link>
          </p>
        ) : (
          <p className="actions">
            <a className="button primary" href="/handler/sign-up">
              Sign up
            </a>
            <a className="button" href="/handler/sign-in">
              Sign in
            </a>
          </p>
        )}
      </section>
      <h2>Things to try</h2>
      <ul className="cards">
        {TRIES.map((t) => (
          <li key={t.href} className="card">
            {t.href.startsWith("/handler") ? <a href={t.href}>{t.link}</a> : <Link href={t.href}>{t.link}</Link>}
            <p>{t.text}</p>
          </li>
        ))}
        <li className="card">
          <InboxLink>Open the emulator inbox</InboxLink>
          <p>Verification, magic-link, password-reset and team-invitation e-mails appear there, with their links and codes.</p>
        </li>
      </ul>
    </Page>
  );
}
