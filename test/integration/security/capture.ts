import { inspect } from "node:util";

/** Header names whose values are secrets (tokens and keys; the publishable key is public by design). */
const SECRET_HEADERS = ["x-stack-access-token", "x-stack-refresh-token", "x-stack-secret-server-key", "x-stack-super-secret-admin-key", "x-stack-admin-access-token", "authorization", "x-stack-auth"];
/** JSON fields of request and response bodies whose values are secrets. */
const SECRET_FIELDS = /^(password|old_password|new_password|access_token|refresh_token|secret_server_key|super_secret_admin_key|code_verifier|totp|anon_refresh_token)$/;

/**
 * Captures what could leak a secret during a test: every URL the SDK fetches, everything written to the console and
 * every error the SDK throws or returns. It also learns the secrets themselves from the traffic (token and key
 * headers, password and token fields of request and response bodies) plus any value added with `secret()`.
 */
export class LeakCapture {
  readonly secrets = new Set<string>();
  readonly urls: string[] = [];
  readonly consoleLines: string[] = [];
  readonly errors: unknown[] = [];
  private restore: (() => void)[] = [];
  /** `[url, secret]` pairs allowed on purpose (the OAuth callback address carries the authorization code). */
  private allowed: [string, string][] = [];

  /** @param upstream the real `fetch` this capture forwards to (kept, so the capture may replace the global one). */
  constructor(private readonly upstream: typeof fetch = globalThis.fetch) {}

  /** Allows `secret` in the one URL `url` (e.g. the authorization code in the OAuth callback address). */
  allowInUrl(url: string, secret: string): void {
    this.allowed.push([url, secret]);
  }

  /** Adds a value the test knows is secret (e.g. a password it typed, a key it configured). */
  secret(value: string | null | undefined): void {
    if (value && value.length >= 6) this.secrets.add(value);
  }

  /** A `fetch` that records the URL and learns the secrets of the request and its answer. */
  readonly fetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    this.urls.push(request.url);
    request.headers.forEach((value, name) => {
      if (!SECRET_HEADERS.includes(name)) return;
      this.secret(value);
      // `x-stack-auth` carries `{accessToken, refreshToken}` as JSON
      if (name === "x-stack-auth") for (const v of Object.values(safeJson(value) ?? {})) if (typeof v === "string") this.secret(v);
    });
    if (init?.body && typeof init.body === "string") this.learn(safeJson(init.body));
    const response = await this.upstream(request);
    this.learn(safeJson(await response.clone().text()));
    return response;
  };

  /** Spies on every console method for the rest of the test. */
  watchConsole(): void {
    for (const method of ["log", "info", "warn", "error", "debug", "trace"] as const) {
      const original = console[method];
      console[method] = (...args: unknown[]) => void this.consoleLines.push(args.map((a) => (typeof a === "string" ? a : inspect(a, { depth: 6 }))).join(" "));
      this.restore.push(() => (console[method] = original));
    }
  }

  /** Puts the console back. */
  stop(): void {
    for (const r of this.restore.splice(0)) r();
  }

  /** Runs `step`, keeping what it throws and the error of a `{status: "error"}` result. */
  async step<T>(step: () => Promise<T>): Promise<T | undefined> {
    try {
      const result = await step();
      if (result instanceof Error) this.errors.push(result); // methods that return their error, like updatePassword
      const error = (result as { status?: string; error?: unknown } | null)?.status === "error" ? (result as { error: unknown }).error : undefined;
      if (error) this.errors.push(error);
      return result;
    } catch (e) {
      this.errors.push(e);
      return undefined;
    }
  }

  /** Every place a secret showed up: `[where, which secret (shortened)]`. */
  leaks(): string[] {
    const places: [string, string][] = [
      ...this.urls.map((u, i): [string, string] => [`URL #${i}`, u]),
      ...this.consoleLines.map((l, i): [string, string] => [`console line #${i}`, l]),
      ...this.errors.flatMap((e, i): [string, string][] => {
        const err = e as { message?: unknown; stack?: unknown; name?: unknown };
        return [
          [`error #${i} (${String(err?.name)}) message`, String(err?.message)],
          [`error #${i} (${String(err?.name)}) stack`, String(err?.stack)],
          [`error #${i} (${String(err?.name)}) JSON`, safeStringify(e)],
          [`error #${i} (${String(err?.name)}) inspected`, inspect(e, { depth: 6 })],
        ];
      }),
    ];
    const found: string[] = [];
    for (const [where, text] of places) {
      for (const s of this.secrets) if (text.includes(s) && !this.allowed.some(([u, a]) => u === text && a === s)) found.push(`${where} contains the secret ${s.slice(0, 8)}…: ${text.slice(0, 300)}`);
    }
    return found;
  }

  private learn(body: unknown, depth = 0): void {
    if (!body || typeof body !== "object" || depth > 4) return;
    for (const [k, v] of Object.entries(body)) {
      if (typeof v === "string" && SECRET_FIELDS.test(k)) this.secret(v);
      else this.learn(v, depth + 1);
    }
  }
}

function safeJson(text: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === "object" ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function safeStringify(e: unknown): string {
  try {
    return JSON.stringify(e) ?? "";
  } catch (err) {
    return `unserializable: ${String(err)}`;
  }
}
