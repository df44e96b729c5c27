import { useState } from "react";
import { useTranslation } from "../../i18n";
import { TextField } from "../../ui/field";
import { useFormAction } from "../../ui/form";
import { InlineForm } from "./section";

const WELL_FORMED = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A one-field settings form that takes an e-mail address (adding one to the account, inviting someone): the
 * "Email" field beside the `submit` button. The address typed (trimmed) must be well formed and not refused by
 * `refuse` (a reason, or null); then `send` runs, and when it is done the field empties and, with `done`, a status
 * line under the form says what was done. Errors show under the field.
 * @internal
 * @example
 * <EmailAddressForm
 *   submit={t("Invite")}
 *   autoComplete="off"
 *   send={(email) => team.inviteUser({ email, callbackUrl })}
 *   done={(email) => t("Invitation sent to {email}.", { email })}
 * />
 */
export function EmailAddressForm({
  submit,
  autoComplete,
  refuse,
  send,
  done,
}: {
  submit: string;
  autoComplete: string;
  refuse?: (email: string) => string | null;
  send: (email: string) => Promise<unknown>;
  done?: (email: string) => string;
}) {
  const t = useTranslation();
  const form = useFormAction();
  const [email, setEmail] = useState("");
  const [sent, setSent] = useState("");
  const onSubmit = async () => {
    setSent("");
    const value = email.trim();
    const problem = WELL_FORMED.test(value) ? refuse?.(value) : t("Please enter a valid email address.");
    if (problem) return form.setErrors({ form: problem });
    if (await form.run(async () => (await send(value), true))) {
      setEmail("");
      if (done) setSent(done(value));
    }
  };
  return (
    <InlineForm
      onSubmit={onSubmit}
      field={<TextField label={t("Email")} type="email" autoComplete={autoComplete} value={email} onChange={(e) => setEmail(e.target.value)} error={form.errors.email ?? form.errors.form} />}
      submit={submit}
      variant="secondary"
      loading={form.pending}
    >
      {done
        ? sent && (
            <p role="status" className="lk-ok">
              {sent}
            </p>
          )
        : undefined}
    </InlineForm>
  );
}
