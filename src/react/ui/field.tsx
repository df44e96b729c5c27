import { useId, useState } from "react";
import type { InputHTMLAttributes, ReactNode } from "react";
import { useTranslation } from "../i18n";
import type { useAuthForm } from "./auth";
import { Button } from "./button";
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
 * A message about a whole form or action (not one field), announced; nothing without `text`. `className` adds
 * to `lk-error` (e.g. `lk-full` in a list row).
 * @internal
 * @example
 * <FormError text={form.errors.form} />
 */
export const FormError = ({ text, className, id }: { text?: string | null; className?: string; id?: string }) =>
  text ? (
    <p className={className ? "lk-error " + className : "lk-error"} id={id} role="alert">
      {text}
    </p>
  ) : null;

type Tie = { id: string; "aria-invalid"?: true; "aria-describedby"?: string };
type InputAttributes = Omit<InputProps, "label" | "error" | "hint" | "after">;

/**
 * The frame both fields share: the label, the control `input` renders from the input's own attributes and what
 * ties it to its label and messages (`id`, `aria-invalid`, `aria-describedby`), then the error, the hint and
 * `after`.
 */
function Field({ label, error, hint, after, input, ...attributes }: InputProps & { input: (attributes: InputAttributes, tie: Tie) => ReactNode }) {
  const id = useId();
  const described = [error && id + "e", hint && id + "h"].filter(Boolean).join(" ") || undefined;
  return (
    <div className="lk-field">
      <label className="lk-label" htmlFor={id}>
        {label}
      </label>
      {input(attributes, { id, "aria-invalid": error ? true : undefined, "aria-describedby": described })}
      <FormError text={error} id={id + "e"} />
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
 * A labelled input with its error and hint tied to it (`aria-invalid`, `aria-describedby`).
 * @internal
 * @example
 * <TextField label={t("Email")} type="email" name="email" autoComplete="email" error={errors.email} />
 */
export function TextField(props: InputProps) {
  return <Field {...props} input={(attributes, tie) => <input className="lk-input" {...attributes} {...tie} />} />;
}

/**
 * A password input with a named show/hide toggle.
 * @internal
 * @example
 * <PasswordField label={t("Password")} name="password" autoComplete="current-password" error={errors.password} />
 */
export function PasswordField(props: InputProps) {
  const t = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <Field
      {...props}
      input={(attributes, tie) => (
        <div className="lk-pw">
          <input className="lk-input" {...attributes} type={shown ? "text" : "password"} {...tie} />
          <button type="button" className="lk-icon-btn" aria-pressed={shown} aria-controls={tie.id} onClick={() => setShown(!shown)}>
            <EyeIcon open={!shown} />
            <span className="lk-sr">{t("Show password")}</span>
          </button>
        </div>
      )}
    />
  );
}

type AuthFormState = ReturnType<typeof useAuthForm<HTMLFormElement>>;

/**
 * A form of the sign-in flow: its fields (`children`), the form-wide error (default `form.errors.form`), a
 * full-width submit button labelled `submit` that shows progress while `form` runs, then `after`. The browser's
 * own validation is off (the pages check and say what is wrong); `onSubmit` reads the fields' text by name.
 * @internal
 * @example
 * <AuthForm form={form} submit={t("Send email")} onSubmit={(field) => send(field("email").trim())}>
 *   <EmailField form={form} />
 * </AuthForm>
 */
export function AuthForm({
  form,
  onSubmit,
  submit,
  error = form.errors.form,
  children,
  after,
}: {
  form: AuthFormState;
  onSubmit: (field: (name: string) => string) => unknown;
  submit: ReactNode;
  error?: string;
  children?: ReactNode;
  after?: ReactNode;
}) {
  return (
    <form
      className="lk-stack"
      ref={form.ref}
      onSubmit={(event) => {
        event.preventDefault();
        const fields = event.currentTarget;
        void onSubmit((name) => String(new FormData(fields).get(name) ?? ""));
      }}
      noValidate
    >
      {children}
      <FormError text={error} />
      <Button type="submit" block loading={form.pending}>
        {submit}
      </Button>
      {after}
    </form>
  );
}

/**
 * The "Email" field of the sign-in flow's forms (`name="email"`), disabled while `form` runs, with its error.
 * @internal
 * @example
 * <EmailField form={form} />
 */
export function EmailField({ form }: { form: AuthFormState }) {
  const t = useTranslation();
  return <TextField label={t("Email")} name="email" type="email" autoComplete="email" disabled={form.pending} error={form.errors.email} />;
}

