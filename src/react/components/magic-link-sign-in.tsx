import { useState } from "react";
import { useTranslation } from "../i18n";
import { useApp } from "../provider";
import { checkReturnTo, emailProblem, useAuthForm } from "../ui/auth";
import { Button } from "../ui/button";
import { AuthForm, EmailField, TextField } from "../ui/field";

/**
 * Sign-in by e-mail without a password: an "Email" field and a "Send email" button (`app.sendMagicLinkEmail`).
 * The e-mail holds a link and a one-time code; after sending, the form says so and asks for the "Code", which
 * "Sign In" combines with the request's nonce (`app.signInWithMagicLink`). New addresses get an account when the
 * project allows sign-up. Invalid, expired and used codes show under the code field.
 *
 * @example
 * <MagicLinkSignIn />
 */
export function MagicLinkSignIn() {
  const [sent, setSent] = useState<{ email: string; nonce: string } | null>(null);
  return sent ? <CodeForm {...sent} onBack={() => setSent(null)} /> : <EmailForm onSent={setSent} />;
}

function EmailForm({ onSent }: { onSent: (sent: { email: string; nonce: string }) => void }) {
  const app = useApp();
  const t = useTranslation();
  const form = useAuthForm();
  const onSubmit = async (field: (name: string) => string) => {
    const email = field("email").trim();
    const bad = emailProblem(email);
    if (bad) return form.setErrors({ email: t(bad) });
    const result = await form.run(() => checkReturnTo(app, () => app.sendMagicLinkEmail(email)));
    if (result?.status === "ok") onSent({ email, nonce: result.data.nonce });
  };
  return (
    <AuthForm form={form} onSubmit={onSubmit} submit={t("Send email")}>
      <EmailField form={form} />
    </AuthForm>
  );
}

function CodeForm({ email, nonce, onBack }: { email: string; nonce: string; onBack: () => void }) {
  const app = useApp();
  const t = useTranslation();
  const form = useAuthForm();
  const { errors, pending } = form;
  const onSubmit = (field: (name: string) => string) => {
    const code = field("code").replace(/\s/g, "").toUpperCase();
    if (code.length !== 6) return form.setErrors({ code: t("Please enter the 6-character code from the e-mail.") });
    void form.run(() => checkReturnTo(app, () => app.signInWithMagicLink(code + nonce)));
  };
  return (
    <AuthForm
      form={form}
      onSubmit={onSubmit}
      submit={t("Sign In")}
      after={
        <Button variant="link" onClick={onBack} disabled={pending}>
          {t("Use a different e-mail address")}
        </Button>
      }
    >
      <p className="lk-ok" role="status">
        {t("We sent a sign-in link and code to {email}. Open the link, or enter the code here.", { email })}
      </p>
      <TextField
        label={t("Code")}
        name="code"
        autoComplete="one-time-code"
        autoCapitalize="characters"
        autoFocus
        spellCheck={false}
        maxLength={6}
        className="lk-input lk-otp"
        disabled={pending}
        error={errors.code}
      />
    </AuthForm>
  );
}
