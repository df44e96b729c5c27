import { useId, useState } from "react";
import { BaseStyles } from "../theme/base-styles";
import type { ReactNode } from "react";
import { ArgumentError } from "../../errors/base";
import { useLang, useTranslation } from "../i18n";
import { describeError } from "../ui/errors";
import { useApp, useUser } from "../provider";
import { ApiKeysSection } from "./account-settings/api-keys-section";
import { AuthSection } from "./account-settings/auth-section";
import { Avatar } from "./account-settings/avatar";
import { Loading } from "./account-settings/loading";
import { previewUser } from "./account-settings/preview";
import type { AccountSettingsMocks } from "./account-settings/preview";
import { NAV_ICONS } from "./account-settings/nav-icons";
import { NotificationsSection } from "./account-settings/notifications-section";
import { ProfileSection } from "./account-settings/profile-section";
import { SessionsSection } from "./account-settings/sessions-section";
import { SettingsSection } from "./account-settings/settings-section";
import { TeamCreationSection } from "./account-settings/team-creation-section";
import { TeamSection } from "./account-settings/team-section";
import type { EndPage, SettingsTeam } from "./account-settings/types";

/**
 * An extra page of {@link AccountSettings}: its menu entry (`title`, and `icon` or the name of one of the built-in
 * icons as `iconName`) and what it shows (`content`).
 *
 * @example
 * const billing: AccountSettingsItem = { id: "billing", title: "Billing", iconName: "CreditCard", content: <Billing /> };
 */
export interface AccountSettingsItem {
  /** The menu entry's text and the page's heading. */
  title: string;
  /** The page. */
  content: ReactNode;
  /** A stable id, unique among the items. */
  id: string;
  /** An icon before the title. */
  icon?: ReactNode;
  /**
   * One of the built-in icons by its name in the official package's icon set: Contact, ShieldCheck, Bell,
   * Monitor, Key, Settings, CirclePlus, Users, Mail, User, Lock, CreditCard (other names show no icon).
   */
  iconName?: string;
}

/**
 * Props of {@link AccountSettings}: the official ones, the preview's mock data included (`mockUser`, `mockApiKeys`,
 * `mockProject`, `mockSessions`; see {@link AccountSettingsMocks}).
 *
 * @example
 * const props: AccountSettingsProps = { fullPage: true, extraItems: [billing] };
 */
export interface AccountSettingsProps extends AccountSettingsMocks {
  /** Fill the page (centred, with the page background) instead of sitting inside your layout. */
  fullPage?: boolean;
  /** More pages, listed after "Settings" in the side menu. */
  extraItems?: AccountSettingsItem[];
}

const BUILT_IN = ["profile", "auth", "notifications", "sessions", "api-keys", "settings", "team-creation"];

function checkItems(items: unknown): AccountSettingsItem[] {
  if (items === undefined) return [];
  if (!Array.isArray(items)) throw new ArgumentError("<AccountSettings extraItems> must be an array of { id, title, content }.");
  const seen = new Set<string>();
  for (const item of items) {
    if (!item || typeof item !== "object" || typeof item.id !== "string" || !item.id || typeof item.title !== "string" || !("content" in item)) {
      throw new ArgumentError("Each of <AccountSettings extraItems> needs a non-empty string id, a string title and content.");
    }
    if (seen.has(item.id) || BUILT_IN.includes(item.id) || item.id.startsWith("team-")) {
      throw new ArgumentError(`<AccountSettings extraItems> ids must be unique and not a built-in page's: ${JSON.stringify(item.id)}.`);
    }
    seen.add(item.id);
  }
  return items;
}

interface Page {
  id: string;
  title: string;
  icon?: ReactNode;
  content: ReactNode;
}

/**
 * The signed-in user's account settings (the `account-settings` handler page): a side menu with "My Profile",
 * "Emails & Auth", "Notifications", "Active Sessions", "API Keys" (when the project allows user API keys),
 * "Settings", your `extraItems`, then one page per team and "Create a team" (when the project allows it); the
 * selected page beside it (under it on narrow screens). Signed-out visitors are sent to sign-in. With `mockUser`
 * it is a preview that needs no sign-in and changes nothing (see {@link AccountSettingsMocks}).
 *
 * @example
 * <AccountSettings fullPage extraItems={[{ id: "billing", title: "Billing", iconName: "CreditCard", content: <Billing /> }]} />
 */
