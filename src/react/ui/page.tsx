import type { ReactNode } from "react";
import { useLang } from "../i18n";
import { BaseStyles } from "../theme/base-styles";

/**
 * The frame of a latchkey page: centred on the whole page when `fullPage`, else a block in the app's layout.
 * `wide` drops the card's width limit (account settings).
 * @internal
 * @example
 * <Page fullPage title={t("Sign in to your account")}>…</Page>
 */
export function Page({ fullPage, title, subtitle, wide, children }: { fullPage?: boolean; title?: ReactNode; subtitle?: ReactNode; wide?: boolean; children?: ReactNode }) {
  // The page's words are in the provider's language, which may not be the document's: say so to screen readers.
  const lang = useLang();
  const card = (
    <div className={wide ? "lk-card lk-wide" : "lk-card"}>
      {title && <h1>{title}</h1>}
      {subtitle && <p className="lk-center lk-muted">{subtitle}</p>}
      {children}
    </div>
  );
  return (
    <>
      <BaseStyles />
      {fullPage ? <main className="lk lk-page" lang={lang}>{card}</main> : <div className="lk" lang={lang}>{card}</div>}
    </>
  );
}
