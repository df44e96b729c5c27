/**
 * Prop by prop: every component `@stackframe/react` and `@stackframe/stack` export (every export that is a function
 * returning a React element; the list is read from their typings, so a new official component is checked without
 * a change here) exists in latchkey/react and latchkey/next under the same name, and accepts every prop of the
 * official component, each with a type the official prop's type is assignable to. The pages `StackHandler`'s
 * `componentProps` reaches are checked the same way.
 *
 * Each check is a `never`-typed constant: `official-components.test.ts` expects this file to compile, and a gap shows
 * as an error naming `Component.prop`. Nothing here runs.
 */
import type { ReactElement } from "react";
import type * as OfficialReact from "@stackframe/react";
import type * as OfficialNext from "@stackframe/stack";
import type * as LatchkeyReact from "../../src/react/index";
import type * as LatchkeyNext from "../../src/next/index";

type Props<C> = C extends (props: infer P, ...rest: never[]) => unknown ? P : never;
/** The exports of a module that are components (functions returning a React element). */
type Components<M> = { [K in keyof M & string]: M[K] extends (...args: never[]) => ReactElement | null ? K : never }[keyof M & string];

/** `Component.prop` for each official prop latchkey's component lacks (`Component` when it lacks the component). */
type Missing<O, L> = {
  [K in Components<O>]: K extends keyof L ? `${K}.${Exclude<keyof Props<O[K]>, keyof Props<L[K]>> & string}` : K;
}[Components<O>];

/** `Component.prop` for each official prop whose type is not assignable to latchkey's prop of that name. */
type Incompatible<O, L> = {
  [K in Components<O>]: K extends keyof L
    ? { [P in keyof Props<O[K]> & string]-?: P extends keyof Props<L[K]> ? ([Props<O[K]>[P]] extends [Props<L[K]>[P]] ? never : `${K}.${P}`) : never }[keyof Props<O[K]> & string]
    : never;
}[Components<O>];

/**
 * Props typed with the official SDK's own classes (its app and `Team`), which no latchkey value is and no latchkey
 * prop can accept: a latchkey app passes latchkey's apps and teams, which `official-components-*.tsx` pass.
 */
type DomainTyped = "StackProvider.app" | "HexclaveProvider.app" | "SelectedTeamSwitcher.selectedTeam" | "SelectedTeamSwitcher.urlMap" | "SelectedTeamSwitcher.onChange" | "TeamSwitcher.team" | "TeamSwitcher.teams" | "TeamSwitcher.onChange";

export const missingInReact: never = null as unknown as Missing<typeof OfficialReact, typeof LatchkeyReact>;
export const missingInNext: never = null as unknown as Missing<typeof OfficialNext, typeof LatchkeyNext>;
export const incompatibleInReact: never = null as unknown as Exclude<Incompatible<typeof OfficialReact, typeof LatchkeyReact>, DomainTyped>;
export const incompatibleInNext: never = null as unknown as Exclude<Incompatible<typeof OfficialNext, typeof LatchkeyNext>, DomainTyped>;

// StackHandler's componentProps: a key per page, each with that page's props.
type Pages<H> = NonNullable<Props<H> extends { componentProps?: infer C } ? C : never>;
type PagesMissing<O, L> = { [K in keyof O & string]: K extends keyof L ? `${K}.${Exclude<keyof NonNullable<O[K]>, keyof NonNullable<L[K]>> & string}` : K }[keyof O & string];
type PagesIncompatible<O, L> = {
  [K in keyof O & string]: K extends keyof L
    ? { [P in keyof NonNullable<O[K]> & string]-?: P extends keyof NonNullable<L[K]> ? ([NonNullable<O[K]>[P]] extends [NonNullable<L[K]>[P]] ? never : `${K}.${P}`) : never }[keyof NonNullable<O[K]> & string]
    : never;
}[keyof O & string];
type OfficialPages = Pages<typeof OfficialReact.StackHandler>;
type LatchkeyPages = Pages<typeof LatchkeyReact.StackHandler>;
export const missingPageProps: never = null as unknown as PagesMissing<OfficialPages, LatchkeyPages>;
export const incompatiblePageProps: never = null as unknown as PagesIncompatible<OfficialPages, LatchkeyPages>;
export const missingNextPageProps: never = null as unknown as PagesMissing<Pages<typeof OfficialNext.StackHandler>, Pages<typeof LatchkeyNext.StackHandler>>;

// The lists above are not empty by construction: they name the official components (a guard against a `Components`
// that matched nothing, which would make every check pass).
type Expected = "StackHandler" | "StackProvider" | "StackTheme" | "SignIn" | "SignUp" | "AuthPage" | "UserButton" | "AccountSettings" | "SelectedTeamSwitcher" | "TeamSwitcher" | "CredentialSignIn" | "CredentialSignUp" | "MagicLinkSignIn" | "OAuthButton" | "OAuthButtonGroup" | "PasswordReset" | "ForgotPassword" | "EmailVerification" | "MessageCard" | "UserAvatar" | "CliAuthConfirmation";
export const everyExpectedComponentIsListed: never = null as unknown as Exclude<Expected, Components<typeof OfficialReact>>;
export const everyExpectedNextComponentIsListed: never = null as unknown as Exclude<Expected, Components<typeof OfficialNext>>;
export const everyPageIsListed: never = null as unknown as Exclude<"SignIn" | "SignUp" | "AccountSettings" | "MFA" | "TeamInvitation" | "PasswordReset", keyof OfficialPages>;
