import { useTranslation } from "../../i18n";
import { FormError } from "../../ui/field";
import { useFormAction } from "../../ui/form";
import type { NotificationCategory } from "../../../resources/notification-categories/client";
import { Section } from "./section";
import type { SettingsUser } from "./types";

function Category({ category }: { category: NotificationCategory }) {
  const t = useTranslation();
  const form = useFormAction();
  return (
    <li>
      <label className="lk-check lk-grow">
        <input
          type="checkbox"
          checked={category.enabled}
          disabled={!category.canDisable || form.pending}
          aria-busy={form.pending || undefined}
          onChange={(e) => form.run(() => category.setEnabled(e.target.checked))}
        />
        <span>{category.name}</span>
      </label>
      {!category.canDisable && <span className="lk-muted">{t("Always sent")}</span>}
      <FormError text={form.errors.form} className="lk-full" />
    </li>
  );
}

/**
 * The kinds of e-mail the project sends, each with a checkbox saying whether the user gets it (those the user
 * cannot turn off are shown checked and disabled).
 * @internal
 * @example
 * <NotificationsSection user={user} />
 */
export function NotificationsSection({ user }: { user: SettingsUser }) {
  const t = useTranslation();
  const categories = user.useNotificationCategories();
  return (
    <Section title={t("Emails you receive")} description={t("Choose which kinds of email you want to get from us.")}>
      <ul className="lk-list" aria-label={t("Email categories")}>
        {categories.map((c) => (
          <Category key={c.id} category={c} />
        ))}
      </ul>
    </Section>
  );
}
