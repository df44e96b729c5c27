import { lineageOf } from "./lineage";
import { KnownError } from "./known-error";
import { isKnownErrorOf } from "./known-error-of";
import { codeForName, type KnownErrorNames } from "./names";
import { knownErrorParent, knownErrorStatus, type DescendantOf, type KnownErrorCode, type KnownErrorStatus } from "./table";

/**
 * The class of one concrete code, e.g. `KnownErrors.EmailPasswordMismatch`.
 *
 * @example
 * const e = new KnownErrors.PasswordTooShort({ min_length: 8 });
 * e.status; // 400
 * KnownErrors.PasswordTooShort.isInstance(e); // true
 */
export interface KnownErrorClass<C extends KnownErrorCode> {
  /** An error with this code and the catalogue's status; the message defaults to one built from the code. */
  new (details?: Record<string, unknown>, message?: string): KnownError<C>;
  readonly prototype: KnownError<C>;
  /** The code this class stands for. */
  readonly errorCode: C;
  /** True for an error with this code or a descendant code, from this copy of the package or another. */
  isInstance(e: unknown): e is KnownError<DescendantOf<C>>;
}

/**
 * The class of an abstract parent code, e.g. `KnownErrors.InvalidAccessToken`: never sent by the server,
 * used to test for a whole group of codes.
 *
 * @example
 * if (KnownErrors.VerificationCodeError.isInstance(e)) showCodeProblem(e.code);
 */
export type AbstractKnownErrorClass<C extends KnownErrorCode> = (abstract new (
  details?: Record<string, unknown>,
  message?: string,
) => KnownError<DescendantOf<C>>) & {
  readonly prototype: KnownError<DescendantOf<C>>;
  /** The code this class stands for. */
  readonly errorCode: C;
  /** True for an error with any descendant code, from this copy of the package or another. */
  isInstance(e: unknown): e is KnownError<DescendantOf<C>>;
};

/** The class type for code `C`: abstract for parents (status `0` in the catalogue). */
type ClassFor<C extends KnownErrorCode> = KnownErrorStatus<C> extends 0 ? AbstractKnownErrorClass<C> : KnownErrorClass<C>;

/**
 * A class per known error code, named after the code (EMAIL_PASSWORD_MISMATCH → `EmailPasswordMismatch`),
 * plus the official SDK's names where they differ (`UserWithEmailAlreadyExists`, `VerificationCodeError`,
 * `PermissionScopeMismatch`, `InvalidPollingCodeError`). Classes are created on first access.
 *
 * As a type, `KnownErrors["X"]` is the instance type of `KnownErrors.X`.
 *
 * @example
 * const result = await app.signInWithCredential({ email, password });
 * if (result.status === "error" && KnownErrors.EmailPasswordMismatch.isInstance(result.error)) showWrongPassword();
 * if (KnownErrors.InvalidAccessToken.isInstance(e)) console.log("any access-token problem", e.code);
 */
export type KnownErrors = { [N in keyof KnownErrorNames]: KnownError<DescendantOf<KnownErrorNames[N]>> };

/**
 * The type of the {@link KnownErrors} object: a class (or abstract class) per name.
 *
 * @example
 * const Cls: KnownErrorsObject["PasswordTooShort"] = KnownErrors.PasswordTooShort;
 */
export type KnownErrorsObject = { readonly [N in keyof KnownErrorNames]: ClassFor<KnownErrorNames[N]> };

type AnyClass = new (details?: Record<string, unknown>, message?: string, status?: number) => KnownError;

/** Root of the per-code classes: reads the code from the class being constructed. */
class CodeError extends KnownError {
  declare static readonly errorCode: string;
  constructor(details?: Record<string, unknown>, message?: string, status?: number) {
    const code = (new.target as typeof CodeError).errorCode;
    super(code, details, message, status ?? knownErrorStatus(code) ?? 400, lineageOf(code));
  }

  /** Decoded errors are plain `KnownError`s carrying their lineage; `instanceof KnownErrors.X` reads that too. */
  static override [Symbol.hasInstance](e: unknown): boolean {
    return isKnownErrorOf(e, this.errorCode as KnownErrorCode);
  }
}

const classes: Record<string, AnyClass> = Object.create(null);

/** The class for a known code, created (with its parents) on first use. */
const classFor = (code: KnownErrorCode): AnyClass => {
  let cls = classes[code];
  if (!cls) {
    const parent = knownErrorParent(code);
    const Base = parent ? (classFor(parent) as typeof CodeError) : CodeError;
    cls = class extends Base {
      static override readonly errorCode = code;
      static override isInstance = (e: unknown): e is KnownError => isKnownErrorOf(e, code);
    };
    classes[code] = cls;
  }
  return cls;
};

/**
 * Every known error class, by name. See the {@link KnownErrors} type for the naming rule. Classes are made
 * when first read; the object is not enumerable (`Object.keys(KnownErrors)` is empty).
 *
 * @example
 * try { await user.update({ password: "x" }); } catch (e) {
 *   if (KnownErrors.PasswordRequirementsNotMet.isInstance(e)) alert(e.message);
 * }
 */
export const KnownErrors: KnownErrorsObject = /* @__PURE__ */ new Proxy(Object.create(null) as KnownErrorsObject, {
  get: (_, name) => {
    const code = codeForName(name as string); // a symbol simply finds nothing
    return code && classFor(code);
  },
});

export { knownErrorFromJson } from "./lineage";
