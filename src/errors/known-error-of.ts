import { KnownError } from "./known-error";
import type { DescendantOf, KnownErrorCode } from "./table";

/**
 * True if `e` is a known error whose code is `code` or one of its descendants (e.g. any INVALID_ACCESS_TOKEN
 * child for `"INVALID_ACCESS_TOKEN"`). Reads the error's own lineage (no catalogue needed), so it works across
 * package copies; an error without one (a look-alike) matches its code only.
 *
 * @internal used by the http and session layers
 * @example
 * if (isKnownErrorOf(e, "INVALID_ACCESS_TOKEN")) await refreshAndRetry();
 */
export const isKnownErrorOf = <C extends KnownErrorCode>(e: unknown, code: C): e is KnownError<DescendantOf<C>> =>
  KnownError.isInstance(e) && ((e as KnownError).lineage ?? [(e as KnownError).code]).includes(code);
