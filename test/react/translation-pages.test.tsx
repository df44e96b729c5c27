/**
 * @jest-environment ./test/support/jsdom-env.cjs
 * @jest-environment-options {"url": "http://localhost:3000/"}
 */
// Every page's visible words go through the translation table: each page, rendered with a table that marks every
// string it is asked for, shows no letter outside the marks except the data the test put there itself.
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import type { ReactElement } from "react";
import {
  AccountSettings,
  CliAuthConfirmation,
  EmailVerification,
  ErrorPage,
  ForgotPassword,
  LatchkeyHandler,
  MagicLinkCallback,
  MfaPage,
  Onboarding,
  PasswordReset,
  SignIn,
  SignUp,
  TeamInvitation,
  UserButton,
} from "../../src/react/index";
import { appFor, renderWithApp, signedUp, useEmulator } from "./helpers";
import { expectAllTextTranslated, markedTranslations } from "./translation";

const emulator = useEmulator();
const CODE = "a".repeat(45);

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

test.each<[string, () => ReactElement, RegExp]>([
  ["SignIn", () => <SignIn fullPage />, /Sign in to your account/],
  ["SignUp", () => <SignUp fullPage />, /Create a new account/],
  ["ForgotPassword", () => <ForgotPassword fullPage />, /Reset Your Password/],
  ["PasswordReset (a bad link)", () => <PasswordReset fullPage searchParams={{ code: CODE }} />, /Password Reset Link/],
  ["EmailVerification", () => <EmailVerification fullPage searchParams={{ code: CODE }} />, /./],
  ["MagicLinkCallback", () => <MagicLinkCallback fullPage searchParams={{ code: CODE }} />, /./],
  ["ErrorPage", () => <ErrorPage fullPage searchParams={{ errorCode: "OAUTH_PROVIDER_ACCESS_DENIED", message: "x" }} />, /./],
  ["TeamInvitation (signed out)", () => <TeamInvitation fullPage searchParams={{ code: CODE }} />, /./],
  ["MfaPage (no sign-in waiting)", () => <MfaPage />, /./],
  ["CliAuthConfirmation (signed out)", () => <CliAuthConfirmation fullPage />, /./],
  ["Onboarding (signed out)", () => <Onboarding fullPage />, /./],
  ["the handler's unknown page", () => <LatchkeyHandler location="/handler/nowhere" fullPage />, /Page does not exist/],
])("%s", async (_name, ui, ready) => {
  const { container } = await marked(ui(), ready);
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
  const data = [email, "Ada Lovelace", `${email}'s Team`, /\b[A-Z][A-Z0-9]\b/, /\b\d{1,4}[-/.:]\d{1,2}([-/.:]\d{1,4})?\b/, /[A-Z][a-z]{2} \d{1,2}, \d{4}/, /\d+(\.\d+){3}/];
  expectAllTextTranslated(container, { allow: data });
  for (const section of [/Emails & Auth/, /Notifications/, /Active Sessions/, /Settings⟫$/, /Create a team/]) {
    fireEvent.click(screen.getByRole("button", { name: section }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expectAllTextTranslated(container, { allow: [...data, "Transactional", "Marketing"] }); // category names are the project's data
  }
  fireEvent.click(screen.getByRole("button", { name: /Account menu/ }));
  expectAllTextTranslated(container, { allow: data });
});
