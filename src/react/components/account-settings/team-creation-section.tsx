import { useState } from "react";
import { useTranslation } from "../../i18n";
import { TextField } from "../../ui/field";
import { useFormAction } from "../../ui/form";
import { InlineForm } from "./section";
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
  const submit = async () => {
    const displayName = name.trim();
    if (!displayName) return form.setErrors({ form: t("Please enter a name.") });
    const team = await form.run(() => user.createTeam({ displayName }));
    if (team) onCreated(team.id);
  };
  return (
    <div className="lk-stack">
      <p className="lk-muted">{t("Teams share members, permissions and API keys. You can invite people once it exists.")}</p>
      <InlineForm
        onSubmit={submit}
        field={<TextField label={t("Team name")} value={name} maxLength={256} onChange={(e) => setName(e.target.value)} error={form.errors.form} />}
        submit={t("Create")}
        loading={form.pending}
      />
    </div>
  );
}
