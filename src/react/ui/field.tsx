import { useId, useState } from "react";
import type { InputHTMLAttributes, ReactNode } from "react";
import { useTranslation } from "../i18n";
import { EyeIcon } from "./icons";

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id"> & {
  /** The visible label, which is also the input's accessible name. */
  label: ReactNode;
  /** The message shown under the input (and announced with it); marks the input invalid. */
  error?: string | null;
  /** A hint under the input. */
  hint?: ReactNode;
  /** Content after the input (e.g. a "Forgot password?" link). */
  after?: ReactNode;
};

/**
 * A labelled input with its error and hint tied to it (`aria-invalid`, `aria-describedby`).
 * @internal
 * @example
 * <TextField label={t("Email")} type="email" name="email" autoComplete="email" error={errors.email} />
 */
export function TextField({ label, error, hint, after, ...input }: InputProps) {
  const id = useId();
  const described = [error && id + "e", hint && id + "h"].filter(Boolean).join(" ") || undefined;
  return (
    <div className="lk-field">
      <label className="lk-label" htmlFor={id}>
        {label}
      </label>
      <input className="lk-input" {...input} id={id} aria-invalid={error ? true : undefined} aria-describedby={described} />
      {error && (
        <p className="lk-error" id={id + "e"} role="alert">
          {error}
        </p>
      )}
      {hint && (
        <p className="lk-muted" id={id + "h"}>
          {hint}
        </p>
      )}
      {after}
    </div>
  );
}

/**
 * A password input with a named show/hide toggle.
 * @internal
 * @example
 * <PasswordField label={t("Password")} name="password" autoComplete="current-password" error={errors.password} />
 */
export function PasswordField({ label, error, hint, after, ...input }: InputProps) {
  const id = useId();
  const t = useTranslation();
  const [shown, setShown] = useState(false);
  const described = [error && id + "e", hint && id + "h"].filter(Boolean).join(" ") || undefined;
  return (
    <div className="lk-field">
      <label className="lk-label" htmlFor={id}>
        {label}
      </label>
      <div className="lk-pw">
        <input className="lk-input" {...input} type={shown ? "text" : "password"} id={id} aria-invalid={error ? true : undefined} aria-describedby={described} />
        <button type="button" className="lk-icon-btn" aria-pressed={shown} aria-controls={id} onClick={() => setShown(!shown)}>
          <EyeIcon open={!shown} />
          <span className="lk-sr">{t("Show password")}</span>
        </button>
      </div>
      {error && (
        <p className="lk-error" id={id + "e"} role="alert">
          {error}
        </p>
      )}
      {hint && (
        <p className="lk-muted" id={id + "h"}>
          {hint}
        </p>
      )}
      {after}
    </div>
  );
}
