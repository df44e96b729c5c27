import { useState } from "react";
import { useTranslation } from "../i18n";
import { useApp } from "../provider";
import { AppLink, emailProblem, Notice, useAuthForm } from "../ui/auth";
import { AuthForm, EmailField } from "../ui/field";
import { Page } from "../ui/page";

/**
 * The "Reset Your Password" page: an "Email" field and a "Send Email" button that e-mails a reset link
 * (`app.sendForgotPasswordEmail`, pointing at the app's password-reset page), then a "check your inbox" message.
 *
 * @example
 * <ForgotPassword fullPage />
 */
export function ForgotPassword({ fullPage }: { fullPage?: boolean }) {
  const app = useApp();
  const t = useTranslation();
  const form = useAuthForm();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const onSubmit = async (field: (name: string) => string) => {
    const email = field("email").trim();
    const bad = emailProblem(email);
    if (bad) return form.setErrors({ email: t(bad) });
    const result = await form.run(() => app.sendForgotPasswordEmail(email));
    if (result?.status === "ok") setSentTo(email);
  };
  if (sentTo !== null) {
    return (
      <Notice fullPage={fullPage} title={t("Check your inbox")} actions={<AppLink app={app} page="signIn">{t("Back to sign in")}</AppLink>}>
        <p className="lk-ok" role="status">
          {t("If an account uses {email}, we sent it a link to reset the password. It may take a minute; check your spam folder too.", { email: sentTo })}
        </p>
      </Notice>
    );
  }
  return (
    <Page
      fullPage={fullPage}
      title={t("Reset Your Password")}
      subtitle={
        <>
          {t("Don't need to reset?")} <AppLink app={app} page="signIn">{t("Sign in")}</AppLink>
        </>
      }
    >
      <AuthForm form={form} onSubmit={onSubmit} submit={t("Send Email")}>
        <EmailField form={form} />
      </AuthForm>
    </Page>
  );
}
