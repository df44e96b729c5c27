/**
 * @jest-environment ./test/support/jsdom-env.cjs
 * @jest-environment-options {"url": "http://localhost:3000/"}
 */
// Every page's visible words go through the translation table: each page, rendered with a table that marks every
// string it is asked for, shows no letter outside the marks except the data the test put there itself. And every
// text the pages asked the table for is in the key list every locale table is checked against
// (src/react/locales/keys.ts, test/react/locales.test.ts): so each page shows in every locale with no English left.
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import type { ReactElement } from "react";
import { AccountSettings, UserButton } from "../../src/react/index";
import { TRANSLATION_KEYS } from "../../src/react/locales/keys";
import { appFor, renderWithApp, signedUp, useEmulator } from "./helpers";
import { readyHeading, TRANSLATED_PAGES } from "./translated-pages";
import { askedKeys, expectAllTextTranslated, markedTranslations } from "./translation";

const emulator = useEmulator();

/** Renders `ui` with marked translations and waits until `ready` (a marked heading) shows. */
async function marked(ui: ReactElement, ready: RegExp, signedIn = false) {
  const { app } = appFor(emulator.current);
  const account = signedIn ? await signedUp(app) : null;
  if (account) await (await app.getUser({ or: "throw" })).update({ displayName: "Ada Lovelace" });
  const { container } = renderWithApp(app, ui, markedTranslations());
  await screen.findByRole("heading", { name: ready }, { timeout: 5000 });
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  return { app, container, email: account?.email ?? "" };
}

afterEach(cleanup);

test.each(TRANSLATED_PAGES)("%s", async (_name, ui, ready) => {
  const { container } = await marked(ui(), readyHeading(ready, (key) => key));
  expectAllTextTranslated(container, { allow: [/x/] });
});

test("AccountSettings, section by section, and the user menu", async () => {
  const { container, email } = await marked(
    <>
      <UserButton showUserInfo />
      <AccountSettings fullPage />
    </>,
    /Account Settings/,
    true,
  );
  // The user's data: e-mail, name, team name, initials (the team's icon in the side menu shows one letter), dates, IPs.
  const data = [email, "Ada Lovelace", `${email}'s Team`, email[0].toUpperCase(), /\b[A-Z][A-Z0-9]\b/, /\b\d{1,4}[-/.:]\d{1,2}([-/.:]\d{1,4})?\b/, /[A-Z][a-z]{2} \d{1,2}, \d{4}/, /\d+(\.\d+){3}/];
  expectAllTextTranslated(container, { allow: data });
  for (const section of [/Emails & Auth/, /Notifications/, /Active Sessions/, /Settings⟫$/, /Create a team/]) {
    fireEvent.click(screen.getByRole("button", { name: section }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expectAllTextTranslated(container, { allow: [...data, "Transactional", "Marketing"] }); // category names are the project's data
  }
  fireEvent.click(screen.getByRole("button", { name: /Account menu/ }));
  expectAllTextTranslated(container, { allow: data });
});

// Last in the file: after every page above asked for its words.
test("every text the pages asked for is a key of src/react/locales/keys.ts, which every locale table has", () => {
  expect(askedKeys.size).toBeGreaterThan(0);
  const keys = new Set<string>(TRANSLATION_KEYS);
  expect([...askedKeys].filter((key) => !keys.has(key))).toEqual([]);
});
