import { checkNewPassword } from "../../util/password-rules";
import { useTranslation } from "../i18n";
import { useApp } from "../provider";
import { describeError } from "../ui/errors";
import type { FieldErrors } from "../ui/form";
import { NewPasswordFields } from "../ui/new-password-fields";
import { CredentialForm } from "./credential-form";

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
  const checkPassword = (password: string, field: (name: string) => string): FieldErrors => {
    const repeat = noPasswordRepeat ? undefined : field("passwordRepeat");
    if (!password) return { password: t("Please enter a password.") };
    if (repeat === "") return { passwordRepeat: t("Please repeat your password.") };
    const rule = checkNewPassword(password, repeat);
    if (!rule) return {};
    const { field: name, text, values } = describeError(rule);
    return { [name]: t(text, values) };
  };
  return (
    <CredentialForm submit={t("Sign Up")} checkPassword={checkPassword} send={(credential) => app.signUpWithCredential(credential)}>
      {(form) => <NewPasswordFields form={form} label={t("Password")} repeatLabel={noPasswordRepeat ? undefined : t("Repeat Password")} />}
    </CredentialForm>
  );
}
