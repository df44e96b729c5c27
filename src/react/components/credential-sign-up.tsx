import type { FormEvent } from "react";
import { checkNewPassword, PASSWORD_MIN_LENGTH } from "../../auth/password-rules";
import { useTranslation } from "../i18n";
import { useApp } from "../provider";
import { checkReturnTo, emailProblem, fieldOf, FormError, useAuthForm } from "../ui/auth";
import { Button } from "../ui/button";
import { describeError } from "../ui/errors";
import { PasswordField, TextField } from "../ui/field";

/**
 * The e-mail and password sign-up form: fields "Email", "Password" and (unless `noPasswordRepeat`) "Repeat
 * Password", and a "Sign Up" button (`app.signUpWithCredential`). The address and the platform's password rules
 * (length bounds, matching repeat) are checked before anything is sent; the platform's refusals (the address is
 * taken, sign-up disabled) show next to their field. On success the new user goes to after-sign-up.
 *
 * @example
 * <CredentialSignUp noPasswordRepeat />
 */
export function CredentialSignUp({ noPasswordRepeat }: { noPasswordRepeat?: boolean }) {
  const app = useApp();
  const t = useTranslation();
  const form = useAuthForm();
  const { errors, pending } = form;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = fieldOf(event.currentTarget, "email").trim();
    const password = fieldOf(event.currentTarget, "password");
    const repeat = noPasswordRepeat ? undefined : fieldOf(event.currentTarget, "passwordRepeat");
    const found: Record<string, string> = {};
    const bad = emailProblem(email);
    if (bad) found.email = t(bad);
    if (!password) found.password = t("Please enter a password.");
    else if (repeat === "") found.passwordRepeat = t("Please repeat your password.");
    else {
      const rule = checkNewPassword(password, repeat);
      if (rule) {
        const { field, text, values } = describeError(rule);
        found[field] = t(text, values);
      }
    }
    if (Object.keys(found).length) return form.setErrors(found);
    void form.run(async () => {
      await checkReturnTo(app);
      return app.signUpWithCredential({ email, password });
    });
  };
  return (
    <form className="lk-stack" ref={form.ref} onSubmit={onSubmit} noValidate>
      <TextField label={t("Email")} name="email" type="email" autoComplete="email" disabled={pending} error={errors.email} />
      <PasswordField label={t("Password")} name="password" autoComplete="new-password" disabled={pending} error={errors.password} hint={t("At least {min} characters.", { min: PASSWORD_MIN_LENGTH })} />
      {!noPasswordRepeat && (
        <PasswordField label={t("Repeat Password")} name="passwordRepeat" autoComplete="new-password" disabled={pending} error={errors.passwordRepeat} />
      )}
      <FormError text={errors.form} />
      <Button type="submit" block loading={pending}>
        {t("Sign Up")}
      </Button>
    </form>
  );
}
