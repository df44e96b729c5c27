import type { ReactNode } from "react";

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
