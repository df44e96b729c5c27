import { requireString } from "../util/validate";
import { ArgumentError, HttpError } from "../errors/base";
import { knownError } from "../errors/lineage";
import type { KnownErrors } from "../errors/known-errors";
import { err, ok } from "../util/result";
import type { Result } from "../util/result";
import type { AppContext } from "../core/context";

/**
 * Options of `app.promptCliLogin()`.
 *
 * @example
 * const options: PromptCliLoginOptions = { appUrl: "https://myapp.example", maxAttempts: 150 };
 */
export interface PromptCliLoginOptions {
  /** Absolute `http(s)` URL of the web app whose CLI confirmation page the user opens (`/handler/cli-auth-confirm`). */
  appUrl: string;
  /** How long the login may take before it expires, in ms (1 to 86,400,000). Default: the platform's 2 hours. */
  expiresInMillis?: number;
  /** How many times to ask the platform whether the user confirmed (a positive integer). Default: no limit. */
  maxAttempts?: number;
  /** How long to wait between two polls, in ms. Default 2000. */
  waitTimeMillis?: number;
  /**
   * Shows the confirmation link to the user (print it, open a browser…). Default: both the link and the login
   * code are printed with `console.log`.
   */
  promptLink?: (url: string, loginCode: string) => void;
  /** Refresh token of the anonymous user this CLI already has, which the browser may then take over. */
  anonRefreshToken?: string;
}

/**
 * Errors `promptCliLogin` returns as results: expired, already used, or any other failure (`CliAuthError`,
 * including "Timed out waiting for CLI authentication." when `maxAttempts` polls found no answer).
 *
 * @example
 * const result = await app.promptCliLogin({ appUrl });
 * if (result.status === "error" && KnownErrors.CliAuthExpiredError.isInstance(result.error)) console.log("too late");
 */
export type CliLoginError = KnownErrors["CliAuthError"] | KnownErrors["CliAuthExpiredError"] | KnownErrors["CliAuthUsedError"];

/** The platform's upper limit for `expires_in_millis` (24 hours). */
const MAX_EXPIRES_IN_MILLIS = 86_400_000;
const DEFAULT_WAIT_TIME_MILLIS = 2000;

/**
 * @internal A CLI-auth error result carrying `message`.
 * @example
 * return cliAuthError("Timed out waiting for CLI authentication.");
 */
export const cliAuthError = (message: string) => err(knownError("CLI_AUTH_ERROR", undefined, message) as KnownErrors["CliAuthError"]);

const defaultWait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function checkOptions(options: PromptCliLoginOptions) {
  if (typeof options !== "object" || options === null) throw new ArgumentError("promptCliLogin needs an options object with appUrl.");
  const appUrl = requireString(options.appUrl, "appUrl");
  let parsed: URL | undefined;
  try {
    parsed = new URL(appUrl);
  } catch {
    // reported below
  }
  if (parsed?.protocol !== "http:" && parsed?.protocol !== "https:") {
    throw new ArgumentError(`appUrl must be an absolute http(s) URL such as "https://myapp.example", got ${JSON.stringify(appUrl)}.`);
  }
  const { expiresInMillis, maxAttempts, waitTimeMillis, promptLink, anonRefreshToken } = options;
  if (expiresInMillis !== undefined && !(Number.isInteger(expiresInMillis) && expiresInMillis > 0 && expiresInMillis <= MAX_EXPIRES_IN_MILLIS)) {
    throw new ArgumentError(`expiresInMillis must be a whole number of milliseconds from 1 to ${MAX_EXPIRES_IN_MILLIS} (24 hours).`);
  }
  if (maxAttempts !== undefined && !(maxAttempts === Infinity || (Number.isInteger(maxAttempts) && maxAttempts > 0))) {
    throw new ArgumentError("maxAttempts must be a positive whole number (or Infinity).");
  }
  if (waitTimeMillis !== undefined && !(typeof waitTimeMillis === "number" && Number.isFinite(waitTimeMillis) && waitTimeMillis >= 0)) {
    throw new ArgumentError("waitTimeMillis must be a finite number of milliseconds, 0 or more.");
  }
  if (promptLink !== undefined && typeof promptLink !== "function") throw new ArgumentError("promptLink must be a function (url, loginCode) => void.");
  if (anonRefreshToken !== undefined) requireString(anonRefreshToken, "anonRefreshToken");
  return {
    appUrl,
    expiresInMillis,
    anonRefreshToken,
    promptLink,
    maxAttempts: maxAttempts ?? Infinity,
    waitTimeMillis: waitTimeMillis ?? DEFAULT_WAIT_TIME_MILLIS,
  };
}

