import type { ReactNode } from "react";
import { useTranslation } from "../i18n";
import { useApp } from "../provider";
import { checkReturnTo, emailProblem, useAuthForm } from "../ui/auth";
import { AuthForm, EmailField } from "../ui/field";
import type { FieldErrors } from "../ui/form";

/** An e-mail address and a password, as the credential sign-in and sign-up send them. */
type Credential = { email: string; password: string };

/**
 * The e-mail and password form that sign-in and sign-up share: the "Email" field, the password fields `children`
 * renders from the form's state, and the `submit` button. On submit it reads the address (trimmed) and the
 * password; the address is checked here and the password fields by `checkPassword` (it gets the other fields by
 * name), and when neither finds a problem `send` runs, once the page's `after_auth_return_to` is known to be
 * trusted. Problems show next to their fields; what was typed stays.
 * @internal
 * @example
 * <CredentialForm
 *   submit={t("Sign In")}
 *   checkPassword={(password) => (password ? {} : { password: t("Please enter your password.") })}
 *   send={(credential) => app.signInWithCredential(credential)}
 * >
 *   {({ pending, errors }) => <PasswordField label={t("Password")} name="password" disabled={pending} error={errors.password} />}
 * </CredentialForm>
 */
export function CredentialForm({
  submit,
  checkPassword,
  send,
  children,
}: {
  submit: string;
  checkPassword: (password: string, field: (name: string) => string) => FieldErrors;
  send: (credential: Credential) => Promise<unknown>;
  children: (form: { pending: boolean; errors: FieldErrors }) => ReactNode;
}) {
  const app = useApp();
  const t = useTranslation();
  const form = useAuthForm();
  const onSubmit = (field: (name: string) => string) => {
    const email = field("email").trim();
    const password = field("password");
    const bad = emailProblem(email);
    const found: FieldErrors = { ...(bad ? { email: t(bad) } : {}), ...checkPassword(password, field) };
    if (Object.keys(found).length) return form.setErrors(found);
    void form.run(() => checkReturnTo(app, () => send({ email, password })));
  };
  return (
    <AuthForm form={form} onSubmit={onSubmit} submit={submit}>
      <EmailField form={form} />
      {children(form)}
    </AuthForm>
  );
}
