import { useRef, useState } from "react";
import { useFocusEffect } from "../../ui/focus";
import type { FormEvent } from "react";
import { generateTotpSecret, totpSecretToBase32, totpUri } from "../../../auth/totp";
import { useTranslation } from "../../i18n";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/field";
import { useFormAction } from "../../ui/form";
import { CopyButton } from "./copy-button";
import { ActionRow, Section } from "./section";
import type { SettingsUser } from "./types";

interface Enrolment {
  secret: Uint8Array;
  base32: string;
  svg: string;
}

/** The label parts of the key URI may not contain ":" (it separates issuer and account). */
const labelPart = (text: string) => text.replace(/:/g, " ").trim() || "latchkey";

/**
 * Two-factor authentication with an authenticator app (TOTP). Enabling shows a QR code of the key URI (and the
 * key as text), then asks for a code from the app and checks it before the secret is saved, so a mistyped setup
 * never locks the user out. Disabling clears the secret.
 * @internal
 * @example
 * <TotpSection user={user} issuer={project.displayName} />
 */
export function TotpSection({ user, issuer }: { user: SettingsUser; issuer: string }) {
  const t = useTranslation();
  const form = useFormAction();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState("");
  const on = user.isMultiFactorRequired;
  const intro = useRef<HTMLParagraphElement>(null);
  useFocusEffect(() => intro.current?.focus(), [enrolment]); // keyboard users land on the instructions
  const start = () =>
    form.run(async () => {
      const secret = generateTotpSecret();
      const uri = totpUri({ secret, accountName: labelPart(user.primaryEmail ?? user.id), issuer: labelPart(issuer) });
      const { renderSVG } = await import("uqr");
      setCode("");
      setEnrolment({ secret, base32: totpSecretToBase32(secret), svg: renderSVG(uri, { border: 4 }) });
    });
  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    const secret = enrolment!.secret;
    const typed = code.replace(/\s/g, "");
    const done = await form.run(async () => {
      const { verifyTOTP } = await import("@oslojs/otp");
      if (!/^\d{6}$/.test(typed) || !verifyTOTP(secret, 30, 6, typed)) return form.setErrors({ code: t("Invalid TOTP code.") });
      await user.update({ totpMultiFactorSecret: secret });
      return true;
    });
    if (done) setEnrolment(null);
  };
  return (
    <Section
      inline={!enrolment}
      title={t("Two-factor authentication")}
      description={on ? t("Signing in asks for a code from your authenticator app.") : t("Ask for a code from an authenticator app when signing in.")}
    >
      {enrolment ? (
        <form className="lk-stack" onSubmit={confirm} noValidate>
          <p ref={intro} tabIndex={-1}>
            {t("Scan this QR code with your authenticator app, or enter the key below.")}
          </p>
          <div className="lk-qr" role="img" aria-label={t("QR code for your authenticator app")} dangerouslySetInnerHTML={{ __html: enrolment.svg }} />
          <div className="lk-row lk-add">
            <div className="lk-grow lk-narrow">
              <TextField label={t("Key")} readOnly value={enrolment.base32} className="lk-input lk-mono" onFocus={(e) => e.target.select()} />
            </div>
            <CopyButton value={enrolment.base32} label={t("Copy key")} />
          </div>
          <div className="lk-narrow">
            <TextField
              label={t("Code from your app")}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              error={form.errors.code ?? form.errors.form}
              hint={t("Enter the 6-digit code your app shows.")}
            />
          </div>
          <div className="lk-row">
            <Button type="submit" loading={form.pending}>
              {t("Enable two-factor authentication")}
            </Button>
            <Button variant="outline" disabled={form.pending} onClick={() => setEnrolment(null)}>
              {t("Cancel")}
            </Button>
          </div>
        </form>
      ) : (
        <ActionRow error={form.errors.form}>
          {on && <span className="lk-badge lk-strong">{t("Enabled")}</span>}
          {on ? (
            <Button variant="outline" loading={form.pending} onClick={() => form.run(() => user.update({ totpMultiFactorSecret: null }))}>
              {t("Disable two-factor authentication")}
            </Button>
          ) : (
            <Button variant="outline" loading={form.pending} onClick={start}>
              {t("Set up two-factor authentication")}
            </Button>
          )}
        </ActionRow>
      )}
    </Section>
  );
}
