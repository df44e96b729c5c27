import { Suspense, useId, useRef, useState } from "react";
import { useFocusEffect } from "../ui/focus";
import { BaseStyles } from "../theme/base-styles";
import type { KeyboardEvent, ReactNode } from "react";
import { useApp, useUser } from "../provider";
import { useLang, useTranslation } from "../i18n";
import { describeError } from "../ui/errors";
import { UserAvatar } from "./user-avatar";

/**
 * One entry of the {@link UserButton}'s menu.
 * @example
 * const billing: UserButtonItem = { text: "Billing", icon: <CardIcon aria-hidden />, onClick: () => router.push("/billing") };
 */
export interface UserButtonItem {
  /** The entry's text (its accessible name; yours, so not translated). */
  text: string;
  /** An icon before the text (decorative: give your SVG `aria-hidden`). */
  icon?: ReactNode;
  /** What choosing it does; a rejection shows its message next to the button. */
  onClick: () => void | Promise<void>;
}

/**
 * Props of {@link UserButton}.
 * @example
 * const props: UserButtonProps = { showUserInfo: true, colorModeToggle: () => toggleDark() };
 */
export interface UserButtonProps {
  /** Shows the user's name and e-mail beside the avatar. */
  showUserInfo?: boolean;
  /** Adds a "Toggle theme" entry that calls this. */
  colorModeToggle?: () => void | Promise<void>;
  /** Your own entries, between "Account settings" and "Sign out" (signed in only). */
  extraItems?: UserButtonItem[];
  /**
   * A preview (as the official docs show one): the button shows this user (default name "Mock User", e-mail
   * "mock@example.com") instead of the signed-in one, and its "Account settings" and "Sign out" do nothing.
   */
  mockUser?: { displayName?: string; primaryEmail?: string; profileImageUrl?: string };
}

const icon = (d: string) => (
  <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
    <path d={d} />
  </svg>
);
const SETTINGS = "M12 12a4 4 0 100-8 4 4 0 000 8zM4 21a8 8 0 0116 0";
const SIGN_OUT = "M9 21H5a2 2 0 01-2-2V5a2 2 0 012-2h4M16 17l5-5-5-5M21 12H9";
const SIGN_IN = "M15 3h4a2 2 0 012 2v14a2 2 0 01-2 2h-4M10 17l5-5-5-5M15 12H3";
const SIGN_UP = "M15 20a6 6 0 00-12 0M9 11a4 4 0 100-8 4 4 0 000 8zM19 8v6M22 11h-6";
const THEME = "M12 3a9 9 0 100 18V3zM12 3a9 9 0 010 18";

/**
 * The account menu button of an app's header: the user's avatar (and, with `showUserInfo`, name and e-mail)
 * opening a menu with "Account settings", your `extraItems`, "Toggle theme" (with `colorModeToggle`) and
 * "Sign out"; signed out, "Sign in" and "Sign up". It follows the ARIA menu button pattern (Enter, Space or
 * ArrowDown open it, arrow keys, Home and End move, Escape closes it and returns to the button) and is named
 * for what it does: "Account menu for Ada Lovelace".
 *
 * @example
 * <header>
 *   <UserButton showUserInfo extraItems={[{ text: "Billing", icon: <CardIcon />, onClick: () => router.push("/billing") }]} />
 * </header>
 */
export function UserButton(props: UserButtonProps) {
  return (
    <Suspense fallback={<span className="lk-avatar" style={{ width: 34, height: 34 }} aria-hidden="true" />}>
      <AccountMenu {...props} />
    </Suspense>
  );
}

