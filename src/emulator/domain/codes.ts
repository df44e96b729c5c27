import type { EmulatorCore } from "../core";
import { known } from "../errors";
import type { ProjectRecord, VerificationCodeRecord, VerificationCodeType } from "../store/types";
import { newId, randomBase32 } from "../util/random";
import { assertTrustedUrl } from "./redirects";

/**
 * Codes expire after 7 days unless said otherwise.
 *
 * @example
 * const expiresAt = Date.now() + DEFAULT_CODE_LIFETIME_MS;
 */
export const DEFAULT_CODE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * Wrong tries allowed per code nonce (its last 39 characters).
 *
 * @example
 * if (code.attemptCount > MAX_CODE_ATTEMPTS) throw known("VERIFICATION_CODE_MAX_ATTEMPTS_REACHED");
 */
export const MAX_CODE_ATTEMPTS = 20;

/**
 * Creates a one-time code (45 lowercase base32 characters). A callback URL must be trusted
 * (`REDIRECT_URL_NOT_WHITELISTED`); the returned link is the callback URL with `?code=<code>`.
 *
 * @example
 * const { record, link } = createCode(core, { project, type: "password_reset", method: { email }, data: { user_id }, callbackUrl });
 */
export function createCode(
  core: EmulatorCore,
  o: {
    project: ProjectRecord;
    type: VerificationCodeType;
    method?: Record<string, unknown>;
    data?: Record<string, unknown>;
    callbackUrl?: string | null;
    expiresInMs?: number;
  },
): { record: VerificationCodeRecord; link: string | null } {
  if (o.callbackUrl) assertTrustedUrl(o.project, o.callbackUrl);
  const now = Date.now();
  const record: VerificationCodeRecord = {
    id: newId(),
    projectId: o.project.id,
    type: o.type,
    code: randomBase32(45),
    createdAtMillis: now,
    expiresAtMillis: now + (o.expiresInMs ?? DEFAULT_CODE_LIFETIME_MS),
    usedAtMillis: null,
    attemptCount: 0,
    callbackUrl: o.callbackUrl ?? null,
    method: o.method ?? {},
    data: o.data ?? {},
  };
  core.store.verificationCodes.set(record.id, record);
  core.store.touch();
  let link: string | null = null;
  if (o.callbackUrl) {
    const url = new URL(o.callbackUrl);
    url.searchParams.set("code", record.code);
    link = url.toString();
  }
  return { record, link };
}

/**
 * Looks a code up like the platform: the code is lower-cased; every code sharing its last 39 characters (the
 * nonce) counts one attempt; then not found → expired → already used → too many attempts. `mode: "use"` marks it
 * used; `"check"` leaves it usable.
 *
 * @example
 * const code = consumeCode(core, project.id, "password_reset", body.code, "use");
 */
export function consumeCode(
  core: EmulatorCore,
  projectId: string,
  type: VerificationCodeType,
  rawCode: string,
  mode: "use" | "check",
): VerificationCodeRecord {
  const code = rawCode.toLowerCase();
  const nonce = code.slice(6);
  let found: VerificationCodeRecord | undefined;
  for (const c of core.store.verificationCodes.values()) {
    if (c.projectId !== projectId) continue;
    if (c.code.endsWith(nonce)) c.attemptCount++;
    if (c.code === code && c.type === type) found = c;
  }
  core.store.touch();
  if (!found) throw known("VERIFICATION_CODE_NOT_FOUND");
  if (found.expiresAtMillis < Date.now()) throw known("VERIFICATION_CODE_EXPIRED");
  if (found.usedAtMillis !== null) throw known("VERIFICATION_CODE_ALREADY_USED");
  if (found.attemptCount > MAX_CODE_ATTEMPTS) throw known("VERIFICATION_CODE_MAX_ATTEMPTS_REACHED");
  if (mode === "use") found.usedAtMillis = Date.now();
  return found;
}
