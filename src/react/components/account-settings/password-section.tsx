import { useState } from "react";
import type { FormEvent } from "react";
import { useTranslation } from "../../i18n";
import { Button } from "../../ui/button";
import { FormError, PasswordField } from "../../ui/field";
import { useFormAction } from "../../ui/form";
import { Section } from "./section";
import type { SettingsUser } from "./types";

/**
 * Sets a password (a user who signed up without one) or changes it (old, new, repeat). Mismatches and a wrong old
 * password show under their fields; the fields are cleared once it worked.
 * @internal
 * @example
 * <PasswordSection user={user} />
 */
export function PasswordSection({ user }: { user: SettingsUser }) {
  const t = useTranslation();
  const form = useFormAction();
  const [values, setValues] = useState({ old: "", next: "", repeat: "" });
  const [done, setDone] = useState("");
  const has = user.hasPassword;
  const field = (name: keyof typeof values) => ({ value: values[name], onChange: (e: { target: { value: string } }) => setValues({ ...values, [name]: e.target.value }) });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone("");
    if (has && !values.old) return form.setErrors({ oldPassword: t("Please enter your current password.") });
    if (!values.next) return form.setErrors({ password: t("Please enter a new password.") });
    if (values.next !== values.repeat) return form.setErrors({ passwordRepeat: t("Passwords do not match.") });
    const ok = await form.run(async () => {
      const error = has ? await user.updatePassword({ oldPassword: values.old, newPassword: values.next }) : await user.setPassword({ password: values.next });
      if (has && error?.code === "PASSWORD_CONFIRMATION_MISMATCH") return form.setErrors({ oldPassword: t("This password is wrong.") });
      if (error) throw error;
      return true;
    });
    if (ok) {
      setValues({ old: "", next: "", repeat: "" });
      setDone(has ? t("Your password has been updated.") : t("Your password has been set."));
    }
  };
  const e = form.errors;
  return (
    <Section
      title={t("Password")}
      description={has ? t("Change the password you sign in with.") : t("You have no password yet. Set one to sign in with your email and a password.")}
    >
      <form className="lk-stack lk-narrow" onSubmit={submit} noValidate>
        {has && <PasswordField label={t("Old password")} autoComplete="current-password" error={e.oldPassword} {...field("old")} />}
        <PasswordField label={t("New password")} autoComplete="new-password" error={e.password} {...field("next")} />
        <PasswordField label={t("Repeat new password")} autoComplete="new-password" error={e.passwordRepeat} {...field("repeat")} />
        <FormError text={e.form} />
        {done && (
          <p className="lk-ok" role="status">
            {done}
          </p>
        )}
        <div>
          <Button type="submit" loading={form.pending}>
            {has ? t("Update password") : t("Set password")}
          </Button>
        </div>
      </form>
    </Section>
  );
}
