"use client";
/**
 * latchkey's React layer, client code: the provider, hooks, every auth page and its building blocks, and the
 * handler that routes `/handler/*` to the pages. The "use client" line above marks it for frameworks with server
 * components. `latchkey/react` (./index.ts) exports all of it beside the core's names.
 *
 * @example
 * import { LatchkeyProvider, LatchkeyHandler, useUser } from "latchkey/react";
 * @module
 */
export { LatchkeyProvider, LatchkeyProvider as StackProvider, LatchkeyProvider as HexclaveProvider } from "./provider";
export { useApp, useApp as useStackApp, useApp as useHexclaveApp, useUser } from "./provider";
export type { LatchkeyProviderProps, LatchkeyProviderProps as StackProviderProps } from "./provider";
export { LatchkeyTheme, LatchkeyTheme as StackTheme, LatchkeyTheme as HexclaveTheme } from "./theme/theme";
export type { LatchkeyThemeProps } from "./theme/theme";
export type { Theme, ThemeColors } from "./theme/tokens";
export { useTranslation } from "./i18n";
export type { TranslationOverrides } from "./i18n";
export type { Locale } from "./locales/load-locale";
export type { AppHooks, ServerAppHooks, AdminAppHooks, HooksOf } from "./hooks/app-hooks";
export type { UserHooks } from "./hooks/user-hooks";
export type { TeamHooks } from "./hooks/team-hooks";
export { AuthPage } from "./components/auth-page";
export type { AuthPageProps, AuthPageOptions } from "./components/auth-page";
export { SignIn } from "./components/sign-in";
export { SignUp } from "./components/sign-up";
export { CredentialSignIn } from "./components/credential-sign-in";
export { CredentialSignUp } from "./components/credential-sign-up";
export { MagicLinkSignIn } from "./components/magic-link-sign-in";
export { OAuthButton } from "./components/oauth-button";
export type { OAuthButtonProps } from "./components/oauth-button";
export { OAuthButtonGroup } from "./components/oauth-button-group";
export { PasskeyButton } from "./components/passkey-button";
export { ForgotPassword } from "./components/forgot-password";
export { PasswordReset } from "./components/password-reset";
export { MessageCard } from "./components/message-card";
export type { MessageCardProps } from "./components/message-card";
export { SignOut } from "./components/sign-out";
export type { SignOutProps } from "./components/sign-out";
export { EmailVerification } from "./components/email-verification";
export type { EmailVerificationProps } from "./components/email-verification";
export { OAuthCallback } from "./components/oauth-callback";
export type { OAuthCallbackProps } from "./components/oauth-callback";
export { MagicLinkCallback } from "./components/magic-link-callback";
export type { MagicLinkCallbackProps } from "./components/magic-link-callback";
export { ErrorPage } from "./components/error-page";
export type { ErrorPageProps } from "./components/error-page";
export { TeamInvitation } from "./components/team-invitation";
export type { TeamInvitationProps } from "./components/team-invitation";
export { MfaPage } from "./components/mfa-page";
export type { MfaPageProps } from "./components/mfa-page";
export { CliAuthConfirmation } from "./components/cli-auth-confirmation";
export type { CliAuthConfirmationProps } from "./components/cli-auth-confirmation";
export { useCliAuthConfirmation } from "./hooks/use-cli-auth-confirmation";
export type { CliAuthConfirmationState, CliAuthConfirmationStatus } from "./hooks/use-cli-auth-confirmation";
export { Onboarding } from "./components/onboarding";
export type { OnboardingProps } from "./components/onboarding";
export { LatchkeyHandler, LatchkeyHandler as StackHandler, LatchkeyHandler as HexclaveHandler } from "./handler";
export type { LatchkeyHandlerProps, LatchkeyHandlerProps as StackHandlerProps, HandlerComponentProps } from "./handler";
export { AccountSettings } from "./components/account-settings";
export type { AccountSettingsProps, AccountSettingsItem } from "./components/account-settings";
export { UserAvatar } from "./components/user-avatar";
export type { UserAvatarProps, AvatarUser } from "./components/user-avatar";
export { UserButton } from "./components/user-button";
export type { UserButtonProps, UserButtonItem } from "./components/user-button";
export { TeamSwitcher } from "./components/team-switcher";
export type { TeamSwitcherProps } from "./components/team-switcher";
export { SelectedTeamSwitcher } from "./components/selected-team-switcher";
export type { SelectedTeamSwitcherProps } from "./components/selected-team-switcher";
