import { currentUserChanged } from "../resources/users/current";
import { browserSupportsWebAuthn, startAuthentication, startRegistration } from "@simplewebauthn/browser";
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { optionalBoolean, optionalObject, requireString } from "../util/validate";
import type { KnownError } from "../errors";
import { knownError } from "../errors/lineage";
import { LatchkeyError } from "../errors/base";
import { isKnownErrorOf } from "../errors/known-error-of";
import type { Session } from "../session/session";
import type { TokenStoreInit } from "../token-stores/types";
import { inBrowser } from "../urls/redirect";
import { err, ok } from "../util/result";
import type { Result } from "../util/result";
import { completeSignIn } from "../core/context";
import type { RegisterPasskeyOptions } from "../resources/users/passkey-options";
export type { RegisterPasskeyOptions };
import type { AppContext, TokenResponse } from "../core/context";
import { goToMfa } from "./mfa";
import { ceremonyFailure, relyingPartyId, RP_ID_SENTINEL, serverFailure, userIdProblem } from "./passkey-checks";


/**
 * Options of `app.signInWithPasskey()` (latchkey additions; the official SDK takes none).
 *
 * @example
 * await app.signInWithPasskey({ noRedirect: true });
 */
export interface PasskeySignInOptions {
  /** Stay on the page after signing in (default: go to after-sign-in, or the page's `after_auth_return_to`). */
  noRedirect?: boolean;
  tokenStore?: TokenStoreInit;
}

/**
 * @internal The error results of a passkey registration.
 * @example
 * const result: Result<undefined, RegistrationFailure> = await registerPasskey(ctx, session);
 */
export type RegistrationFailure = KnownError<"PASSKEY_REGISTRATION_FAILED"> | KnownError<"PASSKEY_WEBAUTHN_ERROR">;
type SignInFailure = KnownError<"PASSKEY_AUTHENTICATION_FAILED"> | KnownError<"INVALID_TOTP_CODE"> | KnownError<"PASSKEY_WEBAUTHN_ERROR">;

/** The platform's answer to both initiate endpoints: WebAuthn options (with the sentinel RP id) and a ceremony code. */
interface Ceremony<O> {
  options_json: O;
  code: string;
}

const NO_WEBAUTHN = "Passkeys need a browser with WebAuthn (PublicKeyCredential and navigator.credentials); this environment has none.";
const webAuthnAvailable = (): boolean => inBrowser() && browserSupportsWebAuthn() && typeof navigator !== "undefined" && !!navigator.credentials;

/** Thrown when the platform's options do not carry the RP id sentinel: this client would not know which id to use. */
function unexpectedRpId(found: unknown): never {
  throw new LatchkeyError(
    `The platform's passkey options name the relying party ${JSON.stringify(found)}, not the placeholder ${RP_ID_SENTINEL} (replaced by the page's hostname).`,
    "PasskeyProtocolError",
  );
}

/**
 * @internal What registration checks before any request: the options (ArgumentError), WebAuthn support
 * (`PasskeyRegistrationFailed`) and the relying-party rules (`PasskeyWebAuthnError`). Gives the RP id to use.
 * @example
 * const checked = checkRegistration(options);
 * if ("error" in checked) return err(checked.error);
 */
export function checkRegistration(options: RegisterPasskeyOptions | undefined): { rpId: string } | { error: RegistrationFailure } {
  const o = optionalObject(options, "registerPasskey options");
  if (o.hostname !== undefined) requireString(o.hostname, "hostname");
  if (!webAuthnAvailable()) return { error: knownError("PASSKEY_REGISTRATION_FAILED", undefined, NO_WEBAUTHN) as RegistrationFailure };
  return relyingPartyId(window.location.hostname, o.hostname);
}

/**
 * @internal Registers a passkey for the user of `session`: `POST /auth/passkey/initiate-passkey-registration`, the
 * browser's `navigator.credentials.create()` (through `@simplewebauthn/browser`) with the page's hostname (or
 * `hostname`) as relying party, then `POST /auth/passkey/register`. Without WebAuthn: a `PasskeyRegistrationFailed`
 * result before any request. A refused ceremony: `PasskeyWebAuthnError`. The platform refusing it:
 * `PasskeyRegistrationFailed`.
 * @example
 * const result = await registerPasskey(ctx, session, {});
 */
export async function registerPasskey(
  ctx: AppContext,
  session: Session,
  options?: RegisterPasskeyOptions,
): Promise<Result<undefined, RegistrationFailure>> {
  const checked = checkRegistration(options);
  if ("error" in checked) return err(checked.error);
  return registerChecked(ctx, session, checked.rpId);
}

