import type { ReactNode } from "react";
import { Page } from "./page";

/**
 * A page that only says what it is waiting for (loading, checking a link): one centred, muted line, announced
 * politely to screen readers.
 * @internal
 * @example
 * <StatusPage fullPage={fullPage}>{t("Checking your link…")}</StatusPage>
 */
export function StatusPage({ fullPage, children }: { fullPage?: boolean; children: ReactNode }) {
  return (
    <Page fullPage={fullPage}>
      <p className="lk-center lk-muted" role="status">
        {children}
      </p>
    </Page>
  );
}
