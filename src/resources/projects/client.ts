import type { ProjectTrustJson } from "../../urls/trusted-redirects";

/** @internal The client shape of `GET /projects/current`. */
export interface ProjectJson extends ProjectTrustJson {
  id: string;
  display_name: string;
  config: ProjectTrustJson["config"] & {
    sign_up_enabled: boolean;
    credential_enabled: boolean;
    magic_link_enabled: boolean;
    passkey_enabled: boolean;
    client_team_creation_enabled: boolean;
    client_user_deletion_enabled: boolean;
    allow_user_api_keys: boolean;
    allow_team_api_keys: boolean;
    enabled_oauth_providers: { id: string }[];
  };
}

/**
 * The project as a client sees it: its id, name and the sign-in features it has turned on.
 *
 * @example
 * const project = await app.getProject();
 * if (project.config.magicLinkEnabled) showMagicLinkForm();
 */
export interface Project {
  id: string;
  displayName: string;
  config: {
    signUpEnabled: boolean;
    credentialEnabled: boolean;
    magicLinkEnabled: boolean;
    passkeyEnabled: boolean;
    clientTeamCreationEnabled: boolean;
    clientUserDeletionEnabled: boolean;
    allowUserApiKeys: boolean;
    allowTeamApiKeys: boolean;
    /** Enabled OAuth providers, e.g. `[{ id: "github" }]`. */
    oauthProviders: { id: string }[];
  };
}

/** @internal */
export const projectFromJson = ({ id, display_name, config: c }: ProjectJson): Project => ({
  id,
  displayName: display_name,
  config: {
    signUpEnabled: c.sign_up_enabled,
    credentialEnabled: c.credential_enabled,
    magicLinkEnabled: c.magic_link_enabled,
    passkeyEnabled: c.passkey_enabled,
    clientTeamCreationEnabled: c.client_team_creation_enabled,
    clientUserDeletionEnabled: c.client_user_deletion_enabled,
    allowUserApiKeys: c.allow_user_api_keys,
    allowTeamApiKeys: c.allow_team_api_keys,
    oauthProviders: c.enabled_oauth_providers.map(({ id }) => ({ id })),
  },
});

const mapped = new WeakMap<ProjectJson, Project>();

/**
 * @internal The project of a client read, mapped once per read (every `getProject` of one read gives one object).
 * @example
 * const project = projectOf(await core.request<ProjectJson>({ expect: "id", path: "/projects/current" }));
 */
export function projectOf(json: ProjectJson): Project {
  let project = mapped.get(json);
  if (!project) mapped.set(json, (project = projectFromJson(json)));
  return project;
}
