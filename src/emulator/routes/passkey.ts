import type { EmulatorCore } from "../core";
import { consumeCode, createCode } from "../domain/codes";
import { mfaRequired } from "../domain/mfa";
import {
  clientDataOrigin,
  PASSKEY_CEREMONY_TIMEOUT_MS,
  PASSKEY_SENTINEL_RP_ID,
  PASSKEY_TEST_CHALLENGE,
  passkeyByCredentialId,
  savePasskey,
  webauthnServer,
} from "../domain/passkeys";
import { isTrustedUrl } from "../domain/redirects";
import { signInResponse } from "../domain/sessions";
import { primaryChannel } from "../domain/users";
import { known } from "../errors";
import { authOf, userOf, type RequestContext } from "../http/context";
import { json } from "../http/reply";
import { CLIENT_OR_HIGHER, type RouteDef } from "../http/router";
import { t } from "../http/schema";
import type { ProjectRecord } from "../store/types";

const CODE_LIFETIME_MS = PASSKEY_CEREMONY_TIMEOUT_MS + 5000;
const code45 = t.string({ length: 45 }).defined();

function assertEnabled(project: ProjectRecord): void {
  if (!project.config.passkeyEnabled) throw known("PASSKEY_AUTHENTICATION_NOT_ENABLED");
}
/** In deterministic (test) mode, the platform's fixed test challenge (its UTF-8 bytes; the options carry `TU9DSw`). */
const fixedChallenge = (ctx: RequestContext): string | undefined => (ctx.core.settings.deterministic ? PASSKEY_TEST_CHALLENGE : undefined);
const registrationFailed = (message: string) => known("PASSKEY_REGISTRATION_FAILED", undefined, { message });
const authenticationFailed = (message: string) => known("PASSKEY_AUTHENTICATION_FAILED", undefined, { message });

async function initiateRegistration(ctx: RequestContext) {
  const { project } = authOf(ctx);
  const user = userOf(ctx);
  assertEnabled(project);
  const { generateRegistrationOptions } = await webauthnServer();
  // the platform's fallback when the user has neither a display name nor a primary e-mail
  const name = user.displayName || primaryChannel(ctx.core, user)?.value || "Hexclave User";
  const generated = await generateRegistrationOptions({
    rpName: project.displayName,
    rpID: PASSKEY_SENTINEL_RP_ID,
    userID: new TextEncoder().encode(user.id),
    userName: name,
    userDisplayName: name,
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
    timeout: PASSKEY_CEREMONY_TIMEOUT_MS,
    challenge: fixedChallenge(ctx),
  });
  const options: Partial<typeof generated> & Pick<typeof generated, "user" | "challenge"> = { ...generated };
  if (Array.isArray(options.hints) && options.hints.length === 0) delete options.hints;
  const { record } = createCode(ctx.core, {
    project,
    type: "passkey_registration",
    data: { user_handle: options.user.id, challenge: options.challenge, user_id: user.id },
    expiresInMs: CODE_LIFETIME_MS,
  });
  return json({ options_json: options, code: record.code });
}

async function register(ctx: RequestContext) {
  const { project } = authOf(ctx);
  const user = userOf(ctx);
  const code = consumeCode(ctx.core, project.id, "passkey_registration", ctx.body.code, "use");
  assertEnabled(project);
  const credential = ctx.body.credential;
  const origin = clientDataOrigin(credential?.response?.clientDataJSON);
  if (!origin) throw registrationFailed("Passkey registration failed because the verification response is invalid");
  // The platform checks the origin against the trusted domains only (validateRedirectUrl), so a wildcard domain may
  // cover localhost while `allow_localhost` is off; older backends (before 2025-08) refused localhost outright.
  if (!isTrustedUrl(project, origin)) throw registrationFailed("Passkey registration failed because the origin is not allowed");
  const { verifyRegistrationResponse } = await webauthnServer();
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: credential,
      expectedChallenge: String(code.data.challenge),
      expectedOrigin: origin,
      expectedRPID: new URL(origin).hostname,
      expectedType: "webauthn.create",
      requireUserVerification: false,
    });
  } catch {
    throw registrationFailed("Passkey registration failed because the verification response is invalid");
  }
  if (!verification.verified) throw registrationFailed("Passkey registration failed because the verification response is invalid");
  const info = verification.registrationInfo;
  savePasskey(ctx.core.store, {
    projectId: project.id,
    userId: user.id,
    credentialId: info.credential.id,
    publicKey: Buffer.from(info.credential.publicKey).toString("base64url"),
    counter: info.credential.counter,
    transports: info.credential.transports ?? [],
    deviceType: info.credentialDeviceType,
    backedUp: info.credentialBackedUp,
  });
  user.passkeyAuthEnabled = true;
  ctx.core.store.touch();
  ctx.effect("passkeys_registered");
  return json({ user_handle: info.credential.id });
}

