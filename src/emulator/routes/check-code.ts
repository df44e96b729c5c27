import { consumeCode } from "../domain/codes";
import { authOf, type RequestContext } from "../http/context";
import { json, type Reply } from "../http/reply";
import type { VerificationCodeType } from "../store/types";

/**
 * The handler of a `…/check-code` route: `{ is_code_valid: true }` when the body's `code` is a live code of `type`
 * (it is not used up), the code's error (`VERIFICATION_CODE_NOT_FOUND`, `…_EXPIRED`, …) otherwise.
 *
 * @example
 * { method: "POST", path: "/auth/otp/sign-in/check-code", access: CLIENT_OR_HIGHER, body: code, handler: checkCodeHandler("otp_sign_in") }
 */
export function checkCodeHandler(type: VerificationCodeType): (ctx: RequestContext) => Reply {
  return (ctx) => {
    consumeCode(ctx.core, authOf(ctx).project.id, type, ctx.body.code, "check");
    return json({ is_code_valid: true });
  };
}
