import { ArgumentError } from "../../errors/base";
import { useTranslation } from "../i18n";
import { useApp } from "../provider";
import { Button } from "../ui/button";
import { FormError } from "../ui/field";
import { checkReturnTo, useAuthForm } from "../ui/auth";
import { ProviderIcon } from "../ui/icons";

const NAMES: Record<string, string> = {
  github: "GitHub",
  gitlab: "GitLab",
  linkedin: "LinkedIn",
  x: "X",
  twitter: "X",
};

/**
 * The display name of an OAuth provider id: "github" → "GitHub", "linkedin" → "LinkedIn", "google" → "Google".
 * @internal
 */
export const providerName = (id: string): string => NAMES[id] ?? id.charAt(0).toUpperCase() + id.slice(1);

/**
 * Props of {@link OAuthButton}.
 * @example
 * const props: OAuthButtonProps = { provider: "github", type: "sign-in" };
 */
export interface OAuthButtonProps {
  /** The provider id as the project names it: "github", "google", "microsoft", "facebook", "discord", … */
  provider: string;
  /** "Sign in with …" or "Sign up with …" (both sign in, or create the account when it is new). */
  type: "sign-in" | "sign-up";
  /** Runs instead of `app.signInWithOAuth(provider)` when given (e.g. to pass `returnTo`, or in a preview). */
  onAuthenticate?: () => void | Promise<void>;
  /**
   * Marks a preview button. The official button then hides its "last used" badge; latchkey's shows no such badge,
   * so it changes nothing.
   */
  isMock?: boolean;
}

/**
 * A button that signs in with one OAuth provider: it sends the browser to the provider through the platform
 * (`app.signInWithOAuth(provider)`). It shows progress until the browser leaves and, when the platform refuses
 * (provider not enabled, untrusted return address), the reason under it.
 *
 * @example
 * <OAuthButton provider="github" type="sign-in" />
 */
export function OAuthButton({ provider, type, onAuthenticate }: OAuthButtonProps) {
  if (typeof provider !== "string" || !provider) throw new ArgumentError('<OAuthButton> needs a provider id, e.g. provider="github".');
  if (type !== "sign-in" && type !== "sign-up") throw new ArgumentError('<OAuthButton> type must be "sign-in" or "sign-up".');
  const app = useApp();
  const t = useTranslation();
  const form = useAuthForm<HTMLDivElement>("button");
  const name = providerName(provider);
  const start = () =>
    form.run(() => (onAuthenticate ? onAuthenticate() : checkReturnTo(app, () => app.signInWithOAuth(provider))));
  return (
    <div className="lk-stack" ref={form.ref}>
      <Button variant="outline" block loading={form.pending} onClick={start}>
        {!form.pending && <ProviderIcon provider={provider} />}
        {type === "sign-up" ? t("Sign up with {provider}", { provider: name }) : t("Sign in with {provider}", { provider: name })}
      </Button>
      <FormError text={form.errors.form} />
    </div>
  );
}