async function initiateAuthentication(ctx: RequestContext) {
  const { project } = authOf(ctx);
  assertEnabled(project);
  const { generateAuthenticationOptions } = await webauthnServer();
  const options = await generateAuthenticationOptions({
    rpID: PASSKEY_SENTINEL_RP_ID,
    userVerification: "preferred",
    allowCredentials: [],
    timeout: PASSKEY_CEREMONY_TIMEOUT_MS,
    challenge: fixedChallenge(ctx),
  });
  const { record } = createCode(ctx.core, { project, type: "passkey_authentication", data: { challenge: options.challenge }, expiresInMs: CODE_LIFETIME_MS });
  return json({ options_json: options, code: record.code });
}

async function signIn(ctx: RequestContext) {
  const { project } = authOf(ctx);
  const code = consumeCode(ctx.core, project.id, "passkey_authentication", ctx.body.code, "use");
  assertEnabled(project);
  const response = ctx.body.authentication_response;
  const passkey = typeof response?.id === "string" ? passkeyByCredentialId(ctx.core.store, project.id, response.id) : undefined;
  const user = passkey && ctx.core.store.users.get(passkey.userId);
  if (!passkey || !user?.passkeyAuthEnabled) throw authenticationFailed("Passkey not found");
  const origin = clientDataOrigin(response?.response?.clientDataJSON);
  if (!origin) throw authenticationFailed("Passkey authentication failed because the authentication response is invalid");
  if (!isTrustedUrl(project, origin)) throw authenticationFailed("Passkey authentication failed because the origin is not allowed");
  const { verifyAuthenticationResponse } = await webauthnServer();
  const failed = "The signature of the authentication response could not be verified with the stored public key tied to this credential ID";
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: String(code.data.challenge),
      expectedOrigin: origin,
      expectedRPID: new URL(origin).hostname,
      credential: { id: passkey.credentialId, publicKey: new Uint8Array(Buffer.from(passkey.publicKey, "base64url")), counter: passkey.counter },
      requireUserVerification: false,
    });
  } catch {
    throw authenticationFailed(failed);
  }
  if (!verification.verified) throw authenticationFailed(failed);
  passkey.counter = verification.authenticationInfo.newCounter;
  passkey.lastUsedAtMillis = Date.now();
  ctx.core.store.touch();
  if (user.totpSecretBase64) throw mfaRequired(ctx.core, project, user, false);
  ctx.effect("passkey_sign_ins");
  return json(await signInResponse(ctx.core, project, user, { isNewUser: false }, ctx.effect));
}

/**
 * The passkey family (wire §8.4) with `@simplewebauthn/server`. Options carry the sentinel RP id
 * `THIS_VALUE_WILL_BE_REPLACED.example.com` (clients swap in the page's hostname); verification expects the
 * origin found in `clientDataJSON` (which must be trusted: a trusted domain, or localhost when allowed) and its
 * hostname as RP id. Codes last 65 s; one passkey per user.
 *
 * @example
 * core.router.addAll(passkeyRoutes(core));
 */
export function passkeyRoutes(_core: EmulatorCore): RouteDef[] {
  const post = (path: string, def: Omit<RouteDef, "method" | "path" | "access">): RouteDef => ({
    method: "POST",
    path: `/auth/passkey${path}`,
    access: CLIENT_OR_HIGHER,
    ...def,
  });
  return [
    post("/initiate-passkey-registration", { user: "required", handler: initiateRegistration }),
    post("/register", { user: "required", body: t.object({ credential: t.json().defined(), code: code45 }).defined(), handler: register }),
    post("/initiate-passkey-authentication", { handler: initiateAuthentication }),
    post("/sign-in", { body: t.object({ authentication_response: t.json().defined(), code: code45 }).defined(), handler: signIn }),
  ];
}
