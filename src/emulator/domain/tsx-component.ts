import { TsxParser, type Expr } from "./tsx-parse";
import { evaluate, SourceRuntimeError, type RenderContext, type Scope } from "./tsx-render";

/**
 * Finds the exported component of an e-mail source (`EmailTheme`, `EmailTemplate`) and runs its body the way the
 * emulator can without executing code: `const` declarations, `throw new Error(…)` and the returned JSX.
 */

/**
 * A component found in a source: how its props are named and where its body starts.
 *
 * @example
 * const c = findComponent(source, "EmailTheme");
 */
export interface SourceComponent {
  source: string;
  /** `{ children, unsubscribeLink }` → the names with their defaults; `props` → one name for all props. */
  params: { names: [string, string, Expr | undefined][] } | { whole: string } | null;
  /** Index of the body: a `{` block, or the expression of an arrow function. */
  bodyAt: number;
  block: boolean;
}

/**
 * The named export `name` of a source, or `null` when the source does not export it. Syntax problems throw
 * `TsxSyntaxError`.
 *
 * @example
 * findComponent("export function EmailTheme({ children }) { return <div>{children}</div>; }", "EmailTheme");
 */
export function findComponent(source: string, name: string): SourceComponent | null {
  const fn = new RegExp(`(^|[^\\w$])export\\s+(?:async\\s+)?function\\s+${name}\\s*\\(`).exec(source);
  const constant = new RegExp(`(^|[^\\w$])export\\s+(?:const|let|var)\\s+${name}\\b`).exec(source);
  const listed = new RegExp(`(^|[^\\w$])export\\s*\\{[^}]*\\b${name}\\b[^}]*\\}`).test(source);
  if (fn) return fromFunction(source, fn.index + fn[0].length - 1);
  if (constant) return fromConstant(source, constant.index + constant[0].length);
  if (listed) {
    const local = new RegExp(`(^|[^\\w$])function\\s+${name}\\s*\\(`).exec(source);
    if (local) return fromFunction(source, local.index + local[0].length - 1);
    const localConst = new RegExp(`(^|[^\\w$])(?:const|let|var)\\s+${name}\\b`).exec(source);
    if (localConst) return fromConstant(source, localConst.index + localConst[0].length);
  }
  return null;
}

function params(p: TsxParser): SourceComponent["params"] {
  p.expect("(");
  if (p.eat(")")) return null;
  let out: SourceComponent["params"];
  if (p.eat("{")) {
    const names: [string, string, Expr | undefined][] = [];
    while (!p.eat("}")) {
      if (p.eat("...")) p.ident();
      else {
        const prop = p.ident() ?? p.fail(`Expected identifier`);
        const local = p.eat(":") ? (p.ident() ?? p.fail("Expected identifier")) : prop;
        names.push([prop, local, p.eat("=") ? p.expression() : undefined]);
      }
      if (!p.eat(",")) {
        p.expect("}");
        break;
      }
    }
    out = { names };
  } else out = { whole: p.ident() ?? p.fail("Expected identifier") };
  if (p.eat(":")) p.typeAnnotation();
  if (p.eat("=")) p.expression();
  p.expect(")");
  return out;
}

function fromFunction(source: string, open: number): SourceComponent {
  const p = new TsxParser(source, open);
  const ps = params(p);
  if (p.eat(":")) p.typeAnnotation();
  p.expect("{");
  return { source, params: ps, bodyAt: p.pos, block: true };
}

function fromConstant(source: string, at: number): SourceComponent {
  const p = new TsxParser(source, at);
  if (p.eat(":")) p.typeAnnotation();
  p.expect("=");
  p.skip();
  if (p.eat("function")) {
    p.ident();
    p.skip();
    return fromFunction(source, p.pos);
  }
  if (!source.startsWith("(", p.pos)) {
    // `export const EmailTheme = "not a function"`: rendering it fails in React
    return { source, params: null, bodyAt: -1, block: false };
  }
  const ps = params(p);
  if (p.eat(":")) p.typeAnnotation();
  p.expect("=>");
  p.skip();
  if (source[p.pos] === "{") return { source, params: ps, bodyAt: p.pos + 1, block: true };
  return { source, params: ps, bodyAt: p.pos, block: false };
}

/**
 * Runs a component with props: its value (JSX as `Markup`, or `null`/`undefined` when it returns nothing).
 * `throw new Error("…")` in the body becomes a `SourceRuntimeError` with that message.
 *
 * @example
 * const value = runComponent(findComponent(src, "EmailTheme")!, { children }, ctx);
 */
export function runComponent(c: SourceComponent, props: Record<string, unknown>, ctx: RenderContext): unknown {
  if (c.bodyAt < 0) throw new SourceRuntimeError("Element type is invalid: expected a string (for built-in components) or a class/function (for composite components) but got: string.");
  const scope: Scope = {};
  if (c.params && "whole" in c.params) scope[c.params.whole] = props;
  else if (c.params) for (const [prop, local, fallback] of c.params.names) scope[local] = props[prop] ?? (fallback ? evaluate(fallback, scope, ctx) : undefined);
  const p = new TsxParser(c.source, c.bodyAt);
  if (!c.block) return evaluate(p.expression(), scope, ctx);
  for (;;) {
    p.skip();
    if (p.pos >= c.source.length || p.eat("}")) return undefined;
    if (p.eat(";")) continue;
    if (p.eat("return")) {
      p.skip();
      if (c.source[p.pos] === ";" || c.source[p.pos] === "}") return undefined;
      return evaluate(p.expression(), scope, ctx);
    }
    if (p.eat("throw")) throw new SourceRuntimeError(thrownMessage(p, scope, ctx));
    if (p.eat("const") || p.eat("let") || p.eat("var")) {
      const name = p.ident() ?? p.fail("Expected identifier");
      if (p.eat(":")) p.typeAnnotation();
      p.expect("=");
      scope[name] = evaluate(p.expression(), scope, ctx);
      continue;
    }
    // any other statement is read as an expression and its value dropped
    p.expression();
  }
}

function thrownMessage(p: TsxParser, scope: Scope, ctx: RenderContext): string {
  const e = p.expression();
  if (e.k === "call" && e.callee.k === "id" && /^new \w*Error$/.test(e.callee.name)) return String(e.args[0] ? evaluate(e.args[0], scope, ctx) : "");
  return String(evaluate(e, scope, ctx));
}

/**
 * The value assigned to `Component.Property` in a source (`EmailTemplate.PreviewVariables = {…}`), or `undefined`.
 *
 * @example
 * staticProperty(source, "EmailTheme", "PreviewProps"); // { unsubscribeLink: "https://example.com" }
 */
export function staticProperty(source: string, component: string, property: string): unknown {
  const m = new RegExp(`(^|[^\\w$.])${component}\\.${property}\\s*=(?!=)`).exec(source);
  if (!m) return undefined;
  try {
    return evaluate(new TsxParser(source, m.index + m[0].length).expression(), {}, { captured: {}, collect: false });
  } catch {
    return undefined;
  }
}
