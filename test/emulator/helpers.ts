import { startEmulator, type EmulatorOptions, type RunningEmulator } from "../../src/emulator";

/** Starts an emulator on a random port with fast password hashing and no log output. */
export function startTestEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  return startEmulator({ port: 0, passwordHashing: "fast", quiet: true, ...options });
}

export interface CallOptions {
  method?: string;
  /** JSON body (sent with `content-type: application/json`). */
  body?: unknown;
  /** Form body (sent form-encoded). */
  form?: Record<string, string>;
  /** Raw body with its own content type. */
  raw?: { body: string; contentType?: string };
  access?: "client" | "server" | "admin" | null;
  projectId?: string | null;
  accessToken?: string;
  refreshToken?: string;
  headers?: Record<string, string>;
  /** Header prefix for the x-stack-* headers this helper adds. */
  prefix?: "x-stack-" | "x-hexclave-";
  allowAnonymous?: boolean;
  overrideErrorStatus?: boolean;
}

export interface CallResult {
  status: number;
  headers: Headers;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

/** Calls the emulator's API (`path` relative to `/api/v1`) with the demo project's keys for the access type. */
export async function call(em: RunningEmulator, path: string, o: CallOptions = {}): Promise<CallResult> {
  const p = o.prefix ?? "x-stack-";
  const headers: Record<string, string> = {};
  const access = o.access === undefined ? "client" : o.access;
  const projectId = o.projectId === undefined ? em.projectId : o.projectId;
  const keys = projectId === "internal" ? em.internal.keys : em.keys;
  if (access) headers[`${p}access-type`] = access;
  if (projectId) headers[`${p}project-id`] = projectId;
  if (access === "client") headers[`${p}publishable-client-key`] = keys.publishableClientKey;
  if (access === "server") headers[`${p}secret-server-key`] = keys.secretServerKey;
  if (access === "admin") headers[`${p}super-secret-admin-key`] = keys.superSecretAdminKey;
  if (o.accessToken) headers[`${p}access-token`] = o.accessToken;
  if (o.refreshToken) headers[`${p}refresh-token`] = o.refreshToken;
  if (o.allowAnonymous) headers[`${p}allow-anonymous-user`] = "true";
  if (o.overrideErrorStatus) headers[`${p}override-error-status`] = "true";
  let body: string | undefined;
  if (o.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(o.body);
  } else if (o.form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(o.form).toString();
  } else if (o.raw) {
    if (o.raw.contentType) headers["content-type"] = o.raw.contentType;
    body = o.raw.body;
  }
  const res = await fetch(`${em.url}/api/v1${path}`, {
    method: o.method ?? (body !== undefined ? "POST" : "GET"),
    headers: { ...headers, ...(o.headers ?? {}) },
    body,
  });
  return resultOf(res);
}

/**
 * A response as a {@link CallResult}: its status, headers, text, and the text parsed as JSON (undefined when it is not).
 * @example
 * const r = await resultOf(await fetch(`${em.url}/api/v1/projects/current`));
 */
export async function resultOf(res: Response, text?: string): Promise<CallResult> {
  text ??= await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** Expects a known error and returns its body. */
export function expectKnown(r: CallResult, status: number, code: string) {
  expect({ status: r.status, code: r.json?.code, header: r.headers.get("x-stack-known-error") }).toEqual({ status, code, header: code });
  return r.json as { code: string; error: string; details?: Record<string, unknown> };
}

let counter = 0;
/** A fresh e-mail address. */
export function freshEmail(prefix = "user"): string {
  counter += 1;
  return `${prefix}${counter}.${Date.now()}@example.com`;
}

/** Signs up a password user on the demo project; returns its tokens and e-mail. */
export async function signUp(em: RunningEmulator, email = freshEmail(), password = "password123") {
  const r = await call(em, "/auth/password/sign-up", { body: { email, password } });
  expect(r.status).toBe(200);
  return { email, password, ...(r.json as { access_token: string; refresh_token: string; user_id: string }) };
}

/** The latest captured e-mail to an address. */
export async function latestEmail(em: RunningEmulator, to: string) {
  const res = await fetch(`${em.url}/emulator/outbox?to=${encodeURIComponent(to)}`);
  const { items } = (await res.json()) as { items: { code: string; otp: string | null; links: string[]; subject: string; kind: string }[] };
  return items[items.length - 1];
}
