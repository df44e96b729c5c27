import { createContext, useCallback, useContext } from "react";

/**
 * Replacements for the words latchkey's React pages show, keyed by the English text as it appears (with
 * `{placeholders}` kept), as the official React package's `translationOverrides` are. They apply on top of the
 * provider's `lang`.
 *
 * @example
 * <LatchkeyProvider app={app} translationOverrides={{ "Sign in to your account": "Welcome back" }}>…</LatchkeyProvider>
 */
export type TranslationOverrides = Readonly<Record<string, string>>;

/**
 * @internal The words of the nearest provider: its overrides, or with a `lang`, its locale's table with the
 * overrides on top (see ./locales/load-locale.ts).
 */
export const TranslationContext = /* @__PURE__ */ createContext<TranslationOverrides | undefined>(undefined);

// The locale loader (./locales/load-locale) once here, or its load while it runs.
let locales: Promise<unknown> | { localized(lang: string, overrides?: TranslationOverrides): TranslationOverrides | undefined } | undefined;

/**
 * @internal The words of `lang` (not English) with `overrides` on top. The first call loads the locale loader with
 * import() (an English page loads nothing), and each lang's table loads once: until then it suspends, throwing the
 * load. A loader that cannot load (the network) leaves the pages in English.
 * @example
 * const words = localized("de-DE", overrides); // suspends once, then words["Sign In"] === "Anmelden"
 */
export function localized(lang: string, overrides?: TranslationOverrides): TranslationOverrides | undefined {
  locales ??= import("./locales/load-locale").then(
    (loader) => (locales = loader),
    () => (locales = { localized: (_lang, own) => own }),
  );
  if ("then" in locales) throw locales;
  return locales.localized(lang, overrides);
}

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
 * through it (the provider's `translationOverrides`, else its `lang`'s words, else the English text).
 * @example
 * const t = useTranslation();
 * return <h1>{t("Sign in to your account")}</h1>;
 */
export function useTranslation(): (text: string, values?: Record<string, string | number>) => string {
  const overrides = useContext(TranslationContext);
  return useCallback((text: string, values?: Record<string, string | number>) => translate(overrides, text, values), [overrides]);
}

/**
 * @internal The locale the nearest provider's pages write dates in: its `lang` when latchkey speaks it, else
 * undefined (the browser's, as for English). A localized table answers it under the symbol `latchkey.lang`.
 * @example
 * const lang = useLang();
 * date.toLocaleDateString(lang, { dateStyle: "medium" });
 */
export const useLang = (): string | undefined => (useContext(TranslationContext) as { [key: symbol]: string | undefined } | undefined)?.[Symbol.for("latchkey.lang")];
