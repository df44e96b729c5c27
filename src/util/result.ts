/**
 * The outcome of a call whose failures are expected (a wrong password, an expired code):
 * either `{ status: "ok", data }` or `{ status: "error", error }`. Unexpected failures are thrown instead.
 *
 * @example
 * const result = await app.signInWithCredential({ email, password });
 * if (result.status === "error") console.log(result.error.code); // "EMAIL_PASSWORD_MISMATCH"
 */
export type Result<T, E> = { status: "ok"; data: T } | { status: "error"; error: E };

/** @internal */
export const ok = <T>(data: T): { status: "ok"; data: T } => ({ status: "ok", data });
/** @internal */
export const err = <E>(error: E): { status: "error"; error: E } => ({ status: "error", error });
