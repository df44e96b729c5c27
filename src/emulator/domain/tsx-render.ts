import type { Expr, JsxAttr, JsxNode } from "./tsx-parse";

/**
 * Evaluates parsed e-mail JSX against a scope and prints HTML the way React and the platform's e-mail components
 * do (`class`, inline `style` from style objects, `<Html>`, `<Head>`, `<Container>`, `<Section>` as tables,
 * `<ProjectLogo>` from the project's logos). Nothing is executed: unknown names are `undefined`, unknown calls
 * give `undefined`.
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

/** An arrow function of the source (for `items.map((item) => <li>{item}</li>)`). */
class Arrow {
  constructor(
    readonly params: string[],
    readonly body: Expr,
    readonly scope: Scope,
  ) {}
  call(args: unknown[], ctx: RenderContext): unknown {
    const inner: Scope = { ...this.scope };
    this.params.forEach((p, i) => (inner[p] = args[i]));
    return evaluate(this.body, inner, ctx);
  }
}

/**
 * Names visible to an expression.
 *
 * @example
 * const scope: Scope = { user: { displayName: "Ada" } };
 */
export type Scope = Record<string, unknown>;

/**
 * What rendering collects and needs: `<Subject>`/`<NotificationCategory>` values (template only) and the project's
 * logos for `<ProjectLogo>`.
 *
 * @example
 * const ctx: RenderContext = { captured: {}, collect: true };
 */
export interface RenderContext {
  captured: { Subject?: unknown[]; NotificationCategory?: unknown[] };
  collect: boolean;
}

/**
 * A render-time failure of the source (like a JavaScript error thrown while the platform renders).
 *
 * @example
 * throw new SourceRuntimeError("Objects are not valid as a React child");
 */
export class SourceRuntimeError extends Error {}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);
const UNITLESS = new Set(["opacity", "zIndex", "fontWeight", "lineHeight", "flex", "flexGrow", "flexShrink", "order", "zoom"]);
const own = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

function get(obj: unknown, key: unknown): unknown {
  if (obj === null || obj === undefined) return undefined;
  const k = String(key);
  if (typeof obj === "string") return k === "length" ? obj.length : /^\d+$/.test(k) ? obj[Number(k)] : undefined;
  if (Array.isArray(obj)) return k === "length" ? obj.length : /^\d+$/.test(k) ? obj[Number(k)] : undefined;
  return typeof obj === "object" && own(obj, k) ? (obj as Record<string, unknown>)[k] : undefined;
}

function call(callee: Expr, args: unknown[], scope: Scope, ctx: RenderContext): unknown {
  if (callee.k === "id") {
    const fn = scope[callee.name];
    if (fn instanceof Arrow) return fn.call(args, ctx);
    if (callee.name === "String") return String(args[0] ?? "");
    if (callee.name === "Number") return Number(args[0]);
    if (callee.name === "Boolean") return Boolean(args[0]);
    return undefined;
  }
  if (callee.k !== "member") return undefined;
  if (callee.obj.k === "id" && callee.obj.name === "JSON" && callee.key.k === "lit" && callee.key.v === "stringify") return JSON.stringify(args[0]);
  const target = evaluate(callee.obj, scope, ctx);
  const method = String(evaluate(callee.key, scope, ctx));
  const fn = args[0] instanceof Arrow ? (x: unknown, i: number) => (args[0] as Arrow).call([x, i], ctx) : undefined;
  if (Array.isArray(target)) {
    if (method === "map" && fn) return target.map(fn);
    if (method === "filter" && fn) return target.filter(fn);
    if (method === "join") return target.map((x) => (x === null || x === undefined ? "" : String(x))).join(args[0] === undefined ? "," : String(args[0]));
    if (method === "slice") return target.slice(args[0] as number, args[1] as number);
    if (method === "includes") return target.includes(args[0]);
  }
  if (typeof target === "string") {
    if (method === "toUpperCase" || method === "toLowerCase" || method === "trim" || method === "toString") return target[method]();
    if (method === "slice") return target.slice(args[0] as number, args[1] as number);
    if (method === "includes" || method === "startsWith" || method === "endsWith") return target[method](String(args[0]));
  }
  if (typeof target === "number" && method === "toFixed") return target.toFixed(args[0] as number);
  return undefined;
}

