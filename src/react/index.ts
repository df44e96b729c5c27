/**
 * latchkey's React layer: the provider, hooks, every auth page and its building blocks, and the handler that
 * routes `/handler/*` to the pages. The official React package's names are exported too (`StackProvider`,
 * `StackHandler`, `StackTheme`, `useStackApp`), so an app switches by changing its imports.
 *
 * @example
 * import { LatchkeyProvider, LatchkeyHandler, useUser } from "latchkey/react";
 */
export { LatchkeyProvider, LatchkeyProvider as StackProvider, useApp, useApp as useStackApp, useUser } from "./provider";
export type { LatchkeyProviderProps, LatchkeyProviderProps as StackProviderProps } from "./provider";
export { LatchkeyTheme, LatchkeyTheme as StackTheme } from "./theme/theme";
export type { LatchkeyThemeProps } from "./theme/theme";
export type { Theme, ThemeColors } from "./theme/tokens";
export { useTranslation } from "./i18n";
export type { TranslationOverrides } from "./i18n";
export type { AppHooks } from "./hooks/app-hooks";
export type { UserHooks } from "./hooks/user-hooks";
export type { TeamHooks } from "./hooks/team-hooks";
export { AccountSettings } from "./components/account-settings";
export type { AccountSettingsProps, AccountSettingsItem } from "./components/account-settings";