function AccountMenu({ showUserInfo, colorModeToggle, extraItems, mockUser: mock }: UserButtonProps) {
  const t = useTranslation();
  const lang = useLang();
  const app = useApp();
  const signedIn = useUser();
  const user = mock
    ? { displayName: mock.displayName || "Mock User", primaryEmail: mock.primaryEmail || "mock@example.com", profileImageUrl: mock.profileImageUrl, signOut: async () => {} }
    : signedIn;
  const id = useId();
  const wrap = useRef<HTMLSpanElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  // false, or the item to focus when the menu opens.
  const [open, setOpen] = useState<false | "first" | "last">(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const name = user && (user.displayName || user.primaryEmail);

  const toggle: UserButtonItem[] = colorModeToggle ? [{ text: t("Toggle theme"), icon: icon(THEME), onClick: colorModeToggle }] : [];
  const items: UserButtonItem[] = user
    ? [
        { text: t("Account settings"), icon: icon(SETTINGS), onClick: () => (mock ? undefined : app.redirectToAccountSettings()) },
        ...(extraItems ?? []),
        ...toggle,
        { text: t("Sign out"), icon: icon(SIGN_OUT), onClick: () => user.signOut() },
      ]
    : [
        { text: t("Sign in"), icon: icon(SIGN_IN), onClick: () => app.redirectToSignIn() },
        { text: t("Sign up"), icon: icon(SIGN_UP), onClick: () => app.redirectToSignUp() },
        ...toggle,
      ];

  const menuItems = () => [...(wrap.current?.querySelectorAll<HTMLElement>("[role=menuitem]") ?? [])];
  useFocusEffect(() => {
    if (!open) return;
    const all = menuItems();
    all[open === "first" ? 0 : all.length - 1]?.focus();
    // A press outside closes the menu (focus stays where the press put it).
    const outside = (event: Event) => !wrap.current?.contains(event.target as Node) && setOpen(false);
    const doc = wrap.current?.ownerDocument;
    doc?.addEventListener("pointerdown", outside);
    return () => doc?.removeEventListener("pointerdown", outside);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const choose = async (item: UserButtonItem) => {
    close();
    setBusy(true);
    try {
      await item.onClick();
    } catch (e) {
      const { text, values } = describeError(e);
      setError(t(text, values));
    } finally {
      setBusy(false);
    }
  };

  const onButtonKey = (event: KeyboardEvent) => {
    const target = { ArrowDown: "first", Enter: "first", " ": "first", ArrowUp: "last" }[event.key] as "first" | "last" | undefined;
    if (!target) return;
    event.preventDefault();
    setError(null);
    setOpen(target);
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const all = menuItems();
    const at = all.indexOf(event.target as HTMLElement);
    const key = event.key;
    const move = (to: number) => all[(to + all.length) % all.length]?.focus();
    if (key === "Escape") close();
    else if (key === "Tab") setOpen(false);
    else if (key === "ArrowDown") move(at + 1);
    else if (key === "ArrowUp") move(at - 1);
    else if (key === "Home") move(0);
    else if (key === "End") move(all.length - 1);
    else if ((key === "Enter" || key === " ") && at >= 0) void choose(items[at]);
    else if (key.length === 1) {
      // Type-ahead: the next item starting with the typed letter.
      const next = [...all.slice(at + 1), ...all.slice(0, at + 1)].find((el) => el.textContent?.trim().toLowerCase().startsWith(key.toLowerCase()));
      next?.focus();
      return;
    } else return;
    if (key !== "Tab") event.preventDefault();
  };

  // A button in the left half of the window opens its menu towards the right (else towards the left).
  const startsLeft = () => {
    const box = wrap.current?.getBoundingClientRect();
    return !!box && typeof window !== "undefined" && box.left + box.width / 2 < window.innerWidth / 2;
  };
  return (
    <span className="lk lk-menu-wrap" lang={lang} ref={wrap}>
      <BaseStyles />
      <button
        ref={button}
        type="button"
        id={id}
        className="lk-user-btn"
        aria-label={name ? t("Account menu for {name}", { name }) : t("Account menu")}
        aria-haspopup="menu"
        aria-expanded={!!open}
        aria-controls={open ? id + "m" : undefined}
        aria-busy={busy || undefined}
        onClick={() => {
          setError(null);
          setOpen(open ? false : "first");
        }}
        onKeyDown={onButtonKey}
      >
        <span aria-hidden="true" className="lk-row">
          <UserAvatar user={user} />
          {user && showUserInfo && <UserInfo name={user.displayName} email={user.primaryEmail} />}
        </span>
      </button>
      {open && (
        <div className={startsLeft() ? "lk-menu lk-menu-start" : "lk-menu"}>
          <div className="lk-menu-head">
            <UserAvatar user={user} />
            {user ? <UserInfo name={user.displayName} email={user.primaryEmail} /> : <span>{t("Not signed in")}</span>}
          </div>
          <div role="menu" id={id + "m"} aria-labelledby={id} onKeyDown={onMenuKey}>
            {items.map((item, i) => (
              <button key={i} type="button" role="menuitem" tabIndex={-1} onClick={() => void choose(item)}>
                {item.icon}
                {item.text}
              </button>
            ))}
          </div>
        </div>
      )}
      {error && (
        <span role="alert" className="lk-menu lk-error">
          {error}
        </span>
      )}
    </span>
  );
}

function UserInfo({ name, email }: { name: string | null; email: string | null }) {
  return (
    <span className="lk-user-info">
      {name && <span>{name}</span>}
      {email && <span className="lk-muted">{email}</span>}
    </span>
  );
}
