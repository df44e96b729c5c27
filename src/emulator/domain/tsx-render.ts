import { element, emailComponent, type RenderContext } from "./tsx-email-components";
import { esc, Markup, SourceFunction } from "./tsx-html";
import type { Expr, JsxAttr, JsxNode } from "./tsx-parse";

export { Markup } from "./tsx-html";
export type { RenderContext } from "./tsx-email-components";

/**
 * Evaluates parsed e-mail JSX against a scope and prints HTML the way React and the platform's e-mail components
 * do (elements as in `tsx-html.ts`, components as in `tsx-email-components.ts`, inside `<Tailwind>` with the
 * classes as inline styles). Nothing is executed: unknown names are `undefined`, unknown calls give `undefined`.
 */

/**
 * Template content handed to a theme as `children`: its HTML as rendered outside `<Tailwind>` and inside it (where
 * the platform's `<Tailwind>` turns its classes into inline styles). The theme's placement picks one.
 *
 * @example
 * const children = new SlotMarkup(plain, withInlineStyles);
 */
export class SlotMarkup extends Markup {
  constructor(
    html: string,
    readonly tailwindHtml: string,
  ) {
    super(html);
  }
}

/** An arrow function of the source (for `items.map((item) => <li>{item}</li>)`). */
class Arrow extends SourceFunction {
  constructor(
    readonly params: string[],
    readonly body: Expr,
    readonly scope: Scope,
  ) {
    super();
  }
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
 * A render-time failure of the source (like a JavaScript error thrown while the platform renders).
 *
 * @example
 * throw new SourceRuntimeError("Objects are not valid as a React child");
 */
export class SourceRuntimeError extends Error {}

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
function child(v: unknown, ctx: RenderContext): string {
  if (v === null || v === undefined || typeof v === "boolean") return "";
  if (v instanceof SlotMarkup && ctx.tailwind) return v.tailwindHtml;
  if (v instanceof Markup) return v.html;
  if (Array.isArray(v)) return v.map((x) => child(x, ctx)).join("");
  if (typeof v === "object") {
    throw new SourceRuntimeError(
      `Objects are not valid as a React child (found: object with keys {${Object.keys(v as object).join(", ")}}). If you meant to render a collection of children, use an array instead.`,
    );
  }
  return esc(String(v));
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
      return child(evaluate(node.e, scope, ctx), ctx);
    case "fragment":
      return node.children.map((c) => renderNode(c, scope, ctx)).join("");
    case "element": {
      const props = propsOf(node.attrs, scope, ctx);
      const outside = ctx.tailwind;
      if (node.name === "Tailwind") ctx.tailwind = true;
      let inner: string;
      try {
        inner = node.children.map((c) => renderNode(c, scope, ctx)).join("") || (props.children !== undefined ? child(props.children, ctx) : "");
      } finally {
        ctx.tailwind = outside;
      }
      if (/^[a-z]/.test(node.name)) return element(node.name, props, inner, ctx);
      // a component the emulator does not know renders its children, like a wrapper
      return emailComponent(node.name, props, inner, ctx) ?? inner;
    }
  }
}
