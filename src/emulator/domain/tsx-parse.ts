/**
 * A small parser for the JSX expressions of e-mail themes and templates: enough of JavaScript to read what the
 * platform's default sources (and sources like them) return — literals, template strings, property paths, `+`,
 * `!`, `&&`, `||`, `??`, comparisons, `? :`, object and array literals, parenthesized and nested JSX. Nothing is
 * executed; `tsx-render.ts` evaluates the tree against the render scope.
 */

/** A parsed expression. */
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

/** A JSX attribute: `name`, `name="…"`, `name={…}` or `{...spread}`. */
export type JsxAttr = { name: string; value: Expr } | { spread: Expr };

/** A JSX element, fragment, text or `{expression}` child. */
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

const BINARY: [string[], number][] = [
  [["??"], 1],
  [["||"], 2],
  [["&&"], 3],
  [["===", "!==", "==", "!="], 4],
  [["<=", ">=", "<", ">"], 5],
  [["+", "-"], 6],
  [["*", "/", "%"], 7],
];
const IDENT = /[A-Za-z_$][\w$]*/y;
const NUMBER = /(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/y;

/**
 * Parses expressions and JSX from `src`, starting at `pos`.
 *
 * @example
 * const p = new TsxParser("(<p>Hi {user.displayName}</p>)", 0);
 * const expr = p.expression();
 */
export class TsxParser {
  private readonly recovered: TsxSyntaxError[] = [];

  constructor(
    readonly src: string,
    public pos: number,
  ) {}

  private problem(message: string, at: number): TsxSyntaxError {
    const before = this.src.slice(0, at);
    const line = before.split("\n").length;
    return new TsxSyntaxError(message, line, at - (before.lastIndexOf("\n") + 1), [...this.recovered]);
  }

  /** Throws a `TsxSyntaxError` at the current (or given) position. */
  fail(message: string, at = this.pos): never {
    throw this.problem(message, at);
  }

  /** Skips whitespace and comments. */
  skip(): void {
    for (;;) {
      while (this.pos < this.src.length && /\s/.test(this.src[this.pos])) this.pos++;
      if (this.src.startsWith("//", this.pos)) {
        const end = this.src.indexOf("\n", this.pos);
        this.pos = end < 0 ? this.src.length : end;
      } else if (this.src.startsWith("/*", this.pos)) {
        const end = this.src.indexOf("*/", this.pos + 2);
        if (end < 0) this.fail("Expected \"*/\" but found end of file");
        this.pos = end + 2;
      } else return;
    }
  }

  /** Whether the next token is `s` (after whitespace); consumes it if so. */
  eat(s: string): boolean {
    this.skip();
    if (!this.src.startsWith(s, this.pos)) return false;
    if (/^[A-Za-z]/.test(s) && /[\w$]/.test(this.src[this.pos + s.length] ?? "")) return false;
    this.pos += s.length;
    return true;
  }

  /** Consumes `s` or fails. */
  expect(s: string): void {
    if (!this.eat(s)) this.fail(`Expected "${s}" but found ${this.describeNext()}`);
  }

  private describeNext(): string {
    this.skip();
    return this.pos >= this.src.length ? "end of file" : JSON.stringify(this.src.slice(this.pos, this.pos + 1));
  }

  /** An identifier, or `undefined` (nothing consumed). */
  ident(): string | undefined {
    this.skip();
    IDENT.lastIndex = this.pos;
    const m = IDENT.exec(this.src);
    if (!m) return undefined;
    this.pos += m[0].length;
    return m[0];
  }

  /** A full expression (`a ? b : c` and everything below it). */
  expression(): Expr {
    const c = this.binary(0);
    if (this.peekOp("?") && !this.peekOp("??") && !this.peekOp("?.")) {
      this.pos++;
      const t = this.expression();
      this.expect(":");
      return { k: "cond", c, t, f: this.expression() };
    }
    // TypeScript's `x as T` / `x satisfies T`: the type is read and dropped
    while (this.eat("as") || this.eat("satisfies")) this.typeAnnotation();
    return c;
  }

  private peekOp(op: string): boolean {
    this.skip();
    return this.src.startsWith(op, this.pos);
  }

  private binary(level: number): Expr {
    if (level >= BINARY.length) return this.unary();
    let l = this.binary(level + 1);
    for (;;) {
      this.skip();
      const op = BINARY[level][0].find((o) => this.src.startsWith(o, this.pos) && !(o.length === 1 && this.src[this.pos + 1] === "="));
      // `<` starts JSX rather than a comparison when a tag follows; `=>` is no operator
      if (!op || (op === "<" && /[A-Za-z>]/.test(this.src[this.pos + 1] ?? ""))) return l;
      this.pos += op.length;
      l = { k: "bin", op, l, r: this.binary(level + 1) };
    }
  }

  private unary(): Expr {
    if (this.eat("!")) return { k: "unary", op: "!", e: this.unary() };
    if (this.eat("typeof")) return { k: "unary", op: "typeof", e: this.unary() };
    if (this.peekOp("-") && !this.peekOp("--")) {
      this.pos++;
      return { k: "unary", op: "-", e: this.unary() };
    }
    return this.postfix(this.primary());
  }

  private postfix(e: Expr): Expr {
    for (;;) {
      if (this.eat("?.")) {
        e = this.peekOp("[") ? (this.pos++, this.index(e)) : { k: "member", obj: e, key: { k: "lit", v: this.identOrFail() } };
      } else if (this.peekOp(".") && !this.peekOp("...")) {
        this.pos++;
        e = { k: "member", obj: e, key: { k: "lit", v: this.identOrFail() } };
      } else if (this.eat("[")) e = this.index(e);
      else if (this.eat("(")) e = { k: "call", callee: e, args: this.list(")") };
      else if (this.peekOp("!") && !this.peekOp("!=")) this.pos++; // TypeScript's non-null assertion
      else return e;
    }
  }

  private index(obj: Expr): Expr {
    const key = this.expression();
    this.expect("]");
    return { k: "member", obj, key };
  }

  private identOrFail(): string {
    return this.ident() ?? this.fail(`Expected identifier but found ${this.describeNext()}`);
  }

  private list(close: string): Expr[] {
    const items: Expr[] = [];
    while (!this.eat(close)) {
      items.push(this.expression());
      if (!this.eat(",")) {
        this.expect(close);
        break;
      }
    }
    return items;
  }

  private primary(): Expr {
    this.skip();
    const ch = this.src[this.pos];
    if (ch === undefined) this.fail("Unexpected end of file");
    if (ch === '"' || ch === "'") return { k: "lit", v: this.stringLiteral() };
    if (ch === "`") return this.template();
    if (ch === "(") {
      const arrow = this.arrowFunction();
      if (arrow) return arrow;
      this.pos++;
      const e = this.expression();
      this.expect(")");
      return e;
    }
    if (ch === "<") return { k: "jsx", node: this.jsx() };
    if (ch === "{") return this.object();
    if (ch === "[") {
      this.pos++;
      return { k: "arr", items: this.list("]") };
    }
    NUMBER.lastIndex = this.pos;
    const num = NUMBER.exec(this.src);
    if (num && /[\d.]/.test(ch)) {
      this.pos += num[0].length;
      return { k: "lit", v: Number(num[0]) };
    }
    const name = this.ident();
    if (name === undefined) this.fail(`Unexpected ${JSON.stringify(ch)}`);
    if (name === "null") return { k: "lit", v: null };
    if (name === "undefined") return { k: "lit", v: undefined };
    if (name === "true" || name === "false") return { k: "lit", v: name === "true" };
    if (name === "new") return this.postfix({ k: "id", name: `new ${this.identOrFail()}` });
    if (this.peekOp("=>")) {
      this.pos += 2;
      return { k: "arrow", params: [name], body: this.arrowBody() };
    }
    return { k: "id", name };
  }

  /** `(a, b) => expression` at `pos`, or `undefined` (nothing consumed) when the parenthesis is no arrow function. */
  private arrowFunction(): Expr | undefined {
    const start = this.pos;
    this.pos++;
    const params: string[] = [];
    while (!this.eat(")")) {
      const name = this.ident();
      if (name === undefined) return void (this.pos = start);
      if (this.eat(":")) this.typeAnnotation();
      params.push(name);
      if (!this.eat(",") && !this.peekOp(")")) return void (this.pos = start);
    }
    if (this.eat(":")) this.typeAnnotation();
    if (!this.eat("=>")) return void (this.pos = start);
    return { k: "arrow", params, body: this.arrowBody() };
  }

  private arrowBody(): Expr {
    if (!this.peekOp("{")) return this.expression();
    // a block body: only `{ return expression; }` is read
    this.pos++;
    this.expect("return");
    const body = this.expression();
    this.eat(";");
    this.expect("}");
    return body;
  }

  /** A quoted string literal (the quote is at `pos`). */
  stringLiteral(): string {
    const quote = this.src[this.pos];
    let out = "";
    for (let i = this.pos + 1; i < this.src.length; i++) {
      const c = this.src[i];
      if (c === quote) {
        this.pos = i + 1;
        return out;
      }
      if (c === "\n") break;
      if (c === "\\") {
        const n = this.src[++i];
        out += n === "n" ? "\n" : n === "t" ? "\t" : n === "r" ? "\r" : n;
      } else out += c;
    }
    this.fail("Unterminated string literal");
  }

  private template(): Expr {
    const parts: (string | Expr)[] = [];
    let text = "";
    for (let i = this.pos + 1; i < this.src.length; i++) {
      const c = this.src[i];
      if (c === "`") {
        this.pos = i + 1;
        return { k: "tpl", parts: [...parts, text] };
      }
      if (c === "\\") text += this.src[++i] === "n" ? "\n" : this.src[i];
      else if (c === "$" && this.src[i + 1] === "{") {
        parts.push(text);
        text = "";
        this.pos = i + 2;
        parts.push(this.expression());
        this.expect("}");
        i = this.pos - 1;
      } else text += c;
    }
    this.fail("Unterminated template literal");
  }

  private object(): Expr {
    this.pos++;
    const entries: ([string, Expr] | { spread: Expr })[] = [];
    while (!this.eat("}")) {
      if (this.eat("...")) entries.push({ spread: this.expression() });
      else {
        this.skip();
        const q = this.src[this.pos];
        const key = q === '"' || q === "'" ? this.stringLiteral() : this.identOrFail();
        entries.push([key, this.eat(":") ? this.expression() : { k: "id", name: key }]);
      }
      if (!this.eat(",")) {
        this.expect("}");
        break;
      }
    }
    return { k: "obj", entries };
  }

  /** Reads and drops a TypeScript type (after `:`, `as` or `satisfies`), up to a delimiter at depth 0. */
  typeAnnotation(): void {
    let depth = 0;
    this.skip();
    for (; this.pos < this.src.length; this.pos++) {
      const c = this.src[this.pos];
      if ("([{<".includes(c)) depth++;
      else if (")]}>".includes(c)) {
        if (depth === 0) return;
        depth--;
      } else if (depth === 0 && (c === "," || c === ";" || c === "=" || c === "\n")) return;
    }
  }

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
