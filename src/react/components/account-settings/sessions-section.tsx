import { useId } from "react";
import type { ActiveSession } from "../../../resources/sessions";
import { useTranslation } from "../../i18n";
import { Button } from "../../ui/button";
import { useFormAction } from "../../ui/form";
import { Section } from "./section";
import type { SettingsUser } from "./types";

const when = (date: Date | undefined) => (date ? date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }) : null);

function Row({ session, user }: { session: ActiveSession; user: SettingsUser }) {
  const t = useTranslation();
  const form = useFormAction();
  const id = useId();
  const s = session;
  const geo = s.geoInfo;
  const place = geo && [geo.cityName, geo.regionCode, geo.countryCode].filter(Boolean).join(", ");
  const details = [
    geo?.ip && t("IP {ip}", { ip: geo.ip }),
    place,
    t("Signed in {date}", { date: when(s.createdAt)! }),
    t("Last used {date}", { date: when(s.lastUsedAt) ?? t("never") }),
  ].filter(Boolean);
  return (
    <li>
      <div role="group" aria-labelledby={id} className="lk-item">
        <div className="lk-grow">
          <div className="lk-row">
            <span id={id} className="lk-value">
              {s.isCurrentSession ? t("This session") : s.isImpersonation ? t("Impersonation session") : t("Session from {date}", { date: when(s.createdAt)! })}
            </span>
            {s.isCurrentSession && <span className="lk-badge lk-strong">{t("Current")}</span>}
          </div>
          <p className="lk-muted">{details.join(" · ")}</p>
        </div>
        {!s.isCurrentSession && (
          <Button variant="outline" loading={form.pending} onClick={() => form.run(() => user.revokeSession(s.id))}>
            {t("Revoke")}
          </Button>
        )}
        {form.errors.form && (
          <p className="lk-error lk-full" role="alert">
            {form.errors.form}
          </p>
        )}
      </div>
    </li>
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
