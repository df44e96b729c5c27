import { useTranslation } from "../i18n";
import { useApp } from "../provider";
import { AppLink } from "../ui/auth";
import { PasswordField } from "../ui/field";
import { CredentialForm } from "./credential-form";

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
  return (
    <CredentialForm
      submit={t("Sign In")}
      checkPassword={(password) => (password ? {} : { password: t("Please enter your password.") })}
      send={(credential) => app.signInWithCredential(credential)}
    >
      {({ pending, errors }) => (
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
      )}
    </CredentialForm>
  );
}
