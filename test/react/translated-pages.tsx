// The pages the translation tests render (translation-pages.test.tsx with marked overrides, translation-locales.test.tsx
// in every locale): each as a name, the element, and the key of the heading that says it is ready (null: any
// heading).
import type { ReactElement } from "react";
import {
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
} from "../../src/react/index";

const CODE = "a".repeat(45);

/** Name, page, and the key of the heading it shows when ready (null: any heading). */
export const TRANSLATED_PAGES: [name: string, page: () => ReactElement, ready: string | null][] = [
  ["SignIn", () => <SignIn fullPage />, "Sign in to your account"],
  ["SignUp", () => <SignUp fullPage />, "Create a new account"],
  ["ForgotPassword", () => <ForgotPassword fullPage />, "Reset Your Password"],
  ["PasswordReset (a bad link)", () => <PasswordReset fullPage searchParams={{ code: CODE }} />, "Invalid Password Reset Link"],
  ["EmailVerification", () => <EmailVerification fullPage searchParams={{ code: CODE }} />, null],
  ["MagicLinkCallback", () => <MagicLinkCallback fullPage searchParams={{ code: CODE }} />, null],
  ["ErrorPage", () => <ErrorPage fullPage searchParams={{ errorCode: "OAUTH_PROVIDER_ACCESS_DENIED", message: "x" }} />, null],
  ["TeamInvitation (signed out)", () => <TeamInvitation fullPage searchParams={{ code: CODE }} />, null],
  ["MfaPage (no sign-in waiting)", () => <MfaPage />, null],
  ["CliAuthConfirmation (signed out)", () => <CliAuthConfirmation fullPage />, null],
  ["Onboarding (signed out)", () => <Onboarding fullPage />, null],
  ["the handler's unknown page", () => <LatchkeyHandler location="/handler/nowhere" fullPage />, "Page does not exist"],
];

/** The heading name a page shows when ready, its `ready` key written by `say` (any name for null). */
export const readyHeading = (ready: string | null, say: (key: string) => string): RegExp =>
  ready === null ? /./ : new RegExp(say(ready).replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
