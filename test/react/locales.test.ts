// The locale tables (src/react/locales/<lang>.ts) against the key list (src/react/locales/keys.ts, generated from the
// pages by scripts/gen-translation-keys.mjs): the list is up to date, and each table translates every key, and no
// other, keeping its placeholders. One locale's checks alone:
//
//   npx jest test/react/locales.test.ts -t ko-KR
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import * as path from "node:path";
import { TRANSLATION_KEYS } from "../../src/react/locales/keys";
import { LOCALES, loadLocale } from "../../src/react/locales/load-locale";

const ROOT = path.resolve(__dirname, "..", "..");
const LOCALES_DIR = path.join(ROOT, "src", "react", "locales");
const TRANSLATED = LOCALES.filter((lang) => lang !== "en-US");

/** What marks a text as not translated yet: empty, a to-do note, the translation test's marks. */
const MARKER = /^\s*$|TODO|FIXME|⟪|⟫/;
/** Keys a language may leave as they are (names, abbreviations, words most languages borrow). */
const MAY_STAY_ENGLISH = new Set(["Code", "Password", "IP {ip}", "Passkey", "Team", "Teams", "Description", "Notifications", "Sessions", "Email", "Emails", "Members", "Key"]);
/** Any of `words` as a word of its own (letters outside ASCII included). */
const anyWord = (...words: string[]) => new RegExp(`(?<!\\p{L})(${words.join("|")})(?!\\p{L})`, "iu");
/** Words of the familiar address, which the tables avoid (formal "Sie", "vous", "usted", "Lei"). */
const FAMILIAR: Partial<Record<(typeof LOCALES)[number], RegExp>> = {
  "de-DE": anyWord("du", "dich", "dir", "dein\\p{L}*", "euch", "euer", "eure\\p{L}*"),
  "fr-FR": anyWord("tu", "toi", "ton", "ta", "tes"),
  "fr-CA": anyWord("tu", "toi", "ton", "ta", "tes"),
  "es-ES": anyWord("tú", "tu", "tus", "ti", "contigo", "vosotros", "vuestr\\p{L}*"),
  "es-419": anyWord("tú", "tu", "tus", "ti", "contigo"),
  "it-IT": anyWord("tu", "tuo", "tua", "tuoi", "tue", "ti"),
};
const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();

test("src/react/locales/keys.ts lists every text the pages translate (scripts/gen-translation-keys.mjs --check)", () => {
  const run = spawnSync(process.execPath, [path.join(ROOT, "scripts", "gen-translation-keys.mjs"), "--check"], { encoding: "utf8" });
  expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: "" });
});

test("every locale but English has a table file, and every table file is a locale's", () => {
  const files = readdirSync(LOCALES_DIR).filter((f) => /^[a-z]{2}-[A-Z0-9]+\.ts$/.test(f));
  expect(files.sort()).toEqual(TRANSLATED.map((lang) => `${lang}.ts`).sort());
  expect(LOCALES).toHaveLength(13);
});

describe.each(TRANSLATED)("%s", (lang) => {
  let table: Readonly<Record<string, string>>;
  beforeAll(async () => {
    table = (await loadLocale(lang))!;
  });

  test("has every key and no other", () => {
    const keys = new Set<string>(TRANSLATION_KEYS);
    const missing = TRANSLATION_KEYS.filter((key) => !Object.hasOwn(table, key));
    const extra = Object.keys(table).filter((key) => !keys.has(key));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  test("translates every key: no value is empty, a marker, or the English text left as it was", () => {
    const untranslated = Object.entries(table).filter(([key, value]) => MARKER.test(value) || value !== value.trim() || (value === key && !MAY_STAY_ENGLISH.has(key)));
    expect(untranslated).toEqual([]);
  });

  test("keeps every {placeholder} of the key, and adds none", () => {
    const changed = Object.entries(table).filter(([key, value]) => placeholders(key).join() !== placeholders(value).join());
    expect(changed).toEqual([]);
  });

  test("addresses the reader politely", () => {
    const familiar = FAMILIAR[lang];
    expect(familiar ? Object.values(table).filter((value) => familiar.test(value)) : []).toEqual([]);
  });
});
