import type { Store } from "../store/store";
import { newId } from "../util/random";

/**
 * Key of the registered passkeys in `store.extra`.
 *
 * @example
 * const passkeys = store.extra[PASSKEYS_FAMILY] ?? [];
 */
export const PASSKEYS_FAMILY = "passkeys";
/**
 * The relying-party id the platform puts in WebAuthn options; clients replace it with the page's hostname, and the
 * server later derives the expected RP id from the origin in `clientDataJSON`.
 *
 * @example
 * options.rp.id === PASSKEY_SENTINEL_RP_ID; // true until the browser SDK swaps in location.hostname
 */
export const PASSKEY_SENTINEL_RP_ID = "THIS_VALUE_WILL_BE_REPLACED.example.com";
/**
 * The challenge of every passkey ceremony in deterministic (test) mode, as the platform's test mode uses (options
 * carry its base64url form `TU9DSw`).
 *
 * @example
 * await startEmulator({ deterministic: true }); // options_json.challenge === "TU9DSw"
 */
export const PASSKEY_TEST_CHALLENGE = "MOCK";
/**
 * Registration and sign-in challenges: 60 s for the ceremony, codes valid 5 s longer.
 *
 * @example
 * generateAuthenticationOptions({ rpID, timeout: PASSKEY_CEREMONY_TIMEOUT_MS });
 */
export const PASSKEY_CEREMONY_TIMEOUT_MS = 60_000;

/**
 * A user's passkey (one per user, like the platform: registering again replaces it).
 *
 * @example
 * const passkey = passkeyByCredentialId(store, project.id, response.id);
 */
export interface PasskeyRecord {
  id: string;
  projectId: string;
  userId: string;
  /** Base64url credential id (also what `register` answers as `user_handle`). */
  credentialId: string;
  /** COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports: string[];
  deviceType: string;
  backedUp: boolean;
  createdAtMillis: number;
  lastUsedAtMillis: number | null;
}

type WebAuthnServer = typeof import("@simplewebauthn/server");
let loaded: Promise<WebAuthnServer> | undefined;

/**
 * `@simplewebauthn/server`, loaded on first use (only passkey routes need it).
 *
 * @example
 * const { generateRegistrationOptions } = await webauthnServer();
 */
export function webauthnServer(): Promise<WebAuthnServer> {
  return (loaded ??= import("@simplewebauthn/server"));
}

function passkeys(store: Store): PasskeyRecord[] {
  return (store.extra[PASSKEYS_FAMILY] ??= []) as PasskeyRecord[];
}

/**
 * The passkey with a credential id in a project (only of users that still exist).
 *
 * @example
 * const passkey = passkeyByCredentialId(store, project.id, body.authentication_response.id);
 */
export function passkeyByCredentialId(store: Store, projectId: string, credentialId: string): PasskeyRecord | undefined {
  return passkeys(store).find((p) => p.projectId === projectId && p.credentialId === credentialId && store.users.has(p.userId));
}

/**
 * Saves a user's passkey, replacing the previous one.
 *
 * @example
 * savePasskey(store, { projectId, userId, credentialId, publicKey, counter: 0, transports: [], deviceType: "singleDevice", backedUp: false });
 */
export function savePasskey(store: Store, p: Omit<PasskeyRecord, "id" | "createdAtMillis" | "lastUsedAtMillis">): PasskeyRecord {
  const list = passkeys(store);
  const i = list.findIndex((x) => x.projectId === p.projectId && x.userId === p.userId);
  if (i >= 0) list.splice(i, 1);
  const record: PasskeyRecord = { id: newId(), ...p, createdAtMillis: Date.now(), lastUsedAtMillis: null };
  list.push(record);
  store.touch();
  return record;
}

/**
 * The `origin` of a WebAuthn response's `clientDataJSON` (base64url JSON), or `null` when it cannot be read.
 *
 * @example
 * const origin = clientDataOrigin(body.credential?.response?.clientDataJSON);
 */
export function clientDataOrigin(clientDataJSON: unknown): string | null {
  if (typeof clientDataJSON !== "string") return null;
  try {
    const parsed = JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8")) as { origin?: unknown };
    if (typeof parsed.origin !== "string") return null;
    new URL(parsed.origin);
    return parsed.origin;
  } catch {
    return null;
  }
}
