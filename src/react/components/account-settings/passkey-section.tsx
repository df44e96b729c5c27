import { useTranslation } from "../../i18n";
import { Button } from "../../ui/button";
import { useFormAction } from "../../ui/form";
import { ActionRow, Section } from "./section";
import type { SettingsUser } from "./types";

/**
 * Registers a passkey for the user (the browser asks for a fingerprint, face or PIN) and says whether one is
 * set up. WebAuthn failures show under the button.
 * @internal
 * @example
 * {project.config.passkeyEnabled && <PasskeySection user={user} />}
 */
export function PasskeySection({ user }: { user: SettingsUser }) {
  const t = useTranslation();
  const form = useFormAction();
  const on = user.passkeyAuthEnabled;
  return (
    <Section
      inline
      title={t("Passkey")}
      description={on ? t("You can sign in with your passkey.") : t("Sign in with your fingerprint, face or device PIN instead of a password.")}
    >
      <ActionRow error={form.errors.form}>
        {on && <span className="lk-badge lk-strong">{t("Enabled")}</span>}
        <Button variant="outline" loading={form.pending} onClick={() => form.run(() => user.registerPasskey())}>
          {on ? t("Register another passkey") : t("Register a passkey")}
        </Button>
      </ActionRow>
    </Section>
  );
}
