import { TAILWIND_CLASS_STYLES } from "./email-tailwind-classes";

/**
 * The platform's `<Tailwind>` step (react-email's, `@react-email/tailwind` 2.0.3 in `@react-email/components` 1.0.6,
 * Tailwind CSS 4): inside `<Tailwind>`, each element's Tailwind classes become inline styles (as mail clients need)
 * and leave `class`. The styles are what the platform's renderer gives: the named classes from a table made with it
 * (`email-tailwind-classes.ts`), spacing steps and arbitrary values by the rules below, checked against it in
 * test/emulator/email-tailwind.test.ts. A class the emulator does not know stays in `class`.
 */

type Style = Record<string, string>;

/** Spacing and sizing utilities: their properties, in the order the platform's renderer writes them. */
const BOX: Record<string, string[]> = {
  p: ["padding"],
  px: ["paddingRight", "paddingLeft"],
  py: ["paddingBottom", "paddingTop"],
  pt: ["paddingTop"],
  pr: ["paddingRight"],
  pb: ["paddingBottom"],
  pl: ["paddingLeft"],
  m: ["margin"],
  mx: ["marginRight", "marginLeft"],
  my: ["marginBottom", "marginTop"],
  mt: ["marginTop"],
  mr: ["marginRight"],
  mb: ["marginBottom"],
  ml: ["marginLeft"],
  gap: ["gap"],
  w: ["width"],
  h: ["height"],
  "max-w": ["maxWidth"],
  "min-h": ["minHeight"],
};
/** Arbitrary lengths of text utilities: `text-[20px]`, `rounded-[4px]`, `tracking-[0.15008px]`, `leading-[1.5]`. */
const TEXT_LENGTHS: Record<string, string> = { text: "fontSize", rounded: "borderRadius", tracking: "letterSpacing", leading: "lineHeight" };
/** Arbitrary colors: `bg-[#323232]`. */
const COLORS: Record<string, string> = { bg: "backgroundColor", text: "color", border: "borderColor" };

/** The utilities that take `full` (100%) and `auto`. */
const SIZES = new Set(["w", "h", "max-w", "min-h"]);
const AUTO = new Set(["m", "mx", "my", "mt", "mr", "mb", "ml", "w", "h"]);

const LENGTH = /^-?(?:\d+\.?\d*|\.\d+)(?:px|rem|em|%)$/;
const NUMBER = /^(?:\d+\.?\d*|\.\d+)$/;
const HEX = /^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

/** A hex color as the platform's renderer writes it: `rgb(r,g,b)`, with the alpha as a fourth number when not 1. */
function rgb(hex: string): string {
  const h = hex.slice(1);
  const long = h.length <= 4 ? [...h].map((c) => c + c).join("") : h;
  const [r, g, b, a] = [0, 2, 4, 6].map((i) => parseInt(long.slice(i, i + 2), 16));
  const alpha = Number.isNaN(a) ? 1 : a / 255;
  return `rgb(${r},${g},${b}${alpha === 1 ? "" : `,${alpha}`})`;
}

/** The value of a spacing step (`4` → `1rem`, multiples of a quarter rem), `auto`, `full` or an arbitrary length. */
function boxValue(prefix: string, value: string): string | undefined {
  const arbitrary = /^\[(.+)\]$/.exec(value)?.[1];
  if (arbitrary !== undefined) return LENGTH.test(arbitrary) ? arbitrary : undefined;
  if (value === "full") return SIZES.has(prefix) ? "100%" : undefined;
  if (value === "auto") return AUTO.has(prefix) ? "auto" : undefined;
  if (prefix === "max-w" || prefix === "min-h" || !/^\d+(?:\.5)?$/.test(value)) return undefined;
  return value === "0" ? "0px" : `${Number(value) * 0.25}rem`;
}

/**
 * The inline style the platform's renderer gives one Tailwind class, or `undefined` for a class it does not style
 * (or the emulator does not know).
 *
 * @example
 * tailwindStyle("bg-[#323232]"); // { backgroundColor: "rgb(50,50,50)" }
 * tailwindStyle("py-8"); // { paddingBottom: "2rem", paddingTop: "2rem" }
 * tailwindStyle("hero"); // undefined
 */
export function tailwindStyle(className: string): Style | undefined {
  if (Object.prototype.hasOwnProperty.call(TAILWIND_CLASS_STYLES, className)) return { ...TAILWIND_CLASS_STYLES[className] };
  const opacity = /^opacity-(\d+)$/.exec(className);
  if (opacity && Number(opacity[1]) <= 100) return { opacity: `${Number(opacity[1])}%` };
  const m = /^([a-z]+(?:-[a-z])?)-(.+)$/.exec(className);
  if (!m) return undefined;
  const [, prefix, value] = m;
  const arbitrary = /^\[(.+)\]$/.exec(value)?.[1];
  if (arbitrary !== undefined && HEX.test(arbitrary) && COLORS[prefix]) return { [COLORS[prefix]]: rgb(arbitrary) };
  if (arbitrary !== undefined && TEXT_LENGTHS[prefix]) {
    const ok = LENGTH.test(arbitrary) && (prefix !== "text" || !arbitrary.endsWith("%"));
    return ok || (prefix === "leading" && NUMBER.test(arbitrary)) ? { [TEXT_LENGTHS[prefix]]: arbitrary } : undefined;
  }
  const properties = BOX[prefix];
  const v = properties && boxValue(prefix, value);
  return v === undefined ? undefined : Object.fromEntries(properties.map((p) => [p, v]));
}

/**
 * An element's props after the platform's `<Tailwind>` step: the styles of its known classes, in class order, then
 * its own `style` (which wins); `className` keeps only the classes not turned into styles, and goes when none is left.
 *
 * @example
 * inlineTailwind({ className: "p-4 hero", style: { color: "red" } });
 * // { className: "hero", style: { padding: "1rem", color: "red" } }
 */
export function inlineTailwind(props: Record<string, unknown>): Record<string, unknown> {
  if (!props.className || typeof props.className !== "string") return props;
  const styles: Style = {};
  const residual: string[] = [];
  for (const c of props.className.trim().split(/\s+/)) {
    const style = tailwindStyle(c);
    if (style) Object.assign(styles, style);
    else residual.push(c);
  }
  const own = props.style && typeof props.style === "object" ? (props.style as Style) : {};
  return { ...props, style: { ...styles, ...own }, className: residual.length > 0 ? residual.join(" ") : undefined };
}
