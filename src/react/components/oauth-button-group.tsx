import { ArgumentError } from "../../errors/base";
import { useApp } from "../provider";
import { OAuthButton } from "./oauth-button";

/**
 * One {@link OAuthButton} for each OAuth provider the project enables (nothing when it enables none), or, as a
 * preview, for each of `mockProject`'s providers. Reads the project, so it suspends until it is loaded.
 *
 * @example
 * <Suspense fallback={null}><OAuthButtonGroup type="sign-in" /></Suspense>
 */
export function OAuthButtonGroup({ type, mockProject }: { type: "sign-in" | "sign-up"; mockProject?: { config: { oauthProviders: { id: string }[] } } }) {
  if (type !== "sign-in" && type !== "sign-up") throw new ArgumentError('<OAuthButtonGroup> type must be "sign-in" or "sign-up".');
  const providers = useApp().useProject().config.oauthProviders;
  const shown = mockProject?.config.oauthProviders ?? providers;
  if (shown.length === 0) return null;
  return (
    <div className="lk-stack">
      {shown.map(({ id }) => (
        <OAuthButton key={id} provider={id} type={type} />
      ))}
    </div>
  );
}
