import { Component, Suspense } from "react";
import type { ReactNode } from "react";
import { useTranslation } from "../../i18n";
import { describeError } from "../../ui/errors";
import { FormError } from "../../ui/field";

function Failure({ error }: { error: unknown }) {
  const t = useTranslation();
  const { text, values } = describeError(error);
  return <FormError text={t(text, values)} />;
}

class Boundary extends Component<{ children?: ReactNode }, { error?: unknown }> {
  override state: { error?: unknown } = {};
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error !== undefined ? <Failure error={this.state.error} /> : this.props.children;
  }
}

/**
 * Loads a settings page (a "Loading…" status while its reads suspend) and shows a failed read as a readable
 * message in place of the page, so the side menu stays usable.
 * @internal
 * @example
 * <Loading key={selected}><ProfileSection user={user} /></Loading>
 */
export function Loading({ children }: { children?: ReactNode }) {
  const t = useTranslation();
  return (
    <Boundary>
      <Suspense fallback={<p role="status" className="lk-muted">{t("Loading")}</p>}>{children}</Suspense>
    </Boundary>
  );
}
