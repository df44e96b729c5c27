import { useRef, useState } from "react";
import { useFocusEffect } from "../../ui/focus";
import type { FormEvent } from "react";
import { useTranslation } from "../../i18n";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/field";
import { useFormAction } from "../../ui/form";

const Pencil = () => (
  <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
    <path d="M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4" />
  </svg>
);

/**
 * A value with a named edit button ("Edit user name") that turns it into a field with Save and Cancel (Escape
 * cancels too). Without `onSave` the value is only shown. Errors show under the field; focus returns to the edit
 * button when done.
 * @internal
 * @example
 * <EditableText label={t("User name")} editLabel={t("Edit user name")} value={user.displayName} onSave={(v) => user.setDisplayName(v || null)} />
 */
export function EditableText({
  label,
  editLabel,
  value,
  empty,
  required,
  onSave,
}: {
  label: string;
  editLabel: string;
  value: string | null;
  /** Shown when there is no value. */
  empty?: string;
  required?: boolean;
  onSave?: (value: string) => Promise<unknown>;
}) {
  const t = useTranslation();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState("");
  const form = useFormAction();
  const row = useRef<HTMLDivElement>(null);
  const refocus = useRef(false);
  useFocusEffect(() => {
    if (!editing && refocus.current) row.current?.querySelector("button")?.focus();
    refocus.current = false;
  }, [editing]);
  const close = () => {
    refocus.current = true;
    form.setErrors({});
    setEditing(false);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = draft.trim();
    if (required && !next) return form.setErrors({ form: t("Please enter a name.") });
    if (next === (value ?? "")) return close();
    const saved = await form.run(async () => (await onSave!(next), true));
    if (saved) close();
  };
  if (editing)
    return (
      <form className="lk-row lk-add" onSubmit={submit} noValidate>
        <div className="lk-grow">
          <TextField
            label={label}
            value={draft}
            autoFocus
            maxLength={256}
            error={form.errors.form}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => e.key === "Escape" && close()}
          />
        </div>
        <Button type="submit" loading={form.pending}>
          {t("Save")}
        </Button>
        <Button variant="outline" onClick={close} disabled={form.pending}>
          {t("Cancel")}
        </Button>
      </form>
    );
  return (
    <div className="lk-row" ref={row}>
      <span className={value ? "lk-value" : "lk-value lk-muted"}>{value || empty}</span>
      {onSave && (
        <Button
          variant="ghost"
          aria-label={editLabel}
          onClick={() => {
            setDraft(value ?? "");
            setEditing(true);
          }}
        >
          <Pencil />
          {t("Edit")}
        </Button>
      )}
    </div>
  );
}
