import { checkNewPassword, PASSWORD_MIN_LENGTH } from "../../util/password-rules";
import { useTranslation } from "../i18n";
import { useApp } from "../provider";
import { checkReturnTo, emailProblem, useAuthForm } from "../ui/auth";
import { describeError } from "../ui/errors";
import { AuthForm, EmailField, PasswordField } from "../ui/field";

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
  const onSubmit = (field: (name: string) => string) => {
    const email = field("email").trim();
    const password = field("password");
    const repeat = noPasswordRepeat ? undefined : field("passwordRepeat");
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
    void form.run(() => checkReturnTo(app, () => app.signUpWithCredential({ email, password })));
  };
  return (
    <AuthForm form={form} onSubmit={onSubmit} submit={t("Sign Up")}>
      <EmailField form={form} />
      <PasswordField label={t("Password")} name="password" autoComplete="new-password" disabled={pending} error={errors.password} hint={t("At least {min} characters.", { min: PASSWORD_MIN_LENGTH })} />
      {!noPasswordRepeat && (
        <PasswordField label={t("Repeat Password")} name="passwordRepeat" autoComplete="new-password" disabled={pending} error={errors.passwordRepeat} />
      )}
    </AuthForm>
  );
}
