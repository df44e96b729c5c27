// A check that every word a component shows goes through the translation table (`translationOverrides`).
//
// Usage, for any page or building block, in any state:
//
//   const { container } = renderWithApp(app, <SignIn />, markedTranslations());
//   await settled();                        // (drive the page to the state you want to check)
//   expectAllTextTranslated(container, { allow: [email, "Ada Lovelace"] });
//
// `markedTranslations()` is a `translationOverrides` table that has every key: it answers "⟪text⟫" for "text"
// (placeholders such as {name} are still filled in, inside the marks); `markedWords(words)` marks a locale's words
// the same way, for pages rendered with `lang`. `expectAllTextTranslated` then looks at
// every text node, and at the aria-label, aria-placeholder, aria-roledescription, aria-valuetext, placeholder,
// title and alt of every element of the container (style and script elements excepted), and fails listing each
// piece of text that is outside the marks. Pass the data you rendered yourself (user names, e-mails, initials,
// team names, dates) in `allow`, as strings or regular expressions; what remains after removing marked and
// allowed parts must have no letters or digits.
import type { TranslationOverrides } from "../../src/react/index";

/** Marks put around every translated text. */
export const OPEN = "⟪";
export const CLOSE = "⟫";

/** Every key a table of markedTranslations() was asked for in this test file (see translation-pages.test.tsx). */
export const askedKeys = new Set<string>();

/** A translation table with every key: "text" becomes "⟪text⟫". */
export function markedTranslations(): TranslationOverrides {
  return new Proxy({} as Record<string, string>, {
    get: (_target, key) => {
      if (typeof key !== "string") return undefined;
      askedKeys.add(key);
      return OPEN + key + CLOSE;
    },
    has: (_target, key) => typeof key === "string",
  });
}

/**
 * The words a provider with a `lang` gives its pages (the locale's table, overrides on top) with each of them marked
 * ("Anmelden" becomes "⟪Anmelden⟫"): what the table lacks shows unmarked, in English, and fails
 * `expectAllTextTranslated`. Symbol keys (the locale, for dates) pass through.
 */
export function markedWords(words: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  return new Proxy({} as Record<string, string>, {
    get: (_target, key) => {
      const value = (words as Record<string | symbol, string | undefined>)[key];
      return typeof key === "string" && value !== undefined ? OPEN + value + CLOSE : value;
    },
  });
}

const ATTRIBUTES = ["aria-label", "aria-placeholder", "aria-roledescription", "aria-valuetext", "placeholder", "title", "alt"];
const SKIPPED = new Set(["STYLE", "SCRIPT", "NOSCRIPT", "TEMPLATE"]);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The pieces of text in `root` that did not go through the translation table (see the file comment), each as
 * `"<where>: <text>"`.
 */
export function untranslatedText(root: Element, allow: readonly (string | RegExp)[] = []): string[] {
  // Longest first, so "Ada Lovelace" is removed before "Ada".
  const allowed = [...allow].sort((a, b) => String(b).length - String(a).length);
  const leftOver = (text: string) => {
    let rest = text.replace(new RegExp(`${OPEN}[^${CLOSE}]*${CLOSE}`, "g"), " ");
    for (const a of allowed) rest = rest.replace(typeof a === "string" ? new RegExp(escape(a), "g") : new RegExp(a.source, a.flags.includes("g") ? a.flags : a.flags + "g"), " ");
    return /[\p{L}\p{N}]/u.test(rest) ? text : null;
  };
  const found: string[] = [];
  const visit = (node: Node) => {
    if (node.nodeType === 3) {
      const bad = leftOver(node.textContent ?? "");
      if (bad !== null) found.push(`text in <${node.parentElement?.tagName.toLowerCase()}>: ${JSON.stringify(bad)}`);
      return;
    }
    if (node.nodeType !== 1 || SKIPPED.has((node as Element).tagName)) return;
    const element = node as Element;
    for (const name of ATTRIBUTES) {
      const value = element.getAttribute(name);
      const bad = value === null ? null : leftOver(value);
      if (bad !== null) found.push(`${name} of <${element.tagName.toLowerCase()}>: ${JSON.stringify(bad)}`);
    }
    node.childNodes.forEach(visit);
  };
  visit(root);
  return found;
}

/**
 * Fails when some text in `root` did not go through the translation table; render with
 * `translationOverrides={markedTranslations()}` first. `allow` lists the data you passed in yourself.
 */
export function expectAllTextTranslated(root: Element, options: { allow?: readonly (string | RegExp)[] } = {}) {
  expect(untranslatedText(root, options.allow)).toEqual([]);
  // Something must have been rendered through the table, or the check proved nothing.
  expect(root.textContent + ATTRIBUTES.map((a) => [...root.querySelectorAll(`[${a}]`)].map((e) => e.getAttribute(a)).join("")).join("")).toContain(OPEN);
}
