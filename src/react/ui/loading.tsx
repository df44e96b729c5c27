import { useTranslation } from "../i18n";
import { Page } from "./page";
import { Progress } from "./progress";

/**
 * A page's frame while what it shows is loading (the fallback of the pages' Suspense boundaries).
 * @internal
 * @example
 * <Suspense fallback={<Loading fullPage={fullPage} />}>…</Suspense>
 */
export function Loading({ fullPage }: { fullPage?: boolean }) {
  const t = useTranslation();
  return (
    <Page fullPage={fullPage}>
      <Progress>{t("Loading…")}</Progress>
    </Page>
  );
}
