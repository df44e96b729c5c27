import { useEffect, useState } from "react";
import type { FormEvent } from "react";
import { MFA_ATTEMPT_KEYS } from "../../auth/mfa";
import { useProvidedApp } from "../context";
import { useTranslation } from "../i18n";
import { Button } from "../ui/button";
import { codeProblem } from "../ui/code-outcome";
import { FormError, TextField } from "../ui/field";
import { useFormAction } from "../ui/form";
import { AppLink } from "../ui/link";
import { Page } from "../ui/page";
import { Progress } from "../ui/progress";
import { outcomeCard } from "./message-card";

/**
 * Props of {@link MfaPage} (the official `MFA` page's).
 * @example
 * const props: MfaPageProps = { fullPage: true, onSuccess: () => navigate("/dashboard") };
 */
export interface MfaPageProps {
  /** Centre the page on its own (default: a block in your layout). */
  fullPage?: boolean;
  /** Called once signed in, instead of going to the after-sign-in page. */
  onSuccess?: () => void;
  /** Shows a "Cancel" button that calls it. */
  onCancel?: () => void;
}

const attemptCode = () => {
  try {
    return MFA_ATTEMPT_KEYS.map((key) => window.sessionStorage.getItem(key)).find(Boolean) ?? null;
  } catch {
    return null; // storage blocked
  }
};

/**
 * The second step of a sign-in whose account has TOTP on (the sign-in sent the visitor here, at `/handler/mfa`):
 * an "Authentication code" field for the 6 digits of the authenticator app, sent as soon as all six are typed or
 * with "Verify". Signs in with `app.signInWithMfa(code, attemptCode)` (the attempt code the sign-in kept in
 * `sessionStorage`), then goes to the after-sign-in page (or the return target). A wrong code shows "Invalid TOTP
 * code." next to the field and keeps what was typed; an expired attempt, or none, offers signing in again.
 *
 * @example
 * // at /handler/mfa (the handler mounts it for you)
 * <MfaPage fullPage />
 */
export function MfaPage({ fullPage = false, onSuccess, onCancel }: MfaPageProps) {
  const app = useProvidedApp();
  const t = useTranslation();
  const form = useFormAction();
  const [value, setValue] = useState("");
  const [state, setState] = useState<"ready" | "no-attempt" | "expired" | "done">("ready");
  useEffect(() => {
    if (!attemptCode()) setState("no-attempt");
  }, []);

  const submit = (code: string) => {
    if (!/^\d{6}$/.test(code)) return form.setErrors({ code: t("Enter the 6 digits from your authenticator app.") });
    const attempt = attemptCode();
    if (!attempt) return setState("no-attempt");
    void form.run(async () => {
      const result = await app.signInWithMfa(code, attempt, { noRedirect: !!onSuccess });
      if (result.status === "ok") {
        setState("done");
        onSuccess?.();
      } else if (codeProblem(result.error)) setState("expired");
      else return result; // a wrong code: shown next to the field
    });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(value);
  };

  if (state === "no-attempt" || state === "expired") {
    return outcomeCard({
      fullPage,
      title: t(state === "expired" ? "This sign-in has expired" : "No sign-in is waiting for a code"),
      text: t("Please sign in again."),
      links: (
        <AppLink href={app.urls.signIn} button>
          {t("Sign in")}
        </AppLink>
      ),
    });
  }
  return (
    <Page fullPage={fullPage} title={t("Multi-factor authentication")} subtitle={t("Enter the 6-digit code from your authenticator app.")}>
      {state === "done" ? (
        <>
          <Progress>{t("Verified! Redirecting…")}</Progress>
          <div className="lk-actions">
            <AppLink href={app.urls.afterSignIn}>{t("Continue")}</AppLink>
          </div>
        </>
      ) : (
        <form className="lk-stack" onSubmit={onSubmit} noValidate>
          <TextField
            label={t("Authentication code")}
            name="code"
            className="lk-input lk-otp"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            autoFocus
            value={value}
            onChange={(event) => {
              const digits = event.target.value.replace(/\D/g, "").slice(0, 6);
              setValue(digits);
              if (form.errors.code || form.errors.form) form.setErrors({});
              if (digits.length === 6 && digits !== value && !form.pending) submit(digits);
            }}
            error={form.errors.code}
          />
          <FormError text={form.errors.form} />
          <Button type="submit" block loading={form.pending}>
            {t("Verify")}
          </Button>
          {onCancel && (
            <Button variant="ghost" disabled={form.pending} onClick={onCancel}>
              {t("Cancel")}
            </Button>
          )}
        </form>
      )}
    </Page>
  );
}
