import { TsxSyntaxError, type Expr, type JsxNode } from "./tsx-ast";

/**
 * The expression half of the e-mail TSX parser: scanning, literals, operators, objects, arrays and arrow
 * functions. JSX is read by the subclass in `tsx-parse.ts`.
 */

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
 * Reads expressions from `src`, starting at `pos`; `jsx()` is supplied by `TsxParser`.
 *
 * @example
 * class Parser extends ExprParser { jsx(): JsxNode { return this.fail("no JSX here"); } }
 */
export abstract class ExprParser {
  /** Problems parsing went on past (reported with the final one). */
  protected readonly recovered: TsxSyntaxError[] = [];

  constructor(
    readonly src: string,
    public pos: number,
  ) {}

  protected problem(message: string, at: number): TsxSyntaxError {
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

  protected describeNext(): string {
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

  protected peekOp(op: string): boolean {
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
  abstract jsx(): JsxNode;
}
