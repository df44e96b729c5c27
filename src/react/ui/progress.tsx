import type { ReactNode } from "react";

/**
 * Work in progress, announced politely to screen readers: a spinner and what is happening.
 * @internal
 * @example
 * <Progress>{t("Signing you out…")}</Progress>
 */
export function Progress({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="lk-status">
      <span className="lk-spinner" aria-hidden="true" />
      {children}
    </p>
  );
}
