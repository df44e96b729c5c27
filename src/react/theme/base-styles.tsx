import { version } from "react";
import { BASE_CSS } from "./styles";

// React 18's server renderer escapes a <style> element's text like any text (`>` becomes `&gt;`, `"` `&quot;`),
// which a browser does not decode inside <style>: every rule with a child combinator or a quoted font name was lost
// on server-rendered pages (Next.js 14). React 19 writes the text as is, and hoists the element only with text.
const escapesStyleText = Number(version.split(".")[0]) < 19;

/**
 * A `<style>` element holding `css` as written, on React 18's server renderer too. `hoisted` names the sheet
 * (`href`, `precedence`): React 19 puts it into `<head>` once, React 18 renders it in place.
 * @internal
 * @example
 * return styleElement(css, { nonce });
 */
export function styleElement(css: string, attributes: Record<string, string | undefined>, hoisted?: { href: string; precedence: string }) {
  const named = { ...attributes, ...hoisted } as Record<string, string | undefined>;
  if (escapesStyleText) return <style {...named} dangerouslySetInnerHTML={{ __html: css.replace(/<\//g, "<\\/") }} />;
  return <style {...named}>{css}</style>;
}

/**
 * latchkey's style sheet as a `<style>` element. Every page, the account menu, the avatar and the team switchers
 * render it, and so does `<LatchkeyTheme>` (for building blocks used on their own), so an app that only reads
 * the user with hooks downloads no CSS. React 19 hoists it into `<head>` once (`href` + `precedence`); React 18
 * renders it in place, where equal copies do no harm.
 * @internal
 * @example
 * return <><BaseStyles /><div className="lk">…</div></>;
 */
export function BaseStyles() {
  return styleElement(BASE_CSS, {}, { href: "latchkey-base", precedence: "latchkey" });
}
