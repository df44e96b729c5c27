/**
 * The demo's frame: a nav bar on every page (the app's pages and latchkey's) with the demo's pages, a link to the
 * emulator's inbox, and either the user button or sign-in / sign-up links.
 */
import { Suspense, useEffect } from "react";
import type { ReactNode } from "react";
import { UserButton, useUser } from "latchkey/react";
import { config } from "./latchkey";
import { Link, usePath } from "./router";

/** The emulator's inbox, in a new tab (so the demo stays open beside it). */
export function InboxLink({ children = "Emulator inbox" }: { children?: ReactNode }) {
  return (
    <a href={config.inboxUrl} target="_blank" rel="noreferrer">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

function Account() {
  const user = useUser();
  const path = usePath();
  const current = (href: string) => (path.startsWith(href) ? "page" : undefined);
  if (user) {
    return (
      <span className="nav-auth">
        <UserButton />
      </span>
    );
  }
  return (
    <span className="nav-auth">
      <a href="/handler/sign-in" aria-current={current("/handler/sign-in")}>
        Sign in
      </a>
      <a className="button primary small" href="/handler/sign-up" aria-current={current("/handler/sign-up")}>
        Sign up
      </a>
    </span>
  );
}

function NavBar() {
  const inSettings = usePath().startsWith("/handler/account-settings");
  return (
    <header className="topbar">
      <nav aria-label="Main" className="nav">
        <Link href="/" className="brand">
          <span className="brand-mark" aria-hidden="true">
            ⌘
          </span>
          Latchkey demo
        </Link>
        <ul className="nav-links">
          <li>
            <Link href="/protected">Protected page</Link>
          </li>
          <li>
            <Link href="/teams">Teams</Link>
          </li>
          <li>
            <Link href="/server">Server check</Link>
          </li>
          <li>
            <a href="/handler/account-settings" aria-current={inSettings ? "page" : undefined}>
              Account settings
            </a>
          </li>
          <li>
            <InboxLink />
          </li>
        </ul>
        <Suspense fallback={<span className="nav-auth" />}>
          <Account />
        </Suspense>
      </nav>
    </header>
  );
}

/** One of the demo's own pages: the nav bar, then `children` in the main column, with `title` as the tab's title. */
export function Page({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Latchkey demo`;
  }, [title]);
  return (
    <>
      <NavBar />
      <main className="main">{children}</main>
    </>
  );
}

/** latchkey's pages (`/handler/*`, each its own `<main>`, centred: `fullPage`) under the demo's nav bar. */
export function HandlerFrame({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.title = "Latchkey demo";
  }, []);
  return (
    <div className="handler-frame">
      <NavBar />
      {children}
    </div>
  );
}
