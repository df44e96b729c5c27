/**
 * @jest-environment ./test/support/jsdom-env.cjs
 * @jest-environment-options {"url": "http://localhost:3000/"}
 */
// The provider's `lang`: the pages show in the chosen locale from their first paint (the provider suspends while
// its words load), `translationOverrides` still win, dates follow the locale, an unknown lang shows English with one
// warning, and English (no lang, "en-US") loads no locale module at all.
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { Suspense } from "react";
import { AccountSettings, SignIn, SignUp, StackHandler, StackProvider } from "../../src/react/index";
import { StackHandler as NextStackHandler, StackProvider as NextStackProvider } from "../../src/next/index";
import { ClientApp } from "../../src/index";
import { NextClientProvider } from "../../src/next/client";
import { stackAppInternalsSymbol } from "../../src/compat/internals";
import { appFor, renderWithApp, signedUp, useEmulator } from "./helpers";

// Records whether the locale loader (the only way to a locale table) was ever loaded.
const mockLoaded: string[] = [];
jest.mock("../../src/react/locales/load-locale", () => {
  mockLoaded.push("load-locale");
  return jest.requireActual("../../src/react/locales/load-locale");
});

// One table that cannot load, as when the network drops its file.
jest.mock("../../src/react/locales/pt-PT", () => {
  throw new Error("offline");
});

const emulator = useEmulator();
afterEach(cleanup);

// First in the file: nothing has loaded a locale yet.
test("an English page (no lang, or lang=\"en-US\") loads no locale module", async () => {
  const { app } = appFor(emulator.current);
  renderWithApp(app, <SignIn />);
  // English pages leave the language to the document's.
  expect((await screen.findByRole("heading", { name: "Sign in to your account" })).closest("[lang]")).toBeNull();
  cleanup();
  renderWithApp(app, <SignUp />, undefined, "en-US");
  await screen.findByRole("heading", { name: "Create a new account" });
  expect(screen.getByRole("link", { name: "Sign in" })).toBeTruthy();
  expect(mockLoaded).toEqual([]);
});

test("lang=\"de-DE\": the sign-in page is German from its first paint, with no English in between", async () => {
  const { app } = appFor(emulator.current);
  const painted: string[] = [];
  const observer = new MutationObserver(() => painted.push(document.body.textContent ?? ""));
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  renderWithApp(app, <SignIn />, undefined, "de-DE");
  await screen.findByRole("heading", { name: "Bei Ihrem Konto anmelden" });
  observer.disconnect();
  expect(screen.getByRole("link", { name: "Registrieren" })).toBeTruthy();
  // The language a screen reader reads the page's words in: German, whatever the document's is.
  expect(screen.getByRole("heading", { name: "Bei Ihrem Konto anmelden" }).closest("[lang]")?.getAttribute("lang")).toBe("de-DE");
  expect(screen.getByRole("tab", { name: "E-Mail & Passwort" })).toBeTruthy();
  expect(screen.getByRole("button", { name: "Mit Passkey anmelden" })).toBeTruthy();
  expect(painted.filter((text) => /Sign in|Loading/.test(text))).toEqual([]);
  expect(mockLoaded).toEqual(["load-locale"]);
});

test("lang=\"ja-JP\" and lang=\"fr-FR\": the sign-up page and the handler's pages in those languages", async () => {
  const { app } = appFor(emulator.current);
  renderWithApp(app, <SignUp />, undefined, "ja-JP");
  await screen.findByRole("heading", { name: "新しいアカウントを作成" });
  expect(screen.getByRole("link", { name: "サインイン" })).toBeTruthy();
  cleanup();
  renderWithApp(app, <StackHandler location="/handler/nowhere" />, undefined, "fr-FR");
  await screen.findByRole("heading", { name: "Cette page n'existe pas" });
  expect(screen.getByRole("link", { name: "Retour à l'accueil" })).toBeTruthy();
});

test("translationOverrides apply on top of the locale's words", async () => {
  const { app } = appFor(emulator.current);
  renderWithApp(app, <SignIn />, { "Sign in to your account": "Willkommen zurück" }, "de-DE");
  await screen.findByRole("heading", { name: "Willkommen zurück" });
  expect(screen.getByRole("link", { name: "Registrieren" })).toBeTruthy();
});

