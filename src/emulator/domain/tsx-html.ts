/**
 * HTML printed the way React's server renderer prints elements: attributes in prop order, `className` as `class`,
 * style objects as inline `style` (keys hyphenated, numbers in `px` but for unitless properties), void elements
 * self-closed, `dangerouslySetInnerHTML` as is.
 */

/**
 * Rendered HTML (a JSX value), kept apart from strings so it is not escaped again.
 *
 * @example
 * const children = new Markup("<p>Hi</p>");
 */
export class Markup {
  constructor(readonly html: string) {}
}

/**
 * A function value of a source (an arrow function): never printed as an attribute.
 *
 * @example
 * class Arrow extends SourceFunction {}
 */
export abstract class SourceFunction {}

/**
 * Text escaped for HTML content and attribute values, as React escapes it.
 *
 * @example
 * esc(`a "b" & <c>`); // "a &quot;b&quot; &amp; &lt;c&gt;"
 */
export const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);
const UNITLESS = new Set(["opacity", "zIndex", "fontWeight", "lineHeight", "flex", "flexGrow", "flexShrink", "order", "zoom"]);

/** React's `hyphenateStyleName`: `msoTextRaise` → `mso-text-raise`, `msTransform` → `-ms-transform`. */
const hyphenate = (key: string) => (key.startsWith("--") ? key : key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`).replace(/^ms-/, "-ms-"));

function css(style: unknown): string {
  if (!style || typeof style !== "object") return "";
  return Object.entries(style as Record<string, unknown>)
    .filter(([, v]) => v !== null && v !== undefined && v !== "" && typeof v !== "boolean")
    .map(([k, v]) => `${hyphenate(k)}:${typeof v === "number" && v !== 0 && !UNITLESS.has(k) ? `${v}px` : String(v).trim()}`)
    .join(";");
}

function attrsHtml(props: Record<string, unknown>): string {
  let out = "";
  for (const [name, v] of Object.entries(props)) {
    if (name === "children" || name === "key" || name === "ref" || name === "dangerouslySetInnerHTML" || name === "as") continue;
    if (v === null || v === undefined || v === false || typeof v === "function" || v instanceof SourceFunction) continue;
    const attr = name === "className" ? "class" : name === "htmlFor" ? "for" : name;
    const value = name === "style" ? css(v) : v === true ? "" : String(v);
    if (name === "style" && !value) continue;
    out += ` ${attr}="${esc(value)}"`;
  }
  return out;
}

/**
 * An HTML element as React prints it (void elements self-closed, `dangerouslySetInnerHTML` as is).
 *
 * @example
 * tag("a", { href: "https://x", className: "link" }, "Open"); // '<a href="https://x" class="link">Open</a>'
 */
export function tag(name: string, props: Record<string, unknown>, inner: string): string {
  if (VOID.has(name)) return `<${name}${attrsHtml(props)}/>`;
  const html = (props.dangerouslySetInnerHTML as { __html?: unknown } | undefined)?.__html;
  return `<${name}${attrsHtml(props)}>${html !== undefined ? String(html) : inner}</${name}>`;
}
