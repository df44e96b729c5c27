import { BASE_CSS } from "./styles";

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
  const props = { href: "latchkey-base", precedence: "latchkey" } as Record<string, string>;
  return <style {...props}>{BASE_CSS}</style>;
}