/**
 * The value of an expression in a scope.
 *
 * @example
 * evaluate({ k: "id", name: "unsubscribeLink" }, { unsubscribeLink: "https://x" }, ctx); // "https://x"
 */
export function evaluate(e: Expr, scope: Scope, ctx: RenderContext): unknown {
  switch (e.k) {
    case "lit":
      return e.v;
    case "tpl":
      return e.parts.map((p) => (typeof p === "string" ? p : String(evaluate(p, scope, ctx)))).join("");
    case "id":
      return own(scope, e.name) ? scope[e.name] : undefined;
    case "member":
      return get(evaluate(e.obj, scope, ctx), evaluate(e.key, scope, ctx));
    case "call":
      return call(e.callee, e.args.map((a) => evaluate(a, scope, ctx)), scope, ctx);
    case "unary": {
      const v = evaluate(e.e, scope, ctx);
      return e.op === "!" ? !v : e.op === "-" ? -Number(v) : typeof v;
    }
    case "cond":
      return evaluate(e.c, scope, ctx) ? evaluate(e.t, scope, ctx) : evaluate(e.f, scope, ctx);
    case "bin":
      return binary(e.op, e.l, e.r, scope, ctx);
    case "obj": {
      const out: Record<string, unknown> = {};
      for (const entry of e.entries) {
        if (Array.isArray(entry)) out[entry[0]] = evaluate(entry[1], scope, ctx);
        else Object.assign(out, evaluate(entry.spread, scope, ctx));
      }
      return out;
    }
    case "arr":
      return e.items.map((x) => evaluate(x, scope, ctx));
    case "arrow":
      return new Arrow(e.params, e.body, scope);
    case "jsx":
      return new Markup(renderNode(e.node, scope, ctx));
  }
}

function binary(op: string, le: Expr, re: Expr, scope: Scope, ctx: RenderContext): unknown {
  const l = evaluate(le, scope, ctx);
  if (op === "&&") return l ? evaluate(re, scope, ctx) : l;
  if (op === "||") return l ? l : evaluate(re, scope, ctx);
  if (op === "??") return l ?? evaluate(re, scope, ctx);
  const r = evaluate(re, scope, ctx);
  const text = (v: unknown) => (v instanceof Markup ? "[object Object]" : String(v));
  switch (op) {
    case "+":
      return typeof l === "number" && typeof r === "number" ? l + r : text(l) + text(r);
    case "===":
    case "==":
      return l === r;
    case "!==":
    case "!=":
      return l !== r;
    case "-":
      return Number(l) - Number(r);
    case "*":
      return Number(l) * Number(r);
    case "/":
      return Number(l) / Number(r);
    case "%":
      return Number(l) % Number(r);
    default:
      return op === "<" ? Number(l) < Number(r) : op === ">" ? Number(l) > Number(r) : op === "<=" ? Number(l) <= Number(r) : Number(l) >= Number(r);
  }
}

/** A value as React prints a child: text escaped, `null`/booleans nothing, arrays in order, elements as HTML. */
function child(v: unknown): string {
  if (v === null || v === undefined || typeof v === "boolean") return "";
  if (v instanceof Markup) return v.html;
  if (Array.isArray(v)) return v.map(child).join("");
  if (typeof v === "object") {
    throw new SourceRuntimeError(
      `Objects are not valid as a React child (found: object with keys {${Object.keys(v as object).join(", ")}}). If you meant to render a collection of children, use an array instead.`,
    );
  }
  return esc(String(v));
}

function css(style: unknown): string {
  if (!style || typeof style !== "object") return "";
  return Object.entries(style as Record<string, unknown>)
    .filter(([, v]) => v !== null && v !== undefined && v !== "" && typeof v !== "boolean")
    .map(([k, v]) => `${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}:${typeof v === "number" && v !== 0 && !UNITLESS.has(k) ? `${v}px` : String(v)}`)
    .join(";");
}

/** Evaluated props of an element (spreads applied in order). */
function propsOf(attrs: JsxAttr[], scope: Scope, ctx: RenderContext): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const a of attrs) {
    if ("spread" in a) Object.assign(props, evaluate(a.spread, scope, ctx));
    else props[a.name] = evaluate(a.value, scope, ctx);
  }
  return props;
}

