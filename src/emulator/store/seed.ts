import { randomBytes } from "node:crypto";
import { hashPassword, type PasswordHashing } from "../domain/passwords";
import type { StoreSnapshot } from "./store";
import type { ApiKeySetRecord, ProjectConfig, ProjectRecord } from "./types";

/**
 * The seeded demo project's id (a UUID, as the official SDK requires).
 *
 * @example
 * new StackClientApp({ projectId: DEMO_PROJECT_ID, ... });
 */
export const DEMO_PROJECT_ID = "3f9c2a6e-7b41-4d8a-9e05-1c2b3d4e5f60";

/**
 * The demo project's fixed keys.
 *
 * @example
 * headers["x-stack-publishable-client-key"] = DEMO_KEYS.publishableClientKey;
 */
export const DEMO_KEYS = {
  publishableClientKey: "pck_demoprojectpublishablekeylatchkey234567234567",
  secretServerKey: "ssk_demoprojectsecretserverkeylatchkey23456723456",
  superSecretAdminKey: "sak_demoprojectsuperadminkeylatchkey2345672345672",
} as const;

/**
 * The `internal` project's fixed keys.
 *
 * @example
 * headers["x-stack-super-secret-admin-key"] = INTERNAL_KEYS.superSecretAdminKey;
 */
export const INTERNAL_KEYS = {
  publishableClientKey: "pck_internalpublishablekeylatchkey234567234567234",
  secretServerKey: "ssk_internalsecretserverkeylatchkey23456723456723",
  superSecretAdminKey: "sak_internalsuperadminkeylatchkey2345672345672345",
} as const;

/**
 * The seeded dashboard user of the `internal` project, member of the team that owns the demo project. Its access
 * token works as `x-stack-admin-access-token` for the demo project.
 *
 * @example
 * await signIn(INTERNAL_ADMIN_USER.email, INTERNAL_ADMIN_USER.password);
 */
export const INTERNAL_ADMIN_USER = {
  id: "9a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
  email: "admin@latchkey.test",
  password: "emulator-admin-password",
  teamId: "0b7e3c1a-5d2f-4a6b-8c9d-e0f1a2b3c4d5",
} as const;

/**
 * The id of the default e-mail theme ("Default Light").
 *
 * @example
 * project.config.emailTheme === DEFAULT_EMAIL_THEME_ID;
 */
export const DEFAULT_EMAIL_THEME_ID = "a0172b5d-cff0-463b-83bb-85124697373a";

const FOREVER = Date.UTC(2099, 0, 1);
const EPOCH = Date.UTC(2025, 0, 1);

/**
 * A full project configuration with the platform's defaults for a new project, plus overrides.
 *
 * @example
 * const config = defaultProjectConfig({ passkeyEnabled: true });
 */
export function defaultProjectConfig(overrides: Partial<ProjectConfig> = {}): ProjectConfig {
  return {
    allowLocalhost: true,
    signUpEnabled: true,
    credentialEnabled: true,
    magicLinkEnabled: false,
    passkeyEnabled: false,
    anonymousEnabled: true,
    clientTeamCreationEnabled: false,
    clientUserDeletionEnabled: false,
    allowUserApiKeys: false,
    allowTeamApiKeys: false,
    requirePublishableClientKey: false,
    requireEmailVerification: false,
    oauthProviders: [],
    oauthAccountMergeStrategy: "link_method",
    domains: [],
    emailConfig: { type: "shared" },
    emailTheme: DEFAULT_EMAIL_THEME_ID,
    createTeamOnSignUp: false,
    teamCreatorDefaultPermissions: ["team_admin"],
    teamMemberDefaultPermissions: ["team_member"],
    userDefaultPermissions: [],
    ...overrides,
  };
}

function keySet(id: string, keys: { publishableClientKey: string; secretServerKey: string; superSecretAdminKey: string }): ApiKeySetRecord {
  return {
    id,
    description: "Seeded by the emulator",
    createdAtMillis: EPOCH,
    expiresAtMillis: FOREVER,
    manuallyRevokedAtMillis: null,
    ...keys,
  };
}

