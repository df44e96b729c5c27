import { knownError } from "../errors/lineage";
import { isKnownErrorOf } from "../errors/known-error-of";
import type { KnownErrors } from "../errors";
import { err } from "../util/result";
import type { Result } from "../util/result";

/**
 * @internal latchkey shows no bot-challenge widget, so a challenge the platform asks for (`BOT_CHALLENGE_REQUIRED`)
 * cannot be passed: like the official SDK without one, report it as a `BOT_CHALLENGE_FAILED` result.
 * @example
 * return botChallengeFailed(await ctx.core.expect(call, [..., "BOT_CHALLENGE_FAILED", "BOT_CHALLENGE_REQUIRED"]));
 */
export function botChallengeFailed<T, E>(result: Result<T, E>): Result<T, Exclude<E, KnownErrors["BotChallengeRequired"]> | KnownErrors["BotChallengeFailed"]> {
  if (result.status === "ok" || !isKnownErrorOf(result.error, "BOT_CHALLENGE_REQUIRED")) return result as never;
  const message = "The platform asked for a bot challenge, which this app cannot show.";
  return err(knownError("BOT_CHALLENGE_FAILED", { message }, message) as KnownErrors["BotChallengeFailed"]);
}