/**
 * A 4xx answer that is not one of the platform's known errors (e.g. "Invalid anon refresh token") becomes a
 * `CliAuthError` result; known errors (a wrong key…), 5xx answers and connectivity failures are thrown.
 */
function refused(error: unknown, what: string) {
  if (HttpError.isInstance(error) && error.status >= 400 && error.status < 500) {
    return cliAuthError(`The platform refused to ${what}: ${error.status} ${error.text}`);
  }
  throw error;
}

/**
 * The link the user opens to confirm: the app's CLI confirmation page (`urls.cliAuthConfirm`, resolved against
 * `appUrl` when it is a path) with `?login_code=…`.
 * @internal
 * @example
 * cliConfirmUrl("/handler/cli-auth-confirm", "https://myapp.example", code);
 */
export function cliConfirmUrl(page: string, appUrl: string, loginCode: string): string {
  const url = new URL(page, appUrl);
  url.searchParams.set("login_code", loginCode);
  return url.toString();
}

/**
 * @internal The CLI side of a CLI login (`POST /auth/cli`, then `POST /auth/cli/poll` until the user confirms in
 * a browser): see `ClientApp.promptCliLogin`. `wait` is injectable for tests.
 * @example
 * const result = await promptCliLogin(ctx, { appUrl: "https://myapp.example" });
 */
export async function promptCliLogin(
  ctx: AppContext,
  options: PromptCliLoginOptions,
  wait: (ms: number) => Promise<void> = defaultWait,
): Promise<Result<string, CliLoginError>> {
  const o = checkOptions(options);
  const body: Record<string, unknown> = { expires_in_millis: o.expiresInMillis };
  if (o.anonRefreshToken !== undefined) body.anon_refresh_token = o.anonRefreshToken;
  let started: { polling_code: string; login_code: string };
  try {
    started = await ctx.core.request({ expect: "polling_code login_code", method: "POST", path: "/auth/cli", body });
  } catch (error) {
    return refused(error, "start the CLI login");
  }
  const url = cliConfirmUrl(ctx.core.urls.cliAuthConfirm, o.appUrl, started.login_code);
  if (o.promptLink) {
    o.promptLink(url, started.login_code);
  } else {
    console.log(`To sign in, open this link in a browser:\n${url}\nLogin code: ${started.login_code}`);
  }

  for (let attempt = 1; attempt <= o.maxAttempts; attempt++) {
    let answer: { status?: unknown; refresh_token?: unknown };
    try {
      answer = await ctx.core.request({ method: "POST", path: "/auth/cli/poll", body: { polling_code: started.polling_code } });
    } catch (error) {
      return refused(error, "answer the CLI login poll");
    }
    const status = answer?.status;
    if (status === "success" && typeof answer.refresh_token === "string" && answer.refresh_token) return ok(answer.refresh_token);
    if (status === "expired") return err(knownError("CLI_AUTH_EXPIRED_ERROR", undefined, "CLI authentication request expired. Please try again.") as CliLoginError);
    if (status === "used") return err(knownError("CLI_AUTH_USED_ERROR", undefined, "This authentication token has already been used.") as CliLoginError);
    if (status !== "waiting") return cliAuthError(`Unexpected status from the CLI login poll: ${JSON.stringify(status)?.slice(0, 100)}`);
    // No wait after the last attempt: its answer is final.
    if (attempt < o.maxAttempts) await wait(o.waitTimeMillis);
  }
  return cliAuthError("Timed out waiting for CLI authentication.");
}
