/**
 * The syntax tree of e-mail TSX expressions and JSX (see `tsx-parse.ts`), and its syntax error.
 */

/**
 * A parsed expression.
 *
 * @example
 * const e: Expr = { k: "member", obj: { k: "id", name: "project" }, key: { k: "lit", v: "displayName" } };
 */
export type Expr =
  | { k: "lit"; v: string | number | boolean | null | undefined }
  | { k: "tpl"; parts: (string | Expr)[] }
  | { k: "id"; name: string }
  | { k: "member"; obj: Expr; key: Expr }
  | { k: "call"; callee: Expr; args: Expr[] }
  | { k: "unary"; op: "!" | "-" | "typeof"; e: Expr }
  | { k: "bin"; op: string; l: Expr; r: Expr }
  | { k: "cond"; c: Expr; t: Expr; f: Expr }
  | { k: "obj"; entries: ([string, Expr] | { spread: Expr })[] }
  | { k: "arr"; items: Expr[] }
  | { k: "arrow"; params: string[]; body: Expr }
  | { k: "jsx"; node: JsxNode };

/**
 * A JSX attribute: `name`, `name="…"`, `name={…}` or `{...spread}`.
 *
 * @example
 * const a: JsxAttr = { name: "href", value: { k: "id", name: "unsubscribeLink" } };
 */
export type JsxAttr = { name: string; value: Expr } | { spread: Expr };

/**
 * A JSX element, fragment, text or `{expression}` child.
 *
 * @example
 * const n: JsxNode = { t: "element", name: "p", attrs: [], children: [{ t: "text", value: "Hi" }] };
 */
export type JsxNode =
  | { t: "element"; name: string; attrs: JsxAttr[]; children: JsxNode[] }
  | { t: "fragment"; children: JsxNode[] }
  | { t: "text"; value: string }
  | { t: "expr"; e: Expr };

/**
 * A syntax problem at a position of the source (`line` from 1, `column` from 0, like the platform's bundler).
 *
 * @example
 * try { new TsxParser(src, 0).expression(); } catch (e) { if (e instanceof TsxSyntaxError) console.log(e.line, e.column); }
 */
export class TsxSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
    /** Problems found before this one that parsing went on past (like the bundler, which reports them all). */
    readonly earlier: readonly TsxSyntaxError[] = [],
  ) {
    super(message);
  }
}
