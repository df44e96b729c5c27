import { useId } from "react";
import type { FormEvent, ReactNode } from "react";
import { Button } from "../../ui/button";
import { FormError } from "../../ui/field";

// The pieces the settings pages are built from: sections, list entries, rows of actions, one-field forms.

/**
 * One part of a settings page: a heading, a line saying what it is for, and its controls (beside the text on
 * wide screens when `inline`, under it otherwise).
 * @internal
 * @example
 * <Section title={t("Passkey")} description={t("Sign in with your fingerprint, face or device PIN.")}>…</Section>
 */
export function Section({ title, description, inline, children }: { title: ReactNode; description?: ReactNode; inline?: boolean; children?: ReactNode }) {
  return (
    <div className={inline ? "lk-section lk-inline" : "lk-section"}>
      <div>
        <h3>{title}</h3>
        {description && <p className="lk-muted">{description}</p>}
      </div>
      {children}
    </div>
  );
}

/**
 * One entry of a settings list (e-mail address, session, API key, invitation): a group named by `name`, with
 * `badges` beside the name, `details` under it, then the entry's controls (`children`) and the error of its
 * last action.
 * @internal
 * @example
 * <ListItem name={invitation.recipientEmail} details={t("Expires {date}", { date })} error={form.errors.form}>
 *   <Button variant="outline" onClick={revoke}>{t("Revoke")}</Button>
 * </ListItem>
 */
export function ListItem({ name, badges, details, error, children }: { name: ReactNode; badges?: ReactNode; details?: ReactNode; error?: string; children?: ReactNode }) {
  const id = useId();
  return (
    <li>
      <div role="group" aria-labelledby={id} className="lk-item">
        <div className="lk-grow">
          <div className="lk-row">
            <span id={id} className="lk-value">
              {name}
            </span>
            {badges}
          </div>
          {details && <p className="lk-muted">{details}</p>}
        </div>
        {children}
        <FormError text={error} className="lk-full" />
      </div>
    </li>
  );
}

/**
 * A row of buttons for one setting (an "Enabled" badge first, where it applies) with the error of the last
 * action under it.
 * @internal
 * @example
 * <ActionRow error={form.errors.form}><Button onClick={…}>{t("Register a passkey")}</Button></ActionRow>
 */
export function ActionRow({ error, children }: { error?: string; children: ReactNode }) {
  return (
    <div className="lk-stack">
      <div className="lk-row">{children}</div>
      <FormError text={error} />
    </div>
  );
}

/**
 * A form of one field (which grows) and its submit button side by side, with `children` (e.g. a status line)
 * under them. The browser's own validation is off: `onSubmit` checks and says what is wrong.
 * @internal
 * @example
 * <InlineForm onSubmit={add} field={<TextField label={t("Email")} … />} submit={t("Add")} variant="secondary" loading={form.pending} />
 */
export function InlineForm({
  onSubmit,
  field,
  submit,
  variant,
  loading,
  children,
}: {
  onSubmit: () => unknown;
  field: ReactNode;
  submit: ReactNode;
  variant?: "secondary";
  loading: boolean;
  children?: ReactNode;
}) {
  const send = (event: FormEvent) => {
    event.preventDefault();
    void onSubmit();
  };
  const row = (
    <>
      <div className="lk-grow">{field}</div>
      <Button type="submit" variant={variant} loading={loading}>
        {submit}
      </Button>
    </>
  );
  if (children === undefined) {
    return (
      <form className="lk-row lk-add" onSubmit={send} noValidate>
        {row}
      </form>
    );
  }
  return (
    <form className="lk-stack" onSubmit={send} noValidate>
      <div className="lk-row lk-add">{row}</div>
      {children}
    </form>
  );
}