test("an unknown lang shows English, with exactly one console warning per lang", async () => {
  const warn = jest.spyOn(console, "warn").mockImplementation(() => {});
  try {
    const { app } = appFor(emulator.current);
    for (const lang of ["xx-YY", "xx-YY", "de"]) {
      renderWithApp(app, <SignIn />, undefined, lang);
      await screen.findByRole("heading", { name: "Sign in to your account" });
      cleanup();
    }
    const warnings = warn.mock.calls.map((call) => String(call[0]));
    expect(warnings).toEqual([expect.stringContaining('lang="xx-YY"'), expect.stringContaining('lang="de"')]);
    expect(warnings[0]).toContain("de-DE, es-419");
  } finally {
    warn.mockRestore();
  }
});

test("latchkey/next's StackHandler with an app of its own keeps the language and overrides of the StackProvider around it", async () => {
  const { app } = appFor(emulator.current);
  render(
    <NextStackProvider app={app} lang="ja-JP" translationOverrides={{ "Go home": "トップへ" }}>
      <NextStackHandler app={app} location="/handler/nowhere" fullPage />
    </NextStackProvider>,
  );
  await screen.findByRole("heading", { name: "ページが存在しません" });
  expect(screen.getByRole("link", { name: "トップへ" })).toBeTruthy();
});

test("a table that cannot load leaves the page in English, with a warning", async () => {
  const warn = jest.spyOn(console, "warn").mockImplementation(() => {});
  try {
    const { app } = appFor(emulator.current);
    renderWithApp(app, <SignIn />, undefined, "pt-PT");
    await screen.findByRole("heading", { name: "Sign in to your account" });
    expect(warn.mock.calls.map((call) => String(call[0]))).toEqual([expect.stringMatching(/lang="pt-PT" did not load \(Error: offline\)/)]);
  } finally {
    warn.mockRestore();
  }
});

test("a server component's StackHandler with an app (its client provider, no lang) keeps the StackProvider's language", async () => {
  const { projectId, keys, url } = emulator.current;
  const app = new ClientApp({ projectId, publishableClientKey: keys.publishableClientKey, baseUrl: url, tokenStore: "memory" });
  const appJson = (app as unknown as { [stackAppInternalsSymbol]: { toClientJson(): never } })[stackAppInternalsSymbol].toClientJson();
  render(
    <NextClientProvider appJson={appJson} lang="de-DE">
      <NextClientProvider appJson={appJson}>
        <StackHandler location="/handler/nowhere" fullPage />
      </NextClientProvider>
    </NextClientProvider>,
  );
  await screen.findByRole("heading", { name: "Seite existiert nicht" });
});

test("changing lang shows the page in the new language; the old one stays until its words are here", async () => {
  const { app } = appFor(emulator.current);
  const page = (lang: string) => (
    <StackProvider app={app} lang={lang}>
      <Suspense fallback={<p role="status">Loading</p>}>
        <SignIn />
      </Suspense>
    </StackProvider>
  );
  const { rerender } = render(page("de-DE"));
  await screen.findByRole("heading", { name: "Bei Ihrem Konto anmelden" });
  rerender(page("fr-FR"));
  await screen.findByRole("heading", { name: "Connectez-vous à votre compte" });
  rerender(page("en-US"));
  expect(screen.getByRole("heading", { name: "Sign in to your account" })).toBeTruthy();
});

test("dates on the settings pages follow the locale", async () => {
  const { app } = appFor(emulator.current);
  await signedUp(app);
  renderWithApp(app, <AccountSettings />, undefined, "de-DE");
  expect((await screen.findByRole("heading", { name: "Kontoeinstellungen" })).closest("[lang]")?.getAttribute("lang")).toBe("de-DE");
  fireEvent.click(within(screen.getByRole("navigation", { name: "Kontoeinstellungen" })).getByRole("button", { name: "Aktive Sitzungen" }));
  const session = await screen.findByRole("group", { name: "Diese Sitzung" });
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  // German dates: "06.12.2025, 04:53" (day first, dots), never "Dec 6, 2025".
  expect(session.textContent).toMatch(/Angemeldet am \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/);
});
