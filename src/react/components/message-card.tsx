import { useRef, useState } from "react";
import { useFocusEffect } from "../ui/focus";
import type { ReactNode } from "react";
import { useProvidedApp } from "../context";
import { useTranslation } from "../i18n";
import { Button } from "../ui/button";
import { describeFlowError } from "../ui/flow-errors";
import { AppLink } from "../ui/link";
import { Page } from "../ui/page";

/**
 * Props of {@link MessageCard} (the official names).
 * @example
 * const props: MessageCardProps = { title: "Email sent", primaryButtonText: "Go home", primaryAction: () => app.redirectToHome() };
 */
export interface MessageCardProps {
  /** The card's heading. */
  title: ReactNode;
  /** Centre the card on a page of its own (default: a block in your layout). */
  fullPage?: boolean;
  /** The main button's label; no main button without it. */
  primaryButtonText?: ReactNode;
  /** What the main button does. While its promise runs both buttons are disabled and it shows progress. */
  primaryAction?: () => Promise<unknown> | unknown;
  /** The second button's label (shown before the main one); no second button without it. */
  secondaryButtonText?: ReactNode;
  /** What the second button does. */
  secondaryAction?: () => Promise<unknown> | unknown;
  /** The message: text, links, anything. */
  children?: ReactNode;
}

/**
 * A titled card with a message and up to two buttons: the building block of latchkey's message pages (signed out,
 * link expired, invitation, …), for your own messages too. A button's action may be async: both buttons are
 * disabled while it runs, the pressed one shows progress, and an error it throws (or an error `Result` it
 * returns) is shown readably under the buttons.
 *
 * @example
 * <MessageCard
 *   title="Check your inbox"
 *   primaryButtonText="Resend the e-mail"
 *   primaryAction={() => user.sendVerificationEmail()}
 *   secondaryButtonText="Go home"
 *   secondaryAction={() => app.redirectToHome()}
 * >
 *   We sent you a link to confirm your e-mail address.
 * </MessageCard>
 */
export function MessageCard({ title, fullPage = false, primaryButtonText, primaryAction, secondaryButtonText, secondaryAction, children }: MessageCardProps) {
  const t = useTranslation();
  const [pressed, setPressed] = useState<"primary" | "secondary" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const running = useRef(false);
  const frame = useRef<HTMLDivElement>(null);
  const lastPressed = useRef<string | null>(null);
  const shown = useRef(false);
  const fail = (reason: unknown) => {
    const { text, values } = describeFlowError(reason);
    setError(t(text, values));
  };
  const press = (which: "primary" | "secondary", action?: () => unknown) => async () => {
    if (running.current) return;
    running.current = true;
    lastPressed.current = which;
    setPressed(which);
    setError(null);
    try {
      const result = (await action?.()) as { status?: unknown; error?: unknown } | undefined;
      if (result && typeof result === "object" && result.status === "error") fail(result.error);
    } catch (reason) {
      fail(reason);
    } finally {
      running.current = false;
      setPressed(null);
    }
  };
  // Focus nobody holds (a pressed button was disabled, then replaced) goes somewhere useful: to the heading of a
  // card that replaced another (the outcome of a button: keyboard and screen-reader users land on the news) or of a
  // page of its own, or back to the pressed button when the card stays (after an error). Focus elsewhere is left alone.
  const refocus = (selector: string) => {
    const doc = frame.current?.ownerDocument;
    const target = frame.current?.querySelector<HTMLElement>(selector);
    if (!target || !doc || (doc.activeElement && doc.activeElement !== doc.body)) return;
    if (target.tagName === "H1") target.tabIndex = -1;
    target.focus({ preventScroll: true });
  };
  useFocusEffect(() => {
    if (shown.current || fullPage) refocus("h1");
    shown.current = true;
  }, [title]);
  useFocusEffect(() => {
    if (!pressed && lastPressed.current) refocus(`[data-action=${lastPressed.current}]`);
  }, [pressed]);
  const hasButtons = primaryButtonText != null || secondaryButtonText != null;
  return (
    <div ref={frame}>
      <Page fullPage={fullPage} title={title}>
        {children != null && <div className="lk-stack lk-center">{children}</div>}
        {hasButtons && (
          <div className="lk-actions">
            {secondaryButtonText != null && (
              <Button data-action="secondary" variant="secondary" disabled={pressed !== null} loading={pressed === "secondary"} onClick={press("secondary", secondaryAction)}>
                {secondaryButtonText}
              </Button>
            )}
            {primaryButtonText != null && (
              <Button data-action="primary" disabled={pressed !== null} loading={pressed === "primary"} onClick={press("primary", primaryAction)}>
                {primaryButtonText}
              </Button>
            )}
          </div>
        )}
        {error && (
          <p className="lk-error lk-center" role="alert">
            {error}
          </p>
        )}
      </Page>
    </div>
  );
}

/** A "Go home" link shown as a button. */
function HomeLink() {
  const app = useProvidedApp();
  const t = useTranslation();
  return (
    <AppLink href={app.urls.home} button>
      {t("Go home")}
    </AppLink>
  );
}

/**
 * The end of a page's flow (done, a bad link, an error): a {@link MessageCard} with `title`, `text` in a paragraph
 * (announced when `alert`), and links onward shown as buttons, by default "Go home". A function, not a component:
 * the page renders the MessageCard itself, so a card that replaces the page's question card is the same card with
 * a new title (which moves focus to the news).
 * @internal
 * @example
 * if (expired) return outcomeCard({ fullPage, title: t("Expired magic link"), text: t("Ask for a new one."), links: signInLink });
 */
export function outcomeCard({ title, fullPage, text, alert, links }: { title: ReactNode; fullPage?: boolean; text?: ReactNode; alert?: boolean; links?: ReactNode }) {
  return (
    <MessageCard title={title} fullPage={fullPage}>
      {text && <p role={alert ? "alert" : undefined}>{text}</p>}
      <div className="lk-actions">{links ?? <HomeLink />}</div>
    </MessageCard>
  );
}
