import { ArgumentError } from "../../errors/base";
import { useApp } from "../provider";
import { OAuthButton } from "./oauth-button";

/**
 * One {@link OAuthButton} for each OAuth provider the project enables (nothing when it enables none). Reads the
 * project, so it suspends until it is loaded.
 *
 * @example
 * <Suspense fallback={null}><OAuthButtonGroup type="sign-in" /></Suspense>
 */
export function OAuthButtonGroup({ type }: { type: "sign-in" | "sign-up" }) {
  if (type !== "sign-in" && type !== "sign-up") throw new ArgumentError('<OAuthButtonGroup> type must be "sign-in" or "sign-up".');
  const providers = useApp().useProject().config.oauthProviders;
  if (providers.length === 0) return null;
  return (
    <div className="lk-stack">
      {providers.map(({ id }) => (
        <OAuthButton key={id} provider={id} type={type} />
      ))}
    </div>
  );
}
