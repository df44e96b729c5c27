import { useId, useState } from "react";
import type { FormEvent } from "react";
import type { ApiKey, ApiKeyCreate } from "../../../resources/api-keys/client";
import { useLang, useTranslation } from "../../i18n";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/field";
import { useFormAction } from "../../ui/form";
import { ConfirmButton } from "./confirm-button";
import { CopyButton } from "./copy-button";
import { ListItem } from "./section";

const DAY = 86_400_000;
/** Expiry choices: label and days (0: never). */
const EXPIRIES: [string, number][] = [["Never", 0], ["In 1 day", 1], ["In 7 days", 7], ["In 30 days", 30], ["In 90 days", 90], ["In 1 year", 365]];
// In the provider's language (undefined: the browser's).
const dateIn = (lang: string | undefined) => (d: Date) => d.toLocaleDateString(lang, { dateStyle: "medium" });

function Key({ apiKey }: { apiKey: ApiKey }) {
  const t = useTranslation();
  const date = dateIn(useLang());
  const k = apiKey;
  const why = k.whyInvalid();
  const details = [
    t("Ends in {digits}", { digits: k.value.lastFour }),
    t("Created {date}", { date: date(k.createdAt) }),
    k.expiresAt ? t(why === "expired" ? "Expired {date}" : "Expires {date}", { date: date(k.expiresAt) }) : t("Never expires"),
  ];
  return (
    <ListItem
      name={k.description || t("API key")}
      badges={why && <span className="lk-badge lk-warn">{why === "expired" ? t("Expired") : t("Revoked")}</span>}
      details={details.join(" · ")}
    >
      {!why && <ConfirmButton label={t("Revoke")} question={t("Revoke this key? Anything using it stops working.")} confirmLabel={t("Revoke key")} onConfirm={() => k.revoke()} />}
    </ListItem>
  );
}

/**
 * API keys of a user or a team: a form to create one (description and expiry) whose full value is shown once,
 * with a copy button, and the list of keys (last four characters only) with "Revoke".
 * @internal
 * @example
 * <ApiKeyPanel keys={user.useApiKeys()} create={(data) => user.createApiKey(data)} />
 */
export function ApiKeyPanel({ keys, create }: { keys: ApiKey[]; create: (data: ApiKeyCreate) => Promise<{ value: string }> }) {
  const t = useTranslation();
  const form = useFormAction();
  const [description, setDescription] = useState("");
  const [days, setDays] = useState(0);
  const [created, setCreated] = useState<string | null>(null);
  const selectId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!description.trim()) return form.setErrors({ description: t("Please describe what the key is for.") });
    const key = await form.run(() => create({ description: description.trim(), expiresAt: days ? new Date(Date.now() + days * DAY) : null }));
    if (key) {
      setCreated(key.value);
      setDescription("");
    }
  };
  const sorted = [...keys].sort((a, b) => Number(a.isValid()) === Number(b.isValid()) ? +b.createdAt - +a.createdAt : a.isValid() ? -1 : 1);
  return (
    <div className="lk-stack">
      {created ? (
        <div className="lk-stack lk-callout">
          <p role="status">{t("Your new API key. Copy it now: it will not be shown again.")}</p>
          <TextField label={t("New API key")} readOnly value={created} className="lk-input lk-mono" onFocus={(e) => e.target.select()} />
          <div className="lk-row">
            <CopyButton value={created} label={t("Copy API key")} />
            <Button variant="secondary" onClick={() => setCreated(null)}>
              {t("Done")}
            </Button>
          </div>
        </div>
      ) : (
        <form className="lk-row lk-add" onSubmit={submit} noValidate>
          <div className="lk-grow">
            <TextField label={t("Description")} value={description} maxLength={256} onChange={(e) => setDescription(e.target.value)} error={form.errors.description ?? form.errors.form} />
          </div>
          <div className="lk-field">
            <label className="lk-label" htmlFor={selectId}>
              {t("Expires")}
            </label>
            <select id={selectId} className="lk-input" value={days} onChange={(e) => setDays(Number(e.target.value))}>
              {EXPIRIES.map(([label, n]) => (
                <option key={n} value={n}>
                  {t(label)}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" loading={form.pending}>
            {t("Create API key")}
          </Button>
        </form>
      )}
      {sorted.length > 0 ? (
        <ul className="lk-list" aria-label={t("API keys")}>
          {sorted.map((k) => (
            <Key key={k.id} apiKey={k} />
          ))}
        </ul>
      ) : (
        <p className="lk-muted">{t("No API keys yet.")}</p>
      )}
    </div>
  );
}