export function AccountSettings({ fullPage, extraItems, ...mocks }: AccountSettingsProps) {
  const extra = checkItems(extraItems);
  const t = useTranslation();
  // The page's words are in the provider's language, which may not be the document's: say so to screen readers.
  const lang = useLang();
  const [ending, setEnding] = useState<{ status: string; busy: boolean } | null>(null);
  const [failure, setFailure] = useState("");
  // Signing out or deleting the account unmounts every page first: their reads need the user.
  const end: EndPage = async (status, action) => {
    setEnding({ status, busy: true });
    setFailure("");
    try {
      await action();
      setEnding({ status: t("You are signed out."), busy: false });
    } catch (error) {
      const { text, values } = describeError(error);
      setFailure(t(text, values));
      setEnding(null);
    }
  };
  const body = ending ? (
    <p role="status" className="lk-row lk-muted">
      {ending.busy && <span className="lk-spinner" aria-hidden="true" />}
      {ending.status}
    </p>
  ) : (
    <Loading>
      {/* A preview's user has no hooks of its own: keyed apart, so that the pages' hooks never change order. */}
      <Settings key={mocks.mockUser ? "mock" : ""} extra={extra} end={end} failure={failure} mocks={mocks} />
    </Loading>
  );
  return (
    <>
      <BaseStyles />
      {fullPage ? <main className="lk lk-page" lang={lang}>{body}</main> : <div className="lk" lang={lang}>{body}</div>}
    </>
  );
}

function Settings({ extra, end, failure, mocks }: { extra: AccountSettingsItem[]; end: EndPage; failure: string; mocks: AccountSettingsMocks }) {
  const t = useTranslation();
  const app = useApp();
  const user = previewUser(useUser({ or: mocks.mockUser ? "return-null" : "redirect" }), mocks)!;
  const own = app.useProject();
  const mockConfig = mocks.mockProject?.config;
  const project = mockConfig ? { ...own, config: { ...own.config, ...mockConfig } } : own;
  const teams = user.useTeams() as SettingsTeam[]; // a client team's useUsers() gives TeamUser[]
  const [selected, setSelected] = useState("profile");
  const headingId = useId();
  const teamsId = useId();
  const config = project.config;
  const i = NAV_ICONS;
  const pages: Page[] = [
    { id: "profile", title: t("My Profile"), icon: i.Contact, content: <ProfileSection user={user} /> },
    { id: "auth", title: t("Emails & Auth"), icon: i.ShieldCheck, content: <AuthSection user={user} project={project} /> },
    { id: "notifications", title: t("Notifications"), icon: i.Bell, content: <NotificationsSection user={user} /> },
    { id: "sessions", title: t("Active Sessions"), icon: i.Monitor, content: <SessionsSection user={user} /> },
    ...(config.allowUserApiKeys ? [{ id: "api-keys", title: t("API Keys"), icon: i.Key, content: <ApiKeysSection user={user} /> }] : []),
    { id: "settings", title: t("Settings"), icon: i.Settings, content: <SettingsSection app={app} user={user} project={project} end={end} failure={failure} /> },
    ...extra.map((item) => ({ ...item, icon: item.icon ?? (item.iconName ? i[item.iconName] : undefined) })),
  ];
  const teamPages: Page[] = teams.map((team) => ({
    id: `team-${team.id}`,
    title: team.displayName,
    icon: <Avatar who={team} letters={1} size={20} />,
    content: <TeamSection user={user} team={team} project={project} />,
  }));
  if (config.clientTeamCreationEnabled) {
    const onCreated = (id: string) => setSelected(`team-${id}`);
    teamPages.push({ id: "team-creation", title: t("Create a team"), icon: i.CirclePlus, content: <TeamCreationSection user={user} onCreated={onCreated} /> });
  }
  const current = [...pages, ...teamPages].find((page) => page.id === selected) ?? pages[0];
  const entry = (page: Page) => (
    <li key={page.id}>
      <button type="button" aria-current={page === current ? "page" : undefined} onClick={() => setSelected(page.id)}>
        {page.icon}
        <span>{page.title}</span>
      </button>
    </li>
  );
  return (
    <div className="lk-settings">
      <div>
        <h1>{t("Account Settings")}</h1>
        <nav className="lk-nav" aria-label={t("Account settings")}>
          <ul>{pages.map(entry)}</ul>
          {teamPages.length > 0 && (
            <>
              <p className="lk-nav-label" id={teamsId}>
                {t("Teams")}
              </p>
              <ul aria-labelledby={teamsId}>{teamPages.map(entry)}</ul>
            </>
          )}
        </nav>
      </div>
      <section className="lk-stack lk-content" aria-labelledby={headingId}>
        <h2 id={headingId}>{current.title}</h2>
        <Loading key={current.id}>{current.content}</Loading>
      </section>
    </div>
  );
}
