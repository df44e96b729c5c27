/**
 * @jest-environment ./test/support/jsdom-env.cjs
 * @jest-environment-options {"url": "http://localhost:3000/"}
 */
// Every page in every locale: rendered with the provider's `lang`, each locale's table loaded as in an app but with
// its words marked (test/react/translation.ts), every page and the account settings show no English word, only
// the locale's (and the data the test put there). A locale table that lacks a key the page shows fails here.
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import type { ReactElement } from "react";
import { AccountSettings, UserButton } from "../../src/react/index";
import { LOCALES, loadLocale } from "../../src/react/locales/load-locale";
import { appFor, renderWithApp, signedUp, useEmulator } from "./helpers";
import { readyHeading, TRANSLATED_PAGES } from "./translated-pages";
import { CLOSE, expectAllTextTranslated, OPEN } from "./translation";

// Each locale's words as the provider hands them to its pages, marked (one marked object per words object).
jest.mock("../../src/react/locales/load-locale", () => {
  const actual = jest.requireActual("../../src/react/locales/load-locale");
  const { markedWords } = jest.requireActual("./translation");
  const marked = new WeakMap<object, object>();
  return {
    ...actual,
    localized: (lang: string, overrides?: Readonly<Record<string, string>>) => {
      const words = actual.localized(lang, overrides);
      if (!marked.has(words)) marked.set(words, markedWords(words));
      return marked.get(words);
    },
  };
});

const emulator = useEmulator();
const TRANSLATED = LOCALES.filter((lang) => lang !== "en-US");
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Renders `ui` in `lang` and waits until the heading named by `table[ready]` shows. */
async function inLocale(lang: string, ui: ReactElement, ready: RegExp, signedIn = false) {
  const { app } = appFor(emulator.current);
  const account = signedIn ? await signedUp(app) : null;
  if (account) await (await app.getUser({ or: "throw" })).update({ displayName: "Ada Lovelace" });
  const { container } = renderWithApp(app, ui, undefined, lang);
  await screen.findByRole("heading", { name: ready }, { timeout: 5000 });
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  return { container, email: account?.email ?? "" };
}

/** The dates and times of the last few minutes as the settings pages write them in `lang`. */
function recentDates(lang: string): string[] {
  const minutes = Array.from({ length: 10 }, (_, i) => new Date(Date.now() - i * 60_000));
  return minutes.flatMap((d) => [d.toLocaleString(lang, { dateStyle: "medium", timeStyle: "short" }), d.toLocaleDateString(lang, { dateStyle: "medium" })]);
}

afterEach(cleanup);

/** The locale's table, its words marked as the pages show them. */
async function markedTableOf(lang: string): Promise<Readonly<Record<string, string>>> {
  const table: Readonly<Record<string, string>> = (await loadLocale(lang))!;
  return Object.fromEntries(Object.entries(table).map(([key, value]) => [key, OPEN + value + CLOSE]));
}

test.each(TRANSLATED)("%s: every page", async (lang) => {
  const table = await markedTableOf(lang);
  for (const [name, ui, ready] of TRANSLATED_PAGES) {
    const { container } = await inLocale(lang, ui(), readyHeading(ready, (key) => table[key]));
    try {
      expectAllTextTranslated(container, { allow: [/x/] });
    } catch (error) {
      throw new Error(`${name} in ${lang}: ${(error as Error).message}`);
    }
    cleanup();
  }
});

test.each(TRANSLATED)("%s: AccountSettings, section by section, and the user menu", async (lang) => {
  const table = await markedTableOf(lang);
  const { container, email } = await inLocale(
    lang,
    <>
      <UserButton showUserInfo />
      <AccountSettings fullPage />
    </>,
    new RegExp(escape(table["Account Settings"])),
    true,
  );
  // The user's data: e-mail, name, team name, initials (the team's icon in the side menu shows one letter), dates, IPs.
  const data = [email, "Ada Lovelace", `${email}'s Team`, email[0].toUpperCase(), /\b[A-Z][A-Z0-9]\b/, /\d+(\.\d+){3}/, ...recentDates(lang)];
  expectAllTextTranslated(container, { allow: data });
  for (const key of ["Emails & Auth", "Notifications", "Active Sessions", "Settings", "Create a team"]) {
    fireEvent.click(screen.getByRole("button", { name: new RegExp(`^${escape(table[key])}$`) }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expectAllTextTranslated(container, { allow: [...data, "Transactional", "Marketing"] }); // category names are the project's data
  }
  fireEvent.click(screen.getByRole("button", { name: new RegExp(escape(table["Account menu for {name}"].replace("{name}", "Ada Lovelace"))) }));
  expectAllTextTranslated(container, { allow: data });
  // Every word shown is marked as the locale's, so that a screen reader reads it in that language.
  const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
  const unmarked: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement!;
    if (node.textContent!.trim() && !parent.closest("style") && parent.closest("[lang]")?.getAttribute("lang") !== lang) unmarked.push(node.textContent!);
  }
  expect(unmarked).toEqual([]);
});
