import { inlineTailwind } from "./email-tailwind";
import { tag } from "./tsx-html";

/**
 * The e-mail components a source may use, printed as the platform prints them: react-email's (the versions in
 * `@react-email/components` 1.0.6, which the platform's renderer installs) and the platform's own `<Subject>`,
 * `<NotificationCategory>` and `<ProjectLogo>`. Inside `<Tailwind>` their Tailwind classes become inline styles the
 * way react-email's `<Tailwind>` does it: for the components it treats as elements (Body, Button, Container, …)
 * before they render, for the others on the elements they print.
 */

/**
 * What rendering collects and needs: `<Subject>`/`<NotificationCategory>` values (template only), and whether the
 * node is inside `<Tailwind>` (its classes become inline styles).
 *
 * @example
 * const ctx: RenderContext = { captured: {}, collect: true };
 */
export interface RenderContext {
  captured: { Subject?: unknown[]; NotificationCategory?: unknown[] };
  collect: boolean;
  tailwind?: boolean;
}

type Props = Record<string, unknown>;
type Style = Record<string, unknown>;

/** The components react-email's `<Tailwind>` converts before they render (`componentsToTreatAsElements`). */
const TAILWIND_AS_ELEMENT = new Set(["Body", "Button", "CodeBlock", "CodeInline", "Container", "Heading", "Hr", "Img", "Link", "Preview", "Text"]);
const MARGINS = ["margin", "marginTop", "marginBottom", "marginRight", "marginLeft", "marginInline", "marginBlock", "marginBlockStart", "marginBlockEnd", "marginInlineStart", "marginInlineEnd"];
const TABLE = { border: 0, cellPadding: "0", cellSpacing: "0", role: "presentation" };

const styleOf = (v: unknown): Style | undefined => (v && typeof v === "object" && !Array.isArray(v) ? (v as Style) : undefined);

/**
 * An HTML element printed by a source or by a component `<Tailwind>` maps through: its classes become inline
 * styles inside `<Tailwind>`.
 *
 * @example
 * element("div", { className: "p-4" }, "Hi", { captured: {}, collect: false, tailwind: true }); // '<div style="padding:1rem">Hi</div>'
 */
export function element(name: string, props: Props, inner: string, ctx: RenderContext): string {
  return tag(name, ctx.tailwind ? inlineTailwind(props) : props, inner);
}

/** react-email's four-sides parsing (`parseMarginValue`, `parsePaddingValue`): `"1px 2px"` → top/right/bottom/left. */
function sides(value: unknown, p: "margin" | "padding"): Style {
  const [t, r, b, l] = [`${p}Top`, `${p}Right`, `${p}Bottom`, `${p}Left`];
  if (typeof value === "number") return { [t]: value, [b]: value, [l]: value, [r]: value };
  const v = typeof value === "string" ? value.trim().split(/\s+/) : [];
  if (v.length === 1) return { [t]: v[0], [b]: v[0], [l]: v[0], [r]: v[0] };
  if (v.length === 2) return { [t]: v[0], [r]: v[1], [b]: v[0], [l]: v[1] };
  if (v.length === 3) return { [t]: v[0], [r]: v[1], [b]: v[2], [l]: v[1] };
  if (v.length === 4) return { [t]: v[0], [r]: v[1], [b]: v[2], [l]: v[3] };
  return { [t]: undefined, [b]: undefined, [l]: undefined, [r]: undefined };
}

/** The four sides of a style's margin or padding, the shorthand and the longhands read in order. */
function sidesOf(style: Style, p: "margin" | "padding"): Style {
  let out: Style = { [`${p}Top`]: undefined, [`${p}Right`]: undefined, [`${p}Bottom`]: undefined, [`${p}Left`]: undefined };
  for (const [key, value] of Object.entries(style)) {
    if (key === p) out = sides(value, p);
    else if (Object.prototype.hasOwnProperty.call(out, key)) out[key] = value;
  }
  return out;
}

/** Button's `convertToPx`: px as is, em/rem × 16, % of 600. */
function px(value: unknown): number {
  if (!value) return 0;
  if (typeof value === "number") return value;
  const m = /^([\d.]+)(px|em|rem|%)$/.exec(String(value));
  if (!m) return 0;
  const n = Number.parseFloat(m[1]);
  return m[2] === "px" ? n : m[2] === "%" ? (n / 100) * 600 : n * 16;
}

