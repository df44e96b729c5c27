// Placeholder for a page another helper builds (issue #10): dropped when the real page is merged.
import { Page } from "../ui/page";

/**
 * Placeholder of the AccountSettings page.
 * @example
 * <AccountSettings fullPage />
 */
export function AccountSettings(props: { fullPage?: boolean; automaticRedirect?: boolean; searchParams?: Record<string, string>; firstTab?: "magic-link" | "password" }) {
  return (
    <Page fullPage={props.fullPage} title="Account Settings">
      <p>{JSON.stringify({ automaticRedirect: props.automaticRedirect, searchParams: props.searchParams, firstTab: props.firstTab })}</p>
    </Page>
  );
}
