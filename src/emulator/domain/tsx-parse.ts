/**
 * A small parser for the JSX expressions of e-mail themes and templates: enough of JavaScript to read what the
 * platform's default sources (and sources like them) return — literals, template strings, property paths, `+`,
 * `!`, `&&`, `||`, `??`, comparisons, `? :`, object and array literals, parenthesized and nested JSX. Nothing is
 * executed; `tsx-render.ts` evaluates the tree against the render scope.
 */

import type { JsxAttr, JsxNode } from "./tsx-ast";
import { ExprParser } from "./tsx-expr-parser";

export { TsxSyntaxError, type Expr, type JsxAttr, type JsxNode } from "./tsx-ast";

/**
 * Parses expressions and JSX from `src`, starting at `pos`.
 *
 * @example
 * const p = new TsxParser("(<p>Hi {user.displayName}</p>)", 0);
 * const expr = p.expression();
 */
export class TsxParser extends ExprParser {
  /** A JSX element or fragment (the `<` is next). */
  jsx(): JsxNode {
    this.expect("<");
    if (this.eat(">")) return { t: "fragment", children: this.jsxChildren("") };
    const name = this.tagName();
    const attrs: JsxAttr[] = [];
    for (;;) {
      if (this.eat("/>")) return { t: "element", name, attrs, children: [] };
      if (this.eat(">")) return { t: "element", name, attrs, children: this.jsxChildren(name) };
      if (this.eat("{")) {
        this.expect("...");
        attrs.push({ spread: this.expression() });
        this.expect("}");
        continue;
      }
      const attr = this.tagName();
      if (!this.eat("=")) attrs.push({ name: attr, value: { k: "lit", v: true } });
      else if (this.eat("{")) {
        attrs.push({ name: attr, value: this.expression() });
        this.expect("}");
      } else {
        this.skip();
        if (this.src[this.pos] !== '"' && this.src[this.pos] !== "'") this.fail(`Expected "{" but found ${this.describeNext()}`);
        attrs.push({ name: attr, value: { k: "lit", v: this.jsxAttrString() } });
      }
    }
  }

  private jsxAttrString(): string {
    const quote = this.src[this.pos];
    const end = this.src.indexOf(quote, this.pos + 1);
    if (end < 0) this.fail("Unterminated string literal");
    const v = this.src.slice(this.pos + 1, end);
    this.pos = end + 1;
    return v;
  }

  private tagName(): string {
    this.skip();
    const m = /[A-Za-z_$][\w$.:-]*/y;
    m.lastIndex = this.pos;
    const found = m.exec(this.src);
    if (!found) this.fail(`Expected identifier but found ${this.describeNext()}`);
    this.pos += found[0].length;
    return found[0];
  }

  private jsxChildren(name: string): JsxNode[] {
    const children: JsxNode[] = [];
    let text = "";
    const flush = () => {
      const cleaned = cleanJsxText(text);
      if (cleaned) children.push({ t: "text", value: cleaned });
      text = "";
    };
    while (this.pos < this.src.length) {
      const c = this.src[this.pos];
      if (c === "<") {
        flush();
        if (this.src.startsWith("</", this.pos)) {
          this.pos += 2;
          const closing = this.src[this.pos] === ">" ? "" : this.tagName();
          if (closing !== name) this.fail(`Expected closing "${closing}" tag to match opening "${name}" tag`, this.pos - closing.length);
          this.expect(">");
          return children;
        }
        children.push(this.jsx());
      } else if (c === "{") {
        flush();
        this.pos++;
        this.skip();
        if (!this.eat("}")) {
          children.push({ t: "expr", e: this.expression() });
          this.expect("}");
        }
      } else if (c === "}" || c === ">") {
        // like the bundler: reported, then read on as text (a few are kept; the source may hold thousands)
        if (this.recovered.length < 10) this.recovered.push(this.problem(`The character "${c}" is not valid inside a JSX element`, this.pos));
        text += c;
        this.pos++;
      } else {
        text += c;
        this.pos++;
      }
    }
    return this.fail(name ? `Unexpected end of file before a closing "${name}" tag` : "Unexpected end of file before a closing fragment tag", this.src.length);
  }
}

/** JSX text as React sees it: lines trimmed where they meet a line break, blank lines dropped, joined by spaces. */
function cleanJsxText(raw: string): string {
  const lines = raw.split(/\r\n|\n|\r/);
  const kept: string[] = [];
  lines.forEach((line, i) => {
    let l = line.replace(/\t/g, " ");
    if (i > 0) l = l.replace(/^ +/, "");
    if (i < lines.length - 1) l = l.replace(/ +$/, "");
    if (l) kept.push(l);
  });
  return kept.join(" ");
}
