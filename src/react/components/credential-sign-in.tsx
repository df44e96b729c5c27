import { useTranslation } from "../i18n";
import { useApp } from "../provider";
import { AppLink, checkReturnTo, emailProblem, useAuthForm } from "../ui/auth";
import { AuthForm, EmailField, PasswordField } from "../ui/field";

/**
 * The e-mail and password sign-in form: fields "Email" and "Password" (with a "Forgot password?" link to the
 * app's forgot-password page) and a "Sign In" button (`app.signInWithCredential`). A wrong pair shows under the
 * password; what was typed stays. On success the user goes to after-sign-in (or the page's
 * `after_auth_return_to`), or to the MFA page when the account has a second factor.
 *
 * @example
 * <CredentialSignIn />
 */
export function CredentialSignIn() {
  const app = useApp();
  const t = useTranslation();
  const form = useAuthForm();
  const { errors, pending } = form;
  const onSubmit = (field: (name: string) => string) => {
    const email = field("email").trim();
    const password = field("password");
    const bad = emailProblem(email);
    if (bad || !password) return form.setErrors({ email: bad ? t(bad) : undefined, password: password ? undefined : t("Please enter your password.") });
    void form.run(() => checkReturnTo(app, () => app.signInWithCredential({ email, password })));
  };
  return (
    <AuthForm form={form} onSubmit={onSubmit} submit={t("Sign In")}>
      <EmailField form={form} />
      <PasswordField
        label={t("Password")}
        name="password"
        autoComplete="current-password"
        disabled={pending}
        error={errors.password}
        after={
          <span className="lk-muted">
            <AppLink app={app} page="forgotPassword">
              {t("Forgot password?")}
            </AppLink>
          </span>
        }
      />
    </AuthForm>
  );
}
