import { PASSWORD_MIN_LENGTH } from "../../util/password-rules";
import { useTranslation } from "../i18n";
import { PasswordField } from "./field";
import type { FieldErrors } from "./form";

/**
 * The fields of a password being chosen (sign-up, password reset): `label` (`name="password"`, with the platform's
 * minimum length as its hint) and, when `repeatLabel` is given, its repeat (`name="passwordRepeat"`); both ask the
 * browser for a new password, are disabled while `form` runs and show its errors.
 * @internal
 * @example
 * <NewPasswordFields form={form} label={t("New Password")} repeatLabel={t("Repeat New Password")} />
 */
export function NewPasswordFields({ form, label, repeatLabel }: { form: { pending: boolean; errors: FieldErrors }; label: string; repeatLabel?: string }) {
  const t = useTranslation();
  const { pending, errors } = form;
  return (
    <>
      <PasswordField label={label} name="password" autoComplete="new-password" disabled={pending} error={errors.password} hint={t("At least {min} characters.", { min: PASSWORD_MIN_LENGTH })} />
      {repeatLabel !== undefined && <PasswordField label={repeatLabel} name="passwordRepeat" autoComplete="new-password" disabled={pending} error={errors.passwordRepeat} />}
    </>
  );
}
