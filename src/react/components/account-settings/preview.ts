import type { ActiveSession } from "../../../resources/sessions/client";
import type { ApiKey } from "../../../resources/api-keys/client";
import type { SettingsUser } from "./types";

/**
 * The official props that make {@link AccountSettings} a preview (its docs and dashboard show one), with the
 * official types.
 * @internal
 * @example
 * const mocks: AccountSettingsMocks = { mockUser: { displayName: "John Doe" }, mockApiKeys: [] };
 */
export interface AccountSettingsMocks {
  /**
   * A preview of this user, no sign-in needed: "My Profile" shows it (default name "John Doe"), the other pages
   * show it without e-mail addresses, passkeys, teams or notification settings, and every change (rename, sign
   * out, …) is refused with "Not available in this preview.". The sessions shown are `mockSessions`, else two
   * sample ones.
   */
  mockUser?: { displayName?: string; profileImageUrl?: string };
  /** The API keys "API Keys" lists instead of the user's (dates as ISO strings); revoking and creating are refused. */
  mockApiKeys?: Array<{ id: string; description: string; createdAt: string; expiresAt?: string; manuallyRevokedAt?: string }>;
  /** Overrides the project's `allowUserApiKeys` and `clientTeamCreationEnabled` (which pages the menu lists). */
  mockProject?: { config: { allowUserApiKeys: boolean; clientTeamCreationEnabled: boolean } };
  /** The sessions "Active Sessions" lists instead of the user's (dates as ISO strings); revoking is refused. */
  mockSessions?: Array<{ id: string; isCurrentSession: boolean; isImpersonation?: boolean; createdAt: string; lastUsedAt?: string; geoInfo?: { ip?: string; cityName?: string } }>;
}

const ID = "mock-user";
const refuse = () => Promise.reject(new Error("Not available in this preview."));
const date = (iso?: string) => (iso ? new Date(iso) : undefined);

/**
 * The user the settings pages act on: `user` itself, or — with mock props — a stand-in whose hooks give the mock
 * sessions and API keys, on top of `user`, or (`mockUser`, which replaces even a signed-in user) of a mock user
 * whose changes are all refused. Null when there is neither a user nor a mock user.
 * @internal
 * @example
 * const shown = previewUser(useUser({ or: props.mockUser ? "return-null" : "redirect" }), props);
 */
export function previewUser(user: SettingsUser | null, { mockUser, mockSessions, mockApiKeys }: AccountSettingsMocks): SettingsUser | null {
  if (!mockUser && !mockSessions && !mockApiKeys) return user;
  const real = mockUser ? null : user;
  if (!real && !mockUser) return null;
  const now = Date.now();
  const ago = (ms: number) => new Date(now - ms).toISOString();
  // Without mockSessions a mock user shows the official preview's two sample sessions.
  const sessions = (
    mockSessions ??
    (mockUser && [
      { id: "current-session", isCurrentSession: true, createdAt: ago(0), lastUsedAt: ago(0), geoInfo: { ip: "192.168.1.1", cityName: "San Francisco" } },
      { id: "mobile-session", isCurrentSession: false, createdAt: ago(864e5), lastUsedAt: ago(72e5), geoInfo: { ip: "10.0.0.1", cityName: "New York" } },
    ])
  )?.map(
    (s): ActiveSession => ({
      id: s.id,
      userId: ID,
      isCurrentSession: s.isCurrentSession,
      isImpersonation: !!s.isImpersonation,
      createdAt: new Date(s.createdAt),
      lastUsedAt: date(s.lastUsedAt),
      geoInfo: s.geoInfo && { ip: "", ...s.geoInfo },
    }),
  );
  const keys = mockApiKeys?.map((k): ApiKey<"user"> => {
    const expiresAt = date(k.expiresAt);
    const whyInvalid = () => (k.manuallyRevokedAt ? "manually-revoked" : expiresAt && +expiresAt < now ? "expired" : null);
    const value = { lastFour: k.id.slice(-4).padStart(4, "0") };
    const manuallyRevokedAt = date(k.manuallyRevokedAt) ?? null;
    return { id: k.id, description: k.description, createdAt: new Date(k.createdAt), expiresAt, manuallyRevokedAt, isPublic: false, type: "user", userId: ID, value, whyInvalid, isValid: () => !whyInvalid(), revoke: refuse, update: refuse };
  });
  // What the pages read of a mock user; anything else is a list hook (empty) or a change (refused).
  const fields: Record<string, unknown> = { id: ID, displayName: mockUser?.displayName || "John Doe", primaryEmail: null, profileImageUrl: mockUser?.profileImageUrl || null, hasPassword: false, passkeyAuthEnabled: false, isMultiFactorRequired: false };
  return new Proxy<object>(real ?? fields, {
    get(_, key) {
      if (key === "useActiveSessions" && sessions) return () => sessions;
      if (key === "useApiKeys" && keys) return () => keys;
      if (key === "createApiKey" && keys) return refuse;
      if (real) {
        const value = Reflect.get(real, key);
        return typeof value === "function" ? value.bind(real) : value;
      }
      if (key in fields) return fields[key as string];
      return typeof key !== "string" || key === "then" ? undefined : key.startsWith("use") ? () => [] : refuse;
    },
  }) as SettingsUser;
}