/**
 * @internal The requests and the ceremony of {@link registerPasskey}, after {@link checkRegistration} passed.
 * @example
 * return registerChecked(ctx, session, checked.rpId);
 */
export async function registerChecked(ctx: AppContext, session: Session, rpId: string): Promise<Result<undefined, RegistrationFailure>> {
  const failed = (e: unknown) => {
    const failure = serverFailure(e, "PASSKEY_REGISTRATION_FAILED", "Passkey registration failed");
    if (!failure) throw e;
    return err(failure as RegistrationFailure);
  };

  let ceremony: Ceremony<PublicKeyCredentialCreationOptionsJSON>;
  try {
    ceremony = await ctx.core.request({ expect: "code", method: "POST", path: "/auth/passkey/initiate-passkey-registration", session, body: {} });
  } catch (e) {
    return failed(e);
  }
  const optionsJSON = ceremony.options_json;
  if (optionsJSON?.rp?.id !== RP_ID_SENTINEL) unexpectedRpId(optionsJSON?.rp?.id);
  const badUserId = userIdProblem(optionsJSON.user?.id);
  if (badUserId) return err(badUserId);

  let credential: Awaited<ReturnType<typeof startRegistration>>;
  try {
    credential = await startRegistration({ optionsJSON: { ...optionsJSON, rp: { ...optionsJSON.rp, id: rpId } } });
  } catch (e) {
    return err(ceremonyFailure(e));
  }
  try {
    await ctx.core.request({ method: "POST", path: "/auth/passkey/register", session, body: { credential, code: ceremony.code } });
  } catch (e) {
    return failed(e);
  } finally {
    // passkeyAuthEnabled changes (or the stale user is read again after a failure); as after any change to the user
    // (and as the official SDK does), the next access token read is a new one
    currentUserChanged(ctx, session);
  }
  return ok(undefined);
}

/**
 * @internal Signs in with a passkey: `POST /auth/passkey/initiate-passkey-authentication`, the browser's
 * `navigator.credentials.get()` with the page's hostname as relying party, then `POST /auth/passkey/sign-in`; the
 * tokens are stored and the user goes to after-sign-in unless `noRedirect`. A user with a second factor goes the
 * MFA way (see `goToMfa`). Failures as in {@link registerPasskey}, with `PasskeyAuthenticationFailed`.
 * @example
 * const result = await signInWithPasskey(ctx, { noRedirect: true });
 */
export async function signInWithPasskey(ctx: AppContext, options?: PasskeySignInOptions): Promise<Result<undefined, SignInFailure>> {
  const o = optionalObject(options, "signInWithPasskey options");
  optionalBoolean(o.noRedirect, "noRedirect");
  const session = ctx.core.session(o.tokenStore);
  if (!webAuthnAvailable()) return err(knownError("PASSKEY_AUTHENTICATION_FAILED", undefined, NO_WEBAUTHN) as SignInFailure);
  const rp = relyingPartyId(window.location.hostname);
  if ("error" in rp) return err(rp.error);
  const failed = (e: unknown) => {
    const failure = serverFailure(e, "PASSKEY_AUTHENTICATION_FAILED", "Passkey sign-in failed");
    if (!failure) throw e;
    return err(failure as SignInFailure);
  };

  let ceremony: Ceremony<PublicKeyCredentialRequestOptionsJSON>;
  try {
    ceremony = await ctx.core.request({ expect: "code", method: "POST", path: "/auth/passkey/initiate-passkey-authentication", session, body: {} });
  } catch (e) {
    return failed(e);
  }
  const optionsJSON = ceremony.options_json;
  if (optionsJSON?.rpId !== RP_ID_SENTINEL) unexpectedRpId(optionsJSON?.rpId);

  let authentication_response: Awaited<ReturnType<typeof startAuthentication>>;
  try {
    authentication_response = await startAuthentication({ optionsJSON: { ...optionsJSON, rpId: rp.rpId } });
  } catch (e) {
    return err(ceremonyFailure(e));
  }
  let tokens: TokenResponse;
  try {
    tokens = await ctx.core.request({ expect: "access_token refresh_token", method: "POST", path: "/auth/passkey/sign-in", session, body: { authentication_response, code: ceremony.code } });
  } catch (e) {
    if (isKnownErrorOf(e, "MULTI_FACTOR_AUTHENTICATION_REQUIRED")) return goToMfa(ctx, e as KnownError<"MULTI_FACTOR_AUTHENTICATION_REQUIRED">);
    return failed(e);
  }
  await completeSignIn(ctx, session, tokens, { noRedirect: o.noRedirect, isNewUser: false });
  return ok(undefined);
}
