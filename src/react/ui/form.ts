import { useCallback, useRef, useState } from "react";
import { useTranslation } from "../i18n";
import { describeError } from "./errors";
import type { ErrorField } from "./errors";

/** @internal Field errors of a form, by field. */
export type FieldErrors = Partial<Record<ErrorField | (string & {}), string>>;

/**
 * A form's state: `pending` while an action runs (one at a time), and the errors it left, by field. `run(action)`
 * clears the errors, runs `action`, and turns what it threw, or the `error` of a `Result` it returned, into a
 * translated message next to the field it concerns. It resolves with the action's value, or `undefined` on
 * failure.
 * @internal
 * @example
 * const form = useFormAction();
 * <form onSubmit={(e) => { e.preventDefault(); form.run(() => app.signInWithCredential({ email, password })); }}>
 */
export function useFormAction() {
  const t = useTranslation();
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const running = useRef(false);
  const fail = useCallback(
    (error: unknown) => {
      const { field, text, values } = describeError(error);
      setErrors({ [field]: t(text, values) });
    },
    [t],
  );
  const run = useCallback(
    async <T>(action: () => Promise<T> | T): Promise<T | undefined> => {
      if (running.current) return undefined;
      running.current = true;
      setPending(true);
      setErrors({});
      try {
        const value = await action();
        const result = value as { status?: unknown; error?: unknown } | undefined;
        if (result && typeof result === "object" && result.status === "error") {
          fail(result.error);
          return undefined;
        }
        return value;
      } catch (error) {
        fail(error);
        return undefined;
      } finally {
        running.current = false;
        setPending(false);
      }
    },
    [fail],
  );
  return { pending, errors, setErrors, run };
}
