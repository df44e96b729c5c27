import { useId, useRef, useState } from "react";
import { useFocusEffect } from "../../ui/focus";
import { useTranslation } from "../../i18n";
import { Button } from "../../ui/button";
import { FormError } from "../../ui/field";
import { useFormAction } from "../../ui/form";

/**
 * A button for an action that cannot be undone: the first press asks `question` and offers `confirmLabel` (which
 * runs `onConfirm`, with progress and its error shown) or Cancel.
 * @internal
 * @example
 * <ConfirmButton label={t("Leave team")} question={t("Leave this team?")} confirmLabel={t("Yes, leave")} onConfirm={() => user.leaveTeam(team)} />
 */
export function ConfirmButton({
  label,
  question,
  confirmLabel,
  onConfirm,
}: {
  label: string;
  question: string;
  confirmLabel: string;
  onConfirm: () => Promise<unknown>;
}) {
  const t = useTranslation();
  const [asking, setAsking] = useState(false);
  const form = useFormAction();
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const back = useRef(false);
  useFocusEffect(() => {
    if (!asking && back.current) box.current?.querySelector("button")?.focus(); // Cancel: back to the button
    back.current = false;
  }, [asking]);
  if (!asking)
    return (
      <div ref={box}>
        <Button variant="outline" className="lk-danger" onClick={() => setAsking(true)}>
          {label}
        </Button>
      </div>
    );
  return (
    <div className="lk-confirm" role="group" aria-labelledby={id} ref={box}>
      <p id={id}>{question}</p>
      <div className="lk-row">
        <Button variant="destructive" autoFocus loading={form.pending} onClick={() => form.run(onConfirm)}>
          {confirmLabel}
        </Button>
        <Button
          variant="outline"
          disabled={form.pending}
          onClick={() => {
            back.current = true;
            setAsking(false);
          }}
        >
          {t("Cancel")}
        </Button>
      </div>
      <FormError text={form.errors.form} />
    </div>
  );
}