const pxToPt = (v: unknown) => (typeof v === "number" && !Number.isNaN(v) ? (v * 3) / 4 : undefined);

/** Button's Outlook spacing: the fewest hair spaces (at most 5 wide each, in font-width units) that make `width`. */
function hairSpaces(width: number): [number, number] {
  if (width === 0) return [0, 0];
  // react-email counts up from 1 while a space would be wider than 5; start next to the answer (same result)
  let count = Number.isNaN(width) ? 1 : Math.max(1, Math.ceil(width / 10) - 1);
  // the platform would build a string this long too, and fail on it (or never finish counting)
  if (count > 1_000_000) throw new RangeError("Invalid string length");
  while (width / count / 2 > 5) count++;
  return [width / count / 2, count];
}

function button(props: Props, inner: string): string {
  const { children: _children, style, target = "_blank", ...rest } = props;
  const own = styleOf(style) ?? {};
  const padding = Object.fromEntries(Object.entries(sidesOf(own, "padding")).map(([k, v]) => [k, v ? px(v) : undefined]));
  const [top, right, bottom, left] = ["paddingTop", "paddingRight", "paddingBottom", "paddingLeft"].map((k) => padding[k] as number | undefined);
  const [leftWidth, leftCount] = hairSpaces(left ?? 0);
  const [rightWidth, rightCount] = hairSpaces(right ?? 0);
  const before = `<!--[if mso]><i style="mso-font-width:${leftWidth * 100}%;mso-text-raise:${pxToPt((top ?? 0) + (bottom ?? 0))}" hidden>${"&#8202;".repeat(leftCount)}</i><![endif]-->`;
  const after = `<!--[if mso]><i style="mso-font-width:${rightWidth * 100}%" hidden>${"&#8202;".repeat(rightCount)}&#8203;</i><![endif]-->`;
  const label = tag("span", { style: { maxWidth: "100%", display: "inline-block", lineHeight: "120%", msoPaddingAlt: "0px", msoTextRaise: pxToPt(bottom) } }, inner);
  const base = { lineHeight: "100%", textDecoration: "none", display: "inline-block", maxWidth: "100%", msoPaddingAlt: "0px" };
  const a = { ...rest, style: { ...base, ...own, paddingTop: top, paddingRight: right, paddingBottom: bottom, paddingLeft: left }, target };
  return tag("a", a, `<span>${before}</span>${label}<span>${after}</span>`);
}

function body(props: Props, inner: string): string {
  const { children: _children, style, ...rest } = props;
  const own = styleOf(style);
  const bodyStyle: Style = { background: own?.background, backgroundColor: own?.backgroundColor };
  if (style) for (const p of MARGINS) bodyStyle[p] = own?.[p] !== undefined ? 0 : undefined;
  const table = tag("table", { border: 0, width: "100%", cellPadding: "0", cellSpacing: "0", role: "presentation", align: "center" }, `<tbody><tr>${tag("td", { style }, inner)}</tr></tbody>`);
  return tag("body", { ...rest, style: bodyStyle }, table);
}

function text(props: Props, inner: string): string {
  const { children: _children, style, ...rest } = props;
  const own = styleOf(style) ?? {};
  const defaults: Style = {};
  if (own.marginTop === undefined) defaults.marginTop = "16px";
  if (own.marginBottom === undefined) defaults.marginBottom = "16px";
  return tag("p", { ...rest, style: { fontSize: "14px", lineHeight: "24px", ...own, ...sidesOf({ ...defaults, ...own }, "margin") } }, inner);
}

function heading(props: Props, inner: string): string {
  const { as, children: _children, style, m, mx, my, mt, mr, mb, ml, ...rest } = props;
  const margins: Style = {};
  const sets: [unknown, string[]][] = [[m, ["margin"]], [mx, ["marginLeft", "marginRight"]], [my, ["marginTop", "marginBottom"]], [mt, ["marginTop"]], [mr, ["marginRight"]], [mb, ["marginBottom"]], [ml, ["marginLeft"]]];
  for (const [v, keys] of sets) if (v !== undefined && !Number.isNaN(Number.parseFloat(String(v)))) for (const k of keys) margins[k] = `${v}px`;
  const name = typeof as === "string" && /^h[1-6]$/.test(as) ? as : "h1";
  return tag(name, { ...rest, style: { ...margins, ...styleOf(style) } }, inner);
}

