import { Component } from "react";
import type { ReactNode } from "react";
import { useTranslation } from "../i18n";
import { MessageCard } from "../components/message-card";
import { describeFlowError } from "./flow-errors";

function Failed({ error, fullPage, onRetry }: { error: unknown; fullPage?: boolean; onRetry: () => void }) {
  const t = useTranslation();
  const { text, values } = describeFlowError(error);
  return (
    <MessageCard title={t("Something went wrong")} fullPage={fullPage} primaryButtonText={t("Try again")} primaryAction={onRetry}>
      <p role="alert">{t(text, values)}</p>
    </MessageCard>
  );
}

/**
 * Catches what a page throws while rendering (a read that failed: the network, the platform; a page's code that
 * did not load) and shows it in readable words with "Try again", which loads the page afresh (failed reads and
 * page loads are remembered until then).
 * @internal
 * @example
 * <PageErrorBoundary fullPage><AccountSettings /></PageErrorBoundary>
 */
export class PageErrorBoundary extends Component<{ fullPage?: boolean; children?: ReactNode }, { error: unknown; failed: boolean }> {
  override state = { error: null as unknown, failed: false };
  private readonly retry = () => window.location.reload();
  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return <Failed error={this.state.error} fullPage={this.props.fullPage} onRetry={this.retry} />;
  }
}
