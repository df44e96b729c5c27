import { useState } from "react";
import type { FormEvent } from "react";
import { useTranslation } from "../../i18n";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/field";
import { useFormAction } from "../../ui/form";
import type { SettingsUser } from "./types";

/**
 * Creates a team (which becomes the user's selected team), then `onCreated` opens its page.
 * @internal
 * @example
 * <TeamCreationSection user={user} onCreated={(id) => select(`team-${id}`)} />
 */
export function TeamCreationSection({ user, onCreated }: { user: SettingsUser; onCreated: (teamId: string) => void }) {
  const t = useTranslation();
  const form = useFormAction();
  const [name, setName] = useState("");
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const displayName = name.trim();
    if (!displayName) return form.setErrors({ form: t("Please enter a name.") });
    const team = await form.run(() => user.createTeam({ displayName }));
    if (team) onCreated(team.id);
  };
  return (
    <div className="lk-stack">
      <p className="lk-muted">{t("Teams share members, permissions and API keys. You can invite people once it exists.")}</p>
      <form className="lk-row lk-add" onSubmit={submit} noValidate>
        <div className="lk-grow">
          <TextField label={t("Team name")} value={name} maxLength={256} onChange={(e) => setName(e.target.value)} error={form.errors.form} />
        </div>
        <Button type="submit" loading={form.pending}>
          {t("Create")}
        </Button>
      </form>
    </div>
  );
}
