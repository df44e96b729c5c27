import { useProvidedApp } from "../context";
import { useTranslation } from "../i18n";
import { describeFlowError } from "../ui/flow-errors";
import { AppLink } from "../ui/link";
import { pageSearchParams } from "../ui/navigation";
import { MessageCard, outcomeCard } from "./message-card";

/**
 * Props of {@link ErrorPage}.
 * @example
 * const props: ErrorPageProps = { fullPage: true, searchParams: { errorCode: "OAUTH_PROVIDER_ACCESS_DENIED", message: "…" } };
 */
export interface ErrorPageProps {
  /** Centre the page on its own (default: a block in your layout). */
  fullPage?: boolean;
  /** The page's query parameters (`errorCode`, `message`, `details`); default: read from the page's address. */
  searchParams?: Record<string, string>;
}

// Errors that end an OAuth sign-in or connection, with a title of their own; the sign-in ones offer signing in again.
const TITLES: Record<string, [title: string, signInAgain?: boolean]> = {
  OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER: ["Failed to connect account"],
  USER_ALREADY_CONNECTED_TO_ANOTHER_OAUTH_CONNECTION: ["Failed to connect account"],
  OAUTH_PROVIDER_ACCESS_DENIED: ["Sign-in cancelled", true],
  OAUTH_PROVIDER_TEMPORARILY_UNAVAILABLE: ["Sign-in provider unavailable", true],
  INVALID_AUTHORIZATION_CODE: ["Signing in failed", true],
  OUTER_OAUTH_TIMEOUT: ["Signing in failed", true],
};

/**
 * The page the platform sends the browser to when a flow it ran ends in an error (an OAuth sign-in the provider
 * refused, an account already connected to another user, …). It reads the error from the address as the
 * platform puts it there (`errorCode`, `message`, `details` as JSON) and says what happened in readable words,
 * with the error code for support and a link home (and one to sign in again where that helps). An address with
 * no error shows "An unknown error occurred".
 *
 * @example
 * // at /handler/error (the handler mounts it for you)
 * <ErrorPage fullPage />
 */
export function ErrorPage({ fullPage = false, searchParams }: ErrorPageProps) {
  const app = useProvidedApp();
  const t = useTranslation();
  const { errorCode, message, details } = pageSearchParams(searchParams);
  const home = (secondary?: boolean) => (
    <AppLink href={app.urls.home} button={secondary ? "secondary" : true}>
      {t("Go home")}
    </AppLink>
  );
  if (!errorCode || !message) {
    return outcomeCard({ fullPage, title: t("An unknown error occurred"), text: t("Please try again. If the problem persists, contact support.") });
  }
  let parsed: Record<string, unknown> | undefined;
  try {
    const value: unknown = details ? JSON.parse(details) : undefined;
    if (value && typeof value === "object" && !Array.isArray(value)) parsed = value as Record<string, unknown>;
  } catch {
    // Malformed details: the code and the message still say what happened.
  }
  // Read as the error it names (code, details, the platform's message), without loading the error catalogue.
  const { text, values } = describeFlowError(Object.assign(new Error(message), { code: errorCode, details: parsed }));
  const [title, signInAgain] = TITLES[errorCode] ?? ["Something went wrong"];
  return (
    <MessageCard title={t(title)} fullPage={fullPage}>
      <p>{t(text, values)}</p>
      <p className="lk-muted">{t("Error code: {code}", { code: errorCode })}</p>
      <div className="lk-actions">
        {home(signInAgain)}
        {signInAgain && (
          <AppLink href={app.urls.signIn} button>
            {t("Sign in again")}
          </AppLink>
        )}
      </div>
    </MessageCard>
  );
}