function attrsHtml(props: Record<string, unknown>): string {
  let out = "";
  for (const [name, v] of Object.entries(props)) {
    if (name === "children" || name === "key" || name === "ref" || name === "dangerouslySetInnerHTML" || name === "as") continue;
    if (v === null || v === undefined || v === false || typeof v === "function" || v instanceof Arrow) continue;
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

/** The table react-email prints for `<Container>` and `<Section>`. */
function table(props: Record<string, unknown>, inner: string, rowStyle: boolean): string {
  const attrs = { align: "center", width: "100%", border: "0", cellPadding: "0", cellSpacing: "0", role: "presentation", ...props };
  return tag("table", attrs, `<tbody><tr${rowStyle ? ' style="width:100%"' : ""}><td>${inner}</td></tr></tbody>`);
}

function projectLogo(props: Record<string, unknown>): string {
  const data = (props.data ?? {}) as Record<string, unknown>;
  const dark = (props.mode ?? "light") === "dark";
  const full = dark ? data.logoFullDarkModeUrl : data.logoFullUrl;
  const small = dark ? data.logoDarkModeUrl : data.logoUrl;
  if (typeof full === "string" && full) return tag("img", { src: full, alt: "Full Logo", className: "h-16" }, "");
  if (typeof small === "string" && small) return tag("div", { className: "flex gap-2 items-center" }, tag("img", { src: small, alt: "Logo", className: "h-8" }, ""));
  return "";
}

/** The e-mail components (react-email's and the platform's) as HTML; `undefined` for an unknown name. */
function component(name: string, props: Record<string, unknown>, inner: string, ctx: RenderContext): string | undefined {
  switch (name) {
    case "Subject":
    case "NotificationCategory":
      if (ctx.collect) (ctx.captured[name] ??= []).push(props.value);
      return "";
    case "ProjectLogo":
      return projectLogo(props);
    case "Html":
      return tag("html", { dir: "ltr", lang: "en", ...props }, inner);
    case "Head":
      return tag("head", props, `<meta content="text/html; charset=UTF-8" http-equiv="Content-Type"/><meta name="x-apple-disable-message-reformatting"/>${inner}`);
    case "Body":
      return tag("body", props, inner);
    case "Tailwind":
    case "Font":
      return inner;
    case "Container":
      return table({ ...props, style: { maxWidth: "37.5em", ...(props.style as object) } }, inner, true);
    case "Section":
      return table(props, inner, false);
    case "Row":
      return tag("table", { align: "center", width: "100%", border: "0", cellPadding: "0", cellSpacing: "0", role: "presentation", ...props }, `<tbody style="width:100%"><tr style="width:100%">${inner}</tr></tbody>`);
    case "Column":
      return tag("td", props, inner);
    case "Text":
      return tag("p", props, inner);
    case "Heading":
      return tag(typeof props.as === "string" && /^h[1-6]$/.test(props.as) ? props.as : "h1", props, inner);
    case "Button":
    case "Link":
      return tag("a", props, inner);
    case "Hr":
      return tag("hr", props, "");
    case "Img":
      return tag("img", props, "");
    case "Preview":
      return tag("div", { style: { display: "none", overflow: "hidden", lineHeight: "1px", opacity: 0, maxHeight: 0, maxWidth: 0 } }, inner);
    default:
      return undefined;
  }
}

/**
 * A JSX node as HTML.
 *
 * @example
 * renderNode(node, { user: { displayName: "Ada" } }, { captured: {}, collect: false });
 */
export function renderNode(node: JsxNode, scope: Scope, ctx: RenderContext): string {
  switch (node.t) {
    case "text":
      return esc(node.value);
    case "expr":
      return child(evaluate(node.e, scope, ctx));
    case "fragment":
      return node.children.map((c) => renderNode(c, scope, ctx)).join("");
    case "element": {
      const props = propsOf(node.attrs, scope, ctx);
      const inner = node.children.map((c) => renderNode(c, scope, ctx)).join("") || (props.children !== undefined ? child(props.children) : "");
      if (/^[a-z]/.test(node.name)) return tag(node.name, props, inner);
      // a component the emulator does not know renders its children, like a wrapper
      return component(node.name, props, inner, ctx) ?? inner;
    }
  }
}
