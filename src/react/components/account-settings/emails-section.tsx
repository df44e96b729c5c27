import { useState } from "react";
import type { ContactChannel } from "../../../resources/contact-channels/client";
import { useTranslation } from "../../i18n";
import { Button } from "../../ui/button";
import { useFormAction } from "../../ui/form";
import { EmailAddressForm } from "./email-address-form";
import { ListItem, Section } from "./section";
import type { SettingsUser } from "./types";

function Channel({ channel, lastForSignIn }: { channel: ContactChannel; lastForSignIn: boolean }) {
  const t = useTranslation();
  const form = useFormAction();
  const [sent, setSent] = useState(false);
  const act = (action: () => Promise<unknown>) => () => form.run(action);
  const c = channel;
  const error = form.errors.form ?? form.errors.email;
  const badges = (
    <>
      {c.isPrimary && <span className="lk-badge lk-strong">{t("Primary")}</span>}
      <span className={c.isVerified ? "lk-badge" : "lk-badge lk-warn"}>{c.isVerified ? t("Verified") : t("Unverified")}</span>
      {c.usedForAuth && <span className="lk-badge">{t("Used for sign-in")}</span>}
    </>
  );
  return (
    <ListItem name={c.value} badges={badges} error={error}>
      <div className="lk-row">
        {!c.isVerified && (
          <Button variant="outline" disabled={form.pending} onClick={act(async () => (await c.sendVerificationEmail(), setSent(true)))}>
            {t("Send verification email")}
          </Button>
        )}
        {c.isVerified && !c.isPrimary && (
          <Button variant="outline" disabled={form.pending} onClick={act(() => c.update({ isPrimary: true }))}>
            {t("Make primary")}
          </Button>
        )}
        {c.isVerified && !c.usedForAuth && (
          <Button variant="outline" disabled={form.pending} onClick={act(() => c.update({ usedForAuth: true }))}>
            {t("Use for sign-in")}
          </Button>
        )}
        {c.usedForAuth && !lastForSignIn && (
          <Button variant="outline" disabled={form.pending} onClick={act(() => c.update({ usedForAuth: false }))}>
            {t("Stop using for sign-in")}
          </Button>
        )}
        {!(c.usedForAuth && lastForSignIn) && (
          <Button variant="ghost" className="lk-danger" disabled={form.pending} onClick={act(() => c.delete())}>
            {t("Remove")}
          </Button>
        )}
      </div>
      {sent && !error && (
        <p role="status" className="lk-muted lk-full">
          {t("Verification email sent to {email}.", { email: c.value })}
        </p>
      )}
    </ListItem>
  );
}

/**
 * The user's e-mail addresses (contact channels) with their state, the actions each allows, and a form to add one.
 * @internal
 * @example
 * <EmailsSection user={user} />
 */
export function EmailsSection({ user }: { user: SettingsUser }) {
  const t = useTranslation();
  const channels = user.useContactChannels().filter((c) => c.type === "email");
  const signIn = channels.filter((c) => c.usedForAuth).length;
  const taken = (value: string) => (channels.some((c) => c.value.toLowerCase() === value.toLowerCase()) ? t("This email address is already on your account.") : null);
  const add = (value: string) => user.createContactChannel({ type: "email", value, usedForAuth: false });
  const sorted = [...channels].sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary) || Number(b.isVerified) - Number(a.isVerified));
  return (
    <Section title={t("Emails")} description={t("Addresses we can reach you at. Verified ones can be used to sign in.")}>
      {sorted.length > 0 && (
        <ul className="lk-list" aria-label={t("Email addresses")}>
          {sorted.map((c) => (
            <Channel key={c.id} channel={c} lastForSignIn={c.usedForAuth && signIn === 1} />
          ))}
        </ul>
      )}
      <EmailAddressForm submit={t("Add")} autoComplete="email" refuse={taken} send={add} />
    </Section>
  );
}
