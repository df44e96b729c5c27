import { known } from "../errors";

/**
 * The values a template or theme may read: `project.displayName`, `user.displayName`, `variables.<name>` and, in
 * themes, `unsubscribeLink`.
 *
 * @example
 * const scope: RenderScope = { project: { displayName: "Shop" }, user: { displayName: null }, variables: { otp: "ABC123" } };
 */
export interface RenderScope {
  project: { displayName: string };
  user: { displayName: string | null };
  variables: Record<string, unknown>;
  unsubscribeLink?: string;
}

/**
 * A rendered e-mail.
 *
 * @example
 * const { html, subject } = renderEmail({ templateSource, themeSource, scope });
 */
export interface RenderedEmail {
  html: string;
  text: string;
  subject: string | undefined;
  notificationCategory: string | undefined;
}

const TAGS: Record<string, string> = { Section: "div", Container: "div", Heading: "h2", Text: "p", Button: "a", Link: "a", Hr: "hr", Img: "img", Row: "div", Column: "div", Preview: "div" };
const DROPPED = new Set(["Html", "Head", "Tailwind", "Font"]);
const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Reads a `{…}` expression starting at `open` (string- and nesting-aware); returns its inner text and end index. */
function readBraces(src: string, open: number): { inner: string; end: number } {
  let depth = 0;
  let quote: string | null = null;
  for (let i = open; i < src.length; i++) {
    const ch = src[i];
    if (quote) {
      if (ch === "\\") i++;
      else if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'" || ch === "`") quote = ch;
    else if (ch === "{") depth++;
    else if (ch === "}" && --depth === 0) return { inner: src.slice(open + 1, i), end: i };
  }
  throw known("EMAIL_RENDERING_ERROR", { error: "Unbalanced braces in JSX expression" });
}

/**
 * Evaluates the small expression language of e-mail sources: string and template literals, `a + b`, and paths
 * (`project.displayName`, `user.displayName`, `variables.x`, `unsubscribeLink`). Anything else is the empty string.
 */
function evaluate(expr: string, scope: RenderScope): string {
  const parts: string[] = [];
  let current = "";
  let quote: string | null = null;
  for (let i = 0; i < expr.length; i++) {
    const ch = expr[i];
    if (quote) {
      current += ch;
      if (ch === "\\") current += expr[++i] ?? "";
      else if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'" || ch === "`") (quote = ch), (current += ch);
    else if (ch === "+") parts.push(current), (current = "");
    else current += ch;
  }
  parts.push(current);
  return parts.map((p) => term(p.trim(), scope)).join("");
}

function term(t: string, scope: RenderScope): string {
  if (/^(["']).*\1$/s.test(t)) return t.slice(1, -1).replace(/\\(.)/g, "$1");
  if (/^`.*`$/s.test(t)) return t.slice(1, -1).replace(/\$\{([^}]*)\}/g, (_, e: string) => evaluate(e, scope));
  const path = t.split(".");
  let value: unknown = scope;
  for (const key of path) value = value && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined;
  return value === undefined || value === null || typeof value === "object" ? "" : String(value);
}

/** The JSX returned by the exported component: from the first `<` after `return` to the component's last `>`. */
function jsxRegion(source: string, component: string): string {
  const exported = new RegExp(`export\\s+(default\\s+)?(function|const)\\s+${component}\\b|export\\s+default\\b`).exec(source);
  if (!exported) throw known("EMAIL_RENDERING_ERROR", { error: `The source must export a ${component} component` });
  const ret = source.indexOf("return", exported.index);
  const start = source.indexOf("<", ret < 0 ? exported.index : ret);
  if (start < 0) throw known("EMAIL_RENDERING_ERROR", { error: `${component} does not return any JSX` });
  const closing = /^\}/m.exec(source.slice(start));
  const bodyEnd = closing ? start + closing.index : source.length;
  return source.slice(start, source.lastIndexOf(">", bodyEnd) + 1);
}

/** Checks tag balance and nesting; throws `EMAIL_RENDERING_ERROR` naming the first problem. */
function assertBalanced(jsx: string): void {
  const stack: string[] = [];
  const tagRe = /<(\/?)([A-Za-z][\w.]*)?((?:\s+[^<>]*?)?)(\/?)>/g;
  for (const m of jsx.replace(/\{[^{}]*\}/g, "").matchAll(tagRe)) {
    const [, closing, name = "", , selfClosing] = m;
    if (selfClosing) continue;
    if (!closing) stack.push(name);
    else if (stack.pop() !== name) throw known("EMAIL_RENDERING_ERROR", { error: `Unexpected closing tag </${name}>` });
  }
  if (stack.length > 0) throw known("EMAIL_RENDERING_ERROR", { error: `Unclosed tag <${stack[stack.length - 1]}>` });
}

function toHtml(jsx: string, scope: RenderScope, children: string, captured: { subject?: string; category?: string }): string {
  let out = "";
  for (let i = 0; i < jsx.length; i++) {
    if (jsx[i] !== "{") {
      out += jsx[i];
      continue;
    }
    const { inner, end } = readBraces(jsx, i);
    const attr = /([\w-]+)=$/.exec(out);
    const value = inner.trim() === "children" ? children : evaluate(inner, scope);
    out += attr ? `"${esc(value)}"` : inner.trim() === "children" ? value : esc(value);
    i = end;
  }
  out = out.replace(/<Subject\s+value="([^"]*)"\s*\/>/g, (_, v: string) => ((captured.subject = unescape(v)), ""));
  out = out.replace(/<NotificationCategory\s+value="([^"]*)"\s*\/>/g, (_, v: string) => ((captured.category = unescape(v)), ""));
  return out
    .replace(/<\/?>/g, "")
    .replace(/<(\/?)([A-Z][\w.]*)/g, (_, slash: string, name: string) => (DROPPED.has(name) ? `<${slash}dropped` : `<${slash}${TAGS[name] ?? "div"}`))
    .replace(/<\/?dropped[^>]*>/g, "")
    .replace(/\sclassName=/g, " class=")
    .replace(/\s*\n\s*/g, " ")
    .replace(/>\s+</g, "><")
    .trim();
}

const unescape = (s: string) => s.replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

/**
 * Validates a template (`component = "EmailTemplate"`) or theme (`"EmailTheme"`) source. "Bad TSX" for the
 * emulator means: no exported component (named or default export), a component without returned JSX, unbalanced or
 * mis-nested tags, or unbalanced `{…}` expressions. Throws `EMAIL_RENDERING_ERROR` with `details.error`.
 *
 * @example
 * assertValidSource(body.tsx_source, "EmailTemplate");
 */
export function assertValidSource(source: string, component: "EmailTemplate" | "EmailTheme"): void {
  const jsx = jsxRegion(source, component);
  assertBalanced(jsx);
}

/**
 * Renders a template (or plain HTML content) inside a theme (or none). No code runs: the JSX is translated to HTML
 * with the small expression language described at `evaluate`; `<Subject value>` and `<NotificationCategory value>`
 * are captured. Errors are `EMAIL_RENDERING_ERROR`.
 *
 * @example
 * const r = renderEmail({ templateSource: tpl.tsxSource, themeSource: theme?.tsxSource ?? null, scope });
 */
export function renderEmail(o: { templateSource?: string; html?: string; themeSource: string | null; scope: RenderScope }): RenderedEmail {
  const captured: { subject?: string; category?: string } = {};
  let content = o.html ?? "";
  if (o.templateSource !== undefined) {
    const jsx = jsxRegion(o.templateSource, "EmailTemplate");
    assertBalanced(jsx);
    content = toHtml(jsx, o.scope, "", captured);
  }
  let html = content;
  if (o.themeSource) {
    const jsx = jsxRegion(o.themeSource, "EmailTheme");
    assertBalanced(jsx);
    html = toHtml(jsx, o.scope, content, {});
  }
  const text = html.replace(/<br\s*\/?>/g, "\n").replace(/<\/(p|div|h\d)>/g, "\n").replace(/<[^>]+>/g, "").replace(/\n{2,}/g, "\n").trim();
  return { html: `<!DOCTYPE html><html><body>${html}</body></html>`, text: unescape(text), subject: captured.subject, notificationCategory: captured.category };
}
