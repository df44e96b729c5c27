import type { EmulatorCore } from "../core";
import { known, type KnownError } from "../errors";
import type { ProjectRecord, UserRecord } from "../store/types";
import { createCode } from "./codes";
import { signInResponse } from "./sessions";

/**
 * Attempt codes of `MULTI_FACTOR_AUTHENTICATION_REQUIRED` are valid for 5 minutes.
 *
 * @example
 * createCode(core, { project, type: "mfa_attempt", expiresInMs: MFA_ATTEMPT_LIFETIME_MS });
 */
export const MFA_ATTEMPT_LIFETIME_MS = 5 * 60 * 1000;

/**
 * The `MULTI_FACTOR_AUTHENTICATION_REQUIRED` error with a fresh attempt code (type `mfa_attempt`, data
 * `{user_id, is_new_user}`), for `/auth/mfa/sign-in` to redeem.
 *
 * @example
 * if (user.totpSecretBase64) throw mfaRequired(core, project, user, false);
 */
export function mfaRequired(core: EmulatorCore, project: ProjectRecord, user: UserRecord, isNewUser: boolean): KnownError {
  const { record } = createCode(core, {
    project,
    type: "mfa_attempt",
    data: { user_id: user.id, is_new_user: isNewUser },
    expiresInMs: MFA_ATTEMPT_LIFETIME_MS,
  });
  return known("MULTI_FACTOR_AUTHENTICATION_REQUIRED", { attempt_code: record.code });
}

/**
 * Finishes a first-factor sign-in: MFA users get `MULTI_FACTOR_AUTHENTICATION_REQUIRED`, others a new session.
 *
 * @example
 * return json(await completeSignIn(core, project, user, { isNewUser: false }, ctx.effect));
 */
export async function completeSignIn(
  core: EmulatorCore,
  project: ProjectRecord,
  user: UserRecord,
  o: { isNewUser?: boolean },
  effect?: (name: string) => void,
): Promise<Record<string, unknown>> {
  if (user.totpSecretBase64) throw mfaRequired(core, project, user, o.isNewUser ?? false);
  return await signInResponse(core, project, user, o, effect);
}
