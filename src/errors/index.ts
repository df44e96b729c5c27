/**
 * The error catalogue: the base errors every layer throws, and the platform's known errors as data
 * (one table of code → parent and status) with a lazily created class per code.
 *
 * @example
 * import { KnownErrors, KnownError, LatchkeyError } from "latchkey";
 * if (KnownErrors.EmailPasswordMismatch.isInstance(e)) showWrongPassword();
 */
export { ArgumentError, ConnectivityError, HttpError, LatchkeyError, UnexpectedResponseError } from "./base";
export { KnownError } from "./known-error";
export { isKnownErrorOf } from "./known-error-of";
export {
  KnownErrors,
  knownErrorFromJson,
  type AbstractKnownErrorClass,
  type KnownErrorClass,
  type KnownErrorsObject,
} from "./known-errors";
export { pascalName, type KnownErrorNames, type PascalName } from "./names";
export {
  isCodeOrDescendant,
  isKnownErrorCode,
  knownErrorCodes,
  knownErrorParent,
  knownErrorStatus,
  type DescendantOf,
  type KnownErrorCode,
  type KnownErrorStatus,
} from "./table";
