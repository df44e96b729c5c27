import { createContext, useCallback, useContext } from "react";

/**
 * Replacements for the words latchkey's React pages show, keyed by the English text as it appears (with
 * `{placeholders}` kept), as the official React package's `translationOverrides` are.
 *
 * @example
 * <LatchkeyProvider app={app} translationOverrides={{ "Sign in to your account": "Welcome back" }}>…</LatchkeyProvider>
 */
export type TranslationOverrides = Readonly<Record<string, string>>;

/** @internal The overrides of the nearest provider. */
export const TranslationContext = /* @__PURE__ */ createContext<TranslationOverrides | undefined>(undefined);

/**
 * `text` in the app's words: its override if the provider has one, with each `{name}` replaced by `values[name]`.
 * @internal
 * @example
 * translate({}, "Password must be at least {min} characters", { min: 8 }); // "Password must be at least 8 characters"
 */
export function translate(overrides: TranslationOverrides | undefined, text: string, values?: Record<string, string | number>): string {
  const chosen = overrides?.[text] ?? text;
  return values ? chosen.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole)) : chosen;
}

/**
 * The translate function of the nearest `<LatchkeyProvider>`: every visible word of latchkey's pages goes
 * through it.
 * @example
 * const t = useTranslation();
 * return <h1>{t("Sign in to your account")}</h1>;
 */
export function useTranslation(): (text: string, values?: Record<string, string | number>) => string {
  const overrides = useContext(TranslationContext);
  return useCallback((text: string, values?: Record<string, string | number>) => translate(overrides, text, values), [overrides]);
}
