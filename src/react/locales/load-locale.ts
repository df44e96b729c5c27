import type { LocaleTable } from "./keys";

/**
 * The locales latchkey's pages speak: the official React package's 13, by the names its `lang` takes.
 * @example
 * <LatchkeyProvider app={app} lang="de-DE">…</LatchkeyProvider>
 */
export const LOCALES = ["en-US", "de-DE", "es-419", "es-ES", "fr-CA", "fr-FR", "it-IT", "ja-JP", "ko-KR", "pt-BR", "pt-PT", "zh-CN", "zh-TW"] as const;

/**
 * One of {@link LOCALES}: what the provider's `lang` takes.
 * @example
 * const lang: Locale = "ja-JP";
 */
export type Locale = (typeof LOCALES)[number];

// One import() per table, each written by bundlers to a file of its own: a page fetches only the table it shows.
const TABLES: Record<Exclude<Locale, "en-US">, () => Promise<{ default: LocaleTable }>> = {
  "de-DE": () => import("./de-DE"),
  "es-419": () => import("./es-419"),
  "es-ES": () => import("./es-ES"),
  "fr-CA": () => import("./fr-CA"),
  "fr-FR": () => import("./fr-FR"),
  "it-IT": () => import("./it-IT"),
  "ja-JP": () => import("./ja-JP"),
  "ko-KR": () => import("./ko-KR"),
  "pt-BR": () => import("./pt-BR"),
  "pt-PT": () => import("./pt-PT"),
  "zh-CN": () => import("./zh-CN"),
  "zh-TW": () => import("./zh-TW"),
};

/**
 * The table of `lang` (one of {@link LOCALES} but "en-US", the pages' own words), loaded; undefined for English
 * and, with a console warning, for a lang latchkey has no table for or whose table failed to load (the pages then
 * show English).
 * @internal
 * @example
 * const table = await loadLocale("de-DE"); // { "Sign In": "Anmelden", … }
 */
export async function loadLocale(lang: string): Promise<LocaleTable | undefined> {
  const load = Object.hasOwn(TABLES, lang) ? TABLES[lang as keyof typeof TABLES] : undefined;
  if (load) {
    return load().then(
      (table) => table.default,
      (error: unknown) => void console.warn(`latchkey: the words for lang="${lang}" did not load (${error}); the pages show English.`),
    );
  }
  if (lang !== "en-US") console.warn(`latchkey: no translations for lang="${lang}"; the pages show English. latchkey speaks ${LOCALES.join(", ")}.`);
  return undefined;
}

/** Each lang's table once loaded (`t`, undefined for a lang without one), or its load (`p`) while it runs. */
const tables = new Map<string, { t?: LocaleTable; p?: Promise<void> }>();

/**
 * The table of `lang` as a render reads it: {@link loadLocale}'s, loaded once per lang (so a lang without a table
 * warns once), thrown as a promise while it loads (the provider suspends).
 * @internal
 * @example
 * const table = tableOf("ja-JP"); // throws the load the first time, then { "Sign In": "サインイン", … }
 */
export function tableOf(lang: string): LocaleTable | undefined {
  let entry = tables.get(lang);
  if (!entry) {
    const loading: { t?: LocaleTable; p?: Promise<void> } = {};
    tables.set(lang, (entry = loading));
    loading.p = loadLocale(lang).then((table) => {
      loading.t = table;
      loading.p = undefined;
    });
  }
  if (entry.p) throw entry.p;
  return entry.t;
}

/** Where a localized table answers its locale, for the pages' dates (i18n.ts's useLang). */
const LANG = Symbol.for("latchkey.lang");
const NO_OVERRIDES = {};
// The words of each lang and overrides: one object each, so the provider hands its pages the same one every render.
const words = new Map<string, WeakMap<object, Readonly<Record<string, string>>>>();

/**
 * What the provider gives its pages for `lang`: `overrides` on top of the lang's table (see {@link tableOf}: it
 * suspends while the table loads), answering its locale under `Symbol.for("latchkey.lang")` when latchkey speaks it.
 * The same object for the same lang and overrides.
 * @internal
 * @example
 * localized("fr-FR", { "Sign In": "Entrer" })["Sign Up"]; // "S'inscrire"
 */
export function localized(lang: string, overrides?: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  const table: Readonly<Record<string, string>> | undefined = tableOf(lang);
  let byOverrides = words.get(lang);
  if (!byOverrides) words.set(lang, (byOverrides = new WeakMap()));
  let found = byOverrides.get(overrides ?? NO_OVERRIDES);
  if (!found) {
    const get = (_target: object, key: string | symbol) => (key === LANG ? (table ? lang : undefined) : typeof key === "string" ? (overrides?.[key] ?? table?.[key]) : undefined);
    byOverrides.set(overrides ?? NO_OVERRIDES, (found = new Proxy({}, { get }) as Readonly<Record<string, string>>));
  }
  return found;
}