/** Shared-key providers (served by the mock OAuth provider); a fresh list per project, so no two projects share one. */
const sharedProviders = (ids: readonly string[]) => ids.map((id) => ({ id, type: "shared" as const }));
const MOCK_PROVIDER_IDS = ["github", "google", "microsoft"] as const;
/**
 * The platform's development seed enables these on the internal project (apps/backend/.env.development:
 * `STACK_SEED_INTERNAL_PROJECT_OAUTH_PROVIDERS=github,spotify,google,microsoft`, read by apps/backend/prisma/seed.ts).
 */
const INTERNAL_PROVIDER_IDS = ["github", "spotify", "google", "microsoft"] as const;

function seedProjects(): ProjectRecord[] {
  const internal: ProjectRecord = {
    id: "internal",
    displayName: "Stack Dashboard",
    description: "The emulator's dashboard project: its users own other projects.",
    createdAtMillis: EPOCH,
    isProductionMode: false,
    ownerTeamId: null,
    logoUrl: null,
    config: defaultProjectConfig({
      magicLinkEnabled: true,
      clientTeamCreationEnabled: true,
      createTeamOnSignUp: true,
      oauthProviders: sharedProviders(INTERNAL_PROVIDER_IDS),
    }),
    apiKeySets: [keySet("5e0d1c2b-3a49-4f5e-8d7c-6b5a49382716", INTERNAL_KEYS)],
  };
  const demo: ProjectRecord = {
    id: DEMO_PROJECT_ID,
    displayName: "Latchkey Demo",
    description: "Seeded by the latchkey emulator.",
    createdAtMillis: EPOCH,
    isProductionMode: false,
    ownerTeamId: INTERNAL_ADMIN_USER.teamId,
    logoUrl: null,
    config: defaultProjectConfig({
      magicLinkEnabled: true,
      passkeyEnabled: true,
      clientTeamCreationEnabled: true,
      allowUserApiKeys: true,
      allowTeamApiKeys: true,
      createTeamOnSignUp: true,
      oauthProviders: sharedProviders(MOCK_PROVIDER_IDS),
      domains: [{ domain: "http://localhost:*", handlerPath: "/handler" }],
    }),
    apiKeySets: [keySet("7c6b5a49-3827-4e16-9f05-e4d3c2b1a098", DEMO_KEYS)],
  };
  return [internal, demo];
}

/**
 * A fresh state: the `internal` project with its admin user and owner team, and the demo project.
 *
 * @example
 * const store = new Store(await seedSnapshot("fast"));
 */
export async function seedSnapshot(passwordHashing: PasswordHashing): Promise<StoreSnapshot> {
  const admin = INTERNAL_ADMIN_USER;
  return {
    format: "latchkey-emulator",
    version: 1,
    signingSecret: randomBytes(32).toString("base64url"),
    projects: seedProjects(),
    users: [
      {
        id: admin.id,
        projectId: "internal",
        displayName: "Emulator Admin",
        profileImageUrl: null,
        clientMetadata: null,
        clientReadOnlyMetadata: null,
        serverMetadata: null,
        signedUpAtMillis: EPOCH,
        lastActiveAtMillis: EPOCH,
        passwordHash: await hashPassword(admin.password, passwordHashing),
        otpAuthEnabled: false,
        passkeyAuthEnabled: false,
        isAnonymous: false,
        selectedTeamId: admin.teamId,
        totpSecretBase64: null,
        restrictedByAdmin: false,
        restrictedByAdminReason: null,
        restrictedByAdminPrivateDetails: null,
      },
    ],
    contactChannels: [
      {
        id: "1d2c3b4a-5968-4776-8594-a3b2c1d0e9f8",
        projectId: "internal",
        userId: admin.id,
        type: "email",
        value: admin.email,
        isPrimary: true,
        isVerified: true,
        usedForAuth: true,
        createdAtMillis: EPOCH,
      },
    ],
    sessions: [],
    verificationCodes: [],
    teams: [
      {
        id: admin.teamId,
        projectId: "internal",
        displayName: "Emulator Admin's Team",
        profileImageUrl: null,
        clientMetadata: null,
        clientReadOnlyMetadata: null,
        serverMetadata: null,
        createdAtMillis: EPOCH,
      },
    ],
    memberships: [
      {
        projectId: "internal",
        teamId: admin.teamId,
        userId: admin.id,
        displayName: null,
        profileImageUrl: null,
        permissionIds: ["team_admin"],
        createdAtMillis: EPOCH,
      },
    ],
    emails: [],
    extra: {},
  };
}
