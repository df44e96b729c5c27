import { contextOf } from "../../core/context";
import type { ClientApp } from "../../apps/client-app";
import { useProvidedApp } from "../context";
import type { AppHooks } from "../hooks/app-hooks";

const yes = (on: boolean) => (on ? "on" : "off");

/**
 * The Project tab: the project's sign-in settings as the app reads them (`app.useProject()`, the client read of
 * the project): which sign-in methods are on, the OAuth providers, whether users may sign up.
 * @internal
 * @example
 * <Suspense fallback={null}><ProjectTab /></Suspense>
 */
export function ProjectTab() {
  // The provider gave the app its hooks (this module stays apart from ../provider, which loads it).
  const app = useProvidedApp() as ClientApp & AppHooks;
  const { id, displayName, config } = app.useProject();
  const rows: [string, string][] = [
    ["Project", `${displayName} (${id})`],
    ["Sign-up", yes(config.signUpEnabled)],
    ["Password", yes(config.credentialEnabled)],
    ["Magic link", yes(config.magicLinkEnabled)],
    ["Passkey", yes(config.passkeyEnabled)],
    ["OAuth providers", config.oauthProviders.map((p) => p.id).join(", ") || "none"],
    ["Team creation by users", yes(config.clientTeamCreationEnabled)],
    ["Account deletion by users", yes(config.clientUserDeletionEnabled)],
    ["User API keys", yes(config.allowUserApiKeys)],
    ["Team API keys", yes(config.allowTeamApiKeys)],
    ["API", contextOf(app).core.http.baseUrl],
  ];
  return (
    <dl aria-label="Project settings">
      {rows.map(([name, value]) => [<dt key={name}>{name}</dt>, <dd key={name + "="}>{value}</dd>])}
    </dl>
  );
}
