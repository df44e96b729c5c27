import type { FormEvent } from "react";
import { useTranslation } from "../i18n";
import { useApp } from "../provider";
import { AppLink, checkReturnTo, emailProblem, fieldOf, FormError, useAuthForm } from "../ui/auth";
import { Button } from "../ui/button";
import { PasswordField, TextField } from "../ui/field";

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
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = fieldOf(event.currentTarget, "email").trim();
    const password = fieldOf(event.currentTarget, "password");
    const problems = { email: emailProblem(email), password: password ? null : "Please enter your password." };
    if (problems.email || problems.password) {
      form.setErrors({ email: problems.email ? t(problems.email) : undefined, password: problems.password ? t(problems.password) : undefined });
      return;
    }
    void form.run(async () => {
      await checkReturnTo(app);
      return app.signInWithCredential({ email, password });
    });
  };
  return (
    <form className="lk-stack" ref={form.ref} onSubmit={onSubmit} noValidate>
      <TextField label={t("Email")} name="email" type="email" autoComplete="email" disabled={pending} error={errors.email} />
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
      <FormError text={errors.form} />
      <Button type="submit" block loading={pending}>
        {t("Sign In")}
      </Button>
    </form>
  );
}