function img(props: Props): string {
  const { alt, src, width, height, style, children: _children, ...rest } = props;
  return tag("img", { ...rest, alt, height, src, style: { display: "block", outline: "none", border: "none", textDecoration: "none", ...styleOf(style) }, width }, "");
}

/** `<ProjectLogo data mode>` as the platform's `@stackframe/emails` draws it: the full logo, else the small one. */
function projectLogo(props: Props, ctx: RenderContext): string {
  const data = (props.data ?? {}) as Props;
  const mode = props.mode ?? "light";
  if (mode !== "light" && mode !== "dark") return "";
  const full = mode === "dark" ? data.logoFullDarkModeUrl : data.logoFullUrl;
  const small = mode === "dark" ? data.logoDarkModeUrl : data.logoUrl;
  const logo = (src: unknown, alt: string, className: string) => img(ctx.tailwind ? inlineTailwind({ src, alt, className }) : { src, alt, className });
  if (full) return logo(full, "Full Logo", "h-16");
  if (small) return element("div", { className: "flex gap-2 items-center" }, logo(small, "Logo", "h-8"), ctx);
  return "";
}

/**
 * A component as HTML, or `undefined` for a name the emulator does not know (it then renders its children).
 *
 * @example
 * emailComponent("Hr", { className: "opacity-20" }, "", { captured: {}, collect: false, tailwind: true });
 * // '<hr style="width:100%;border:none;border-top:1px solid #eaeaea;opacity:20%"/>'
 */
export function emailComponent(name: string, raw: Props, inner: string, ctx: RenderContext): string | undefined {
  const props = ctx.tailwind && TAILWIND_AS_ELEMENT.has(name) ? inlineTailwind(raw) : raw;
  const { children: _children, ...all } = props;
  const { style, ...rest } = all;
  switch (name) {
    case "Subject":
    case "NotificationCategory":
      if (ctx.collect) (ctx.captured[name] ??= []).push(props.value);
      return "";
    case "ProjectLogo":
      return projectLogo(props, ctx);
    case "Html": {
      const { lang = "en", dir = "ltr", ...others } = all;
      return element("html", { ...others, dir, lang }, inner, ctx);
    }
    case "Head":
      return element("head", all, `<meta content="text/html; charset=UTF-8" http-equiv="Content-Type"/><meta name="x-apple-disable-message-reformatting"/>${inner}`, ctx);
    case "Body":
      return body(props, inner);
    case "Tailwind":
    case "Font":
      return inner;
    case "Container":
      return tag("table", { align: "center", width: "100%", ...rest, ...TABLE, style: { maxWidth: "37.5em", ...styleOf(style) } }, `<tbody><tr style="width:100%"><td>${inner}</td></tr></tbody>`);
    case "Section":
      return element("table", { align: "center", width: "100%", ...TABLE, ...rest, style }, `<tbody><tr><td>${inner}</td></tr></tbody>`, ctx);
    case "Row":
      return element("table", { align: "center", width: "100%", ...TABLE, ...rest, style }, `<tbody style="width:100%"><tr style="width:100%">${inner}</tr></tbody>`, ctx);
    case "Column":
      return element("td", { ...rest, "data-id": "__react-email-column", style }, inner, ctx);
    case "Text":
      return text(props, inner);
    case "Heading":
      return heading(props, inner);
    case "Button":
      return button(props, inner);
    case "Link": {
      const { target = "_blank", ...others } = rest;
      return tag("a", { ...others, style: { color: "#067df7", textDecorationLine: "none", ...styleOf(style) }, target }, inner);
    }
    case "Hr":
      return tag("hr", { ...rest, style: { width: "100%", border: "none", borderTop: "1px solid #eaeaea", ...styleOf(style) } }, "");
    case "Img":
      return img(props);
    case "Preview":
      return tag("div", { style: { display: "none", overflow: "hidden", lineHeight: "1px", opacity: 0, maxHeight: 0, maxWidth: 0 } }, inner);
    default:
      return undefined;
  }
}
