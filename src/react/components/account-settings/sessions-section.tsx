import type { ActiveSession } from "../../../resources/sessions/client";
import { useLang, useTranslation } from "../../i18n";
import { Button } from "../../ui/button";
import { useFormAction } from "../../ui/form";
import { ListItem, Section } from "./section";
import type { SettingsUser } from "./types";

// In the provider's language (undefined: the browser's).
const when = (date: Date | undefined, lang: string | undefined) => (date ? date.toLocaleString(lang, { dateStyle: "medium", timeStyle: "short" }) : null);

function Row({ session, user }: { session: ActiveSession; user: SettingsUser }) {
  const t = useTranslation();
  const lang = useLang();
  const form = useFormAction();
  const s = session;
  const geo = s.geoInfo;
  const place = geo && [geo.cityName, geo.regionCode, geo.countryCode].filter(Boolean).join(", ");
  const details = [
    geo?.ip && t("IP {ip}", { ip: geo.ip }),
    place,
    t("Signed in {date}", { date: when(s.createdAt, lang)! }),
    t("Last used {date}", { date: when(s.lastUsedAt, lang) ?? t("never") }),
  ].filter(Boolean);
  return (
    <ListItem
      name={s.isCurrentSession ? t("This session") : s.isImpersonation ? t("Impersonation session") : t("Session from {date}", { date: when(s.createdAt, lang)! })}
      badges={s.isCurrentSession && <span className="lk-badge lk-strong">{t("Current")}</span>}
      details={details.join(" · ")}
      error={form.errors.form}
    >
      {!s.isCurrentSession && (
        <Button variant="outline" loading={form.pending} onClick={() => form.run(() => user.revokeSession(s.id))}>
          {t("Revoke")}
        </Button>
      )}
    </ListItem>
  );
}

/**
 * The user's signed-in sessions (this one marked), where and when each was used, and "Revoke" for the others.
 * @internal
 * @example
 * <SessionsSection user={user} />
 */
export function SessionsSection({ user }: { user: SettingsUser }) {
  const t = useTranslation();
  const sessions = [...user.useActiveSessions()].sort((a, b) => Number(b.isCurrentSession) - Number(a.isCurrentSession) || +b.createdAt - +a.createdAt);
  return (
    <Section title={t("Signed-in devices")} description={t("Sessions that can act for you. Revoke any you do not recognise.")}>
      <ul className="lk-list" aria-label={t("Sessions")}>
        {sessions.map((s) => (
          <Row key={s.id} session={s} user={user} />
        ))}
      </ul>
    </Section>
  );
}
