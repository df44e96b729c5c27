import { useEffect, useState } from "react";
import type { ClientApp } from "../../apps/client-app";
import { checkNewPassword } from "../../util/password-rules";
import { ArgumentError } from "../../errors/base";
import { useTranslation } from "../i18n";
import { useApp } from "../provider";
import { AppLink, Notice, useAuthForm, useSearch } from "../ui/auth";
import { describeError } from "../ui/errors";
import { AuthForm } from "../ui/field";
import { NewPasswordFields } from "../ui/new-password-fields";
import { Page } from "../ui/page";
import { StatusPage } from "../ui/status-page";

type LinkState = "checking" | "valid" | "invalid" | "expired" | "used" | "done";

const stateOf = (code: unknown): LinkState =>
  code === "VERIFICATION_CODE_EXPIRED" ? "expired" : code === "VERIFICATION_CODE_ALREADY_USED" ? "used" : "invalid";

/**
 * The page the password-reset e-mail links to. It reads `code` from the address (or `searchParams`), checks it
 * (`app.verifyPasswordResetCode`) and says so when the link is invalid, expired or already used; otherwise it
 * asks for the "New Password" twice and "Reset Password" sets it (`app.resetPassword`), then offers to sign in.
 *
 * @example
 * <PasswordReset fullPage />
 * <PasswordReset searchParams={{ code }} /> // a router that hands you the query
 */
export function PasswordReset({ fullPage, searchParams }: { fullPage?: boolean; searchParams?: Record<string, string> }) {
  if (searchParams !== undefined && (typeof searchParams !== "object" || searchParams === null)) {
    throw new ArgumentError("<PasswordReset> searchParams must be an object of query parameters, e.g. { code }.");
  }
  const app = useApp();
  const t = useTranslation();
  const search = useSearch();
  const given = searchParams?.code;
  const [{ state, code }, setLink] = useState<{ state: LinkState; code: string }>({ state: "checking", code: "" });
  const setState = (next: LinkState) => setLink((link) => ({ ...link, state: next }));
  useEffect(() => {
    const found = given ?? new URLSearchParams(window.location.search).get("code");
    if (!found) return void setLink({ state: "invalid", code: "" });
    let live = true;
    setLink({ state: "checking", code: found });
    app.verifyPasswordResetCode(found).then(
      (result) => live && setLink({ state: result.status === "ok" ? "valid" : stateOf((result.error as { code?: string }).code), code: found }),
      () => live && setLink({ state: "invalid", code: found }),
    );
    return () => void (live = false);
  }, [app, given, search]);
  const again = <AppLink app={app} page="forgotPassword">{t("Request a new link")}</AppLink>;
  const say = (title: string, text: string, action = again) => (
    <Notice fullPage={fullPage} title={title} actions={action}>
      <p className="lk-center lk-muted">{text}</p>
    </Notice>
  );
  switch (state) {
    case "checking":
      return <StatusPage fullPage={fullPage}>{t("Checking your link…")}</StatusPage>;
    case "invalid":
      return say(t("Invalid Password Reset Link"), t("This link is not valid. Check that you opened the whole link from the e-mail."));
    case "expired":
      return say(t("Expired Password Reset Link"), t("This link has expired. Ask for a new one."));
    case "used":
      return say(t("Used Password Reset Link"), t("This link has already been used. Ask for a new one to reset your password again."));
    case "done":
      return say(t("Your password has been reset"), t("You can now sign in with your new password."), <AppLink app={app} page="signIn">{t("Sign in")}</AppLink>);
  }
  return <ResetForm app={app} code={code} fullPage={fullPage} onState={setState} />;
}

function ResetForm({ app, code, fullPage, onState }: { app: ClientApp; code: string; fullPage?: boolean; onState: (state: LinkState) => void }) {
  const t = useTranslation();
  const form = useAuthForm();
  const { errors } = form;
  const onSubmit = async (field: (name: string) => string) => {
    const password = field("password");
    const repeat = field("passwordRepeat");
    if (!password) return form.setErrors({ password: t("Please enter a new password.") });
    if (!repeat) return form.setErrors({ passwordRepeat: t("Please repeat your new password.") });
    const rule = checkNewPassword(password, repeat);
    if (rule) {
      const { field, text, values } = describeError(rule);
      return form.setErrors({ [field]: t(text, values) });
    }
    let refused: unknown;
    const result = await form.run(async () => {
      const done = await app.resetPassword({ code, password });
      if (done.status === "error") refused = done.error;
      return done;
    });
    if (refused) onState(stateOf((refused as { code?: string }).code));
    else if (result) onState("done");
  };
  return (
    <Page fullPage={fullPage} title={t("Reset Your Password")}>
      <AuthForm form={form} onSubmit={onSubmit} submit={t("Reset Password")} error={errors.form ?? errors.code}>
        <NewPasswordFields form={form} label={t("New Password")} repeatLabel={t("Repeat New Password")} />
      </AuthForm>
    </Page>
  );
}
