import { optionalObject, requireString } from "../util/validate";
import { HttpError } from "../errors/base";
import { isKnownErrorOf } from "../errors/known-error-of";
import { knownError } from "../errors/lineage";
import type { KnownErrors } from "../errors/known-errors";
import type { KnownErrorCode } from "../errors/table";
import type { TokenStoreInit } from "../token-stores/types";
import { err, ok } from "../util/result";
import type { Result } from "../util/result";
import { forgetSession, storeTokens } from "../core/context";
import type { AppContext } from "../core/context";

/**
 * Whether the CLI that started a login has an anonymous session the browser may take over (`"anonymous"`, see
 * `claimCliAnonymousSession`) or not (`"none"`).
 *
 * @example
 * const state = await app.getCliLoginState(loginCode);
 * if (state.status === "ok" && state.data === "anonymous") await app.claimCliAnonymousSession(loginCode);
 */
export type CliLoginState = "anonymous" | "none";

type StoreOption = { tokenStore?: TokenStoreInit };
type CliAuthError = KnownErrors["CliAuthError"];

/**
 * `POST /auth/cli/complete` in one of its modes (`expect`: the answer's fields it reads). The platform's 400 texts ("Invalid login code or the code has
 * expired", "No anonymous session associated with this code", "Invalid refresh token") become `CliAuthError`
 * results, and so do the known errors in `expected`; anything else is thrown.
 */
async function complete<T, E = never>(ctx: AppContext, body: Record<string, string>, expect?: string, expected: KnownErrorCode[] = []): Promise<Result<T, CliAuthError | E>> {
  try {
    return ok(await ctx.core.request<T>({ expect, method: "POST", path: "/auth/cli/complete", body }));
  } catch (error) {
    if (HttpError.isInstance(error) && error.status === 400) return err(knownError("CLI_AUTH_ERROR", undefined, error.text) as CliAuthError);
    if (expected.some((code) => isKnownErrorOf(error, code))) return err(error as E);
    throw error;
  }
}

/**
 * @internal The browser side of a CLI login: hands the signed-in user's session (its refresh token) to the CLI
 * waiting on `loginCode`. See `ClientApp.confirmCliLogin`.
 * @example
 * const result = await confirmCliLogin(ctx, loginCode);
 */
export async function confirmCliLogin(
  ctx: AppContext,
  loginCode: string,
  options?: StoreOption,
): Promise<Result<undefined, CliAuthError | KnownErrors["RestrictedUserNotAllowed"] | KnownErrors["UserAuthenticationRequired"]>> {
  requireString(loginCode, "loginCode");
  const session = ctx.core.session(optionalObject(options, "confirmCliLogin options").tokenStore);
  const { refreshToken } = await session.store.get();
  if (!refreshToken) {
    return err(knownError("USER_AUTHENTICATION_REQUIRED", undefined, "User authentication required for this endpoint.", 401) as KnownErrors["UserAuthenticationRequired"]);
  }
  const body = { login_code: loginCode, refresh_token: refreshToken };
  const done = await complete<unknown, KnownErrors["RestrictedUserNotAllowed"]>(ctx, body, undefined, ["RESTRICTED_USER_NOT_ALLOWED"]);
  return done.status === "ok" ? ok(undefined) : done;
}

/**
 * @internal Whether the CLI waiting on `loginCode` has an anonymous session to hand over (`mode: "check"`).
 * @example
 * const state = await getCliLoginState(ctx, loginCode);
 */
export async function getCliLoginState(ctx: AppContext, loginCode: string): Promise<Result<CliLoginState, CliAuthError>> {
  requireString(loginCode, "loginCode");
  const answer = await complete<{ cli_session_state: CliLoginState }>(ctx, { login_code: loginCode, mode: "check" }, "cli_session_state");
  return answer.status === "ok" ? ok(answer.data.cli_session_state) : answer;
}

/**
 * @internal Signs this app in as the CLI's anonymous user of `loginCode` (`mode: "claim-anon-session"`, once per
 * login), so the user can sign up from there and keep what the CLI did anonymously.
 * @example
 * await claimCliAnonymousSession(ctx, loginCode);
 */
export async function claimCliAnonymousSession(ctx: AppContext, loginCode: string, options?: StoreOption): Promise<Result<undefined, CliAuthError>> {
  requireString(loginCode, "loginCode");
  const session = ctx.core.session(optionalObject(options, "claimCliAnonymousSession options").tokenStore);
  const answer = await complete<{ access_token: string; refresh_token: string }>(ctx, { login_code: loginCode, mode: "claim-anon-session" }, "access_token refresh_token");
  if (answer.status === "error") return answer;
  await storeTokens(session, answer.data);
  forgetSession(ctx, session);
  return ok(undefined);
}
