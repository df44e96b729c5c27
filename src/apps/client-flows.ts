import type { SignUpOptions } from "../auth/sign-up";
import type { ResetPasswordOptions } from "../auth/password-reset";
import type { OAuthSignInOptions } from "../auth/oauth";
import type { PasskeySignInOptions } from "../auth/passkey";
import type { PromptCliLoginOptions } from "../auth/cli-login";
import type { TokenStoreInit } from "../token-stores/types";
import { laterGroup } from "./call-later";
import type { Later } from "./call-later";

type StoreOption = { tokenStore?: TokenStoreInit };

/**
 * The flows of {@link ClientApp} beyond the password sign-in: signing up with a password, the links and codes the
 * platform e-mails (resetting a forgotten password, verifying an e-mail address, answering a team invitation),
 * OAuth, magic links, the second factor, passkeys and CLI login. Each loads its code on first use.
 *
 * @example
 * const app = new ClientApp({ projectId, tokenStore: "cookie" });
 * button.onclick = () => app.signInWithOAuth("github");
 */
export interface ClientFlows {
  /**
   * Signs up with e-mail and password and signs the new user in. See {@link SignUpOptions}.
   * @example
   * const result = await app.signUpWithCredential({ email: "ada@example.com", password: "correct horse" });
   * if (result.status === "error" && KnownErrors.UserWithEmailAlreadyExists.isInstance(result.error)) offerSignIn();
   */
  signUpWithCredential(options: SignUpOptions): Later<typeof import("../auth/sign-up").signUpWithCredential>;

  /**
   * E-mails a password-reset link to `email` (pointing at `callbackUrl`, default the password-reset page).
   * @example
   * await app.sendForgotPasswordEmail("ada@example.com", { callbackUrl: "https://myapp.example/reset" });
   */
  sendForgotPasswordEmail(email: string, options?: { callbackUrl?: string }): Later<typeof import("../auth/password-reset").sendForgotPasswordEmail>;

  /**
   * Checks a password-reset code without using it. An unknown, expired or used code is an error result.
   * A code that is not 45 characters long (a truncated link) is not sent: it is the same `VERIFICATION_CODE_NOT_FOUND`
   * error result as an unknown code (the official SDK throws the platform's `SCHEMA_ERROR`).
   * @example
   * const valid = (await app.verifyPasswordResetCode(code)).status === "ok";
   */
  verifyPasswordResetCode(code: string): Later<typeof import("../auth/password-reset").verifyPasswordResetCode>;

  /**
   * Sets a new password with the code from the reset e-mail. A bad code is an error result; a password the
   * platform refuses (checked first) and a `confirmPassword` mismatch are thrown.
   * A code that is not 45 characters long (a truncated link) is not sent: it is the same `VERIFICATION_CODE_NOT_FOUND`
   * error result as an unknown code (the official SDK throws the platform's `SCHEMA_ERROR`).
   * @example
   * await app.resetPassword({ code, password: "new password!", confirmPassword: "new password!" });
   */
  resetPassword(options: ResetPasswordOptions): Later<typeof import("../auth/password-reset").resetPassword>;

  /**
   * Verifies an e-mail address with the code from its verification link. The cached users of this app are
   * forgotten and its sessions' access tokens renewed on their next use (`email_verified` is a claim). An
   * unknown, expired or used code is an error result.
   * A code that is not 45 characters long (a truncated link) is not sent: it is the same `VERIFICATION_CODE_NOT_FOUND`
   * error result as an unknown code (the official SDK throws the platform's `SCHEMA_ERROR`).
   * @example
   * const result = await app.verifyEmail(code);
   * if (result.status === "error") showError("This link has expired or was already used.");
   */
  verifyEmail(code: string): Later<typeof import("../auth/magic-link").verifyEmail>;

  /**
   * Checks a team-invitation code (from the e-mail's link) without using it. Needs a signed-in user.
   * A code that is not 45 characters long (a truncated link) is not sent: it is the same `VERIFICATION_CODE_NOT_FOUND`
   * error result as an unknown code (the official SDK throws the platform's `SCHEMA_ERROR`).
   * @example
   * const valid = (await app.verifyTeamInvitationCode(code)).status === "ok";
   */
  verifyTeamInvitationCode(code: string, options?: StoreOption): Later<typeof import("../resources/teams/invitations").verifyTeamInvitationCode>;

  /**
   * Joins the team of a team-invitation code; the user's team list then includes it.
   * A code that is not 45 characters long (a truncated link) is not sent: it is the same `VERIFICATION_CODE_NOT_FOUND`
   * error result as an unknown code (the official SDK throws the platform's `SCHEMA_ERROR`).
   * @example
   * const result = await app.acceptTeamInvitation(code);
   * if (result.status === "error") showError("This invitation has expired or was already used.");
   */
  acceptTeamInvitation(code: string, options?: StoreOption): Later<typeof import("../resources/teams/invitations").acceptTeamInvitation>;

  /**
   * The name of the team a team-invitation code is for, without using the code.
   * A code that is not 45 characters long (a truncated link) is not sent: it is the same `VERIFICATION_CODE_NOT_FOUND`
   * error result as an unknown code (the official SDK throws the platform's `SCHEMA_ERROR`).
   * @example
   * const details = await app.getTeamInvitationDetails(code);
   * if (details.status === "ok") showJoinButton(details.data.teamDisplayName);
   */
  getTeamInvitationDetails(code: string, options?: StoreOption): Later<typeof import("../resources/teams/invitations").getTeamInvitationDetails>;

  /**
   * Signs in with an OAuth provider (e.g. `"github"`): sends the browser to the provider's consent page through
   * the platform (PKCE, the verifier in a cookie for an hour). Never settles once the browser is on its way. An
   * anonymous user is upgraded, not replaced. The flow ends on the oauthCallback page, which calls
   * {@link ClientApp.callOAuthCallback}. Browser only; needs a token store and a redirect method other than "none".
   * @example
   * button.onclick = () => app.signInWithOAuth("github", { returnTo: "/dashboard" });
   */
  signInWithOAuth(provider: string, options?: OAuthSignInOptions): Promise<void>;

  /**
   * Finishes an OAuth sign-in or link on the oauthCallback page and returns true once the user is signed in (then
   * navigating to where the flow said, the page's `after_auth_return_to`, after-sign-up or after-sign-in). False
   * when this browser holds no verifier for the page's `state` (only a warning is logged) or after a wrong TOTP
   * code (an alert says so). Throws the `KnownError` the platform reported in the address, and an
   * `OAuthCallbackError` when the address has no `code` or `state` or the code exchange fails.
   * @example
   * // on /handler/oauth-callback
   * await app.callOAuthCallback();
   */
  callOAuthCallback(): Promise<boolean>;

  /**
   * E-mails a magic link and one-time code; the result carries the nonce to combine with the typed code.
   * @example
   * const sent = await app.sendMagicLinkEmail("ada@example.com", { callbackUrl: "https://myapp.example/magic" });
   * if (sent.status === "ok") await app.signInWithMagicLink(typedOtp + sent.data.nonce);
   */
  sendMagicLinkEmail(email: string, options?: { callbackUrl?: string }): Later<typeof import("../auth/magic-link").sendMagicLinkEmail>;

  /**
   * Signs in with a magic link's code (or the one-time code followed by the nonce). An unknown, expired or used code
   * is an error result. A code that is not 45 characters long (a truncated link, a mistyped one-time code) is not
   * sent: it is the same `VERIFICATION_CODE_NOT_FOUND` result as an unknown code (the official SDK throws the
   * platform's `SCHEMA_ERROR`). A code that is not a non-empty string throws an `ArgumentError`.
   * @example
   * await app.signInWithMagicLink(new URLSearchParams(location.search).get("code")!);
   */
  signInWithMagicLink(code: string, options?: { noRedirect?: boolean } & StoreOption): Later<typeof import("../auth/magic-link").signInWithMagicLink>;

  /**
   * Completes a sign-in that asked for a second factor: `otp` is the user's 6-digit TOTP code, `code` the attempt
   * code of the `MULTI_FACTOR_AUTHENTICATION_REQUIRED` error (in a browser the sign-in also keeps it in
   * `sessionStorage` as `hexclave_mfa_attempt_code` and `stack_mfa_attempt_code` for the MFA page, which this call
   * clears once it succeeds). A wrong TOTP code (`INVALID_TOTP_CODE`) or an expired or used attempt code comes back
   * as an error result. An attempt code that is not 45 characters long is not sent: it is the same
   * `VERIFICATION_CODE_NOT_FOUND` result as an unknown one (the official SDK throws the platform's `SCHEMA_ERROR`).
   * @example
   * // On the MFA page:
   * const attemptCode = sessionStorage.getItem("hexclave_mfa_attempt_code")!;
   * const result = await app.signInWithMfa(totpFromUser, attemptCode);
   * if (result.status === "error" && KnownErrors.InvalidTotpCode.isInstance(result.error)) showError("Wrong code, try again.");
   */
  signInWithMfa(otp: string, code: string, options?: { noRedirect?: boolean } & StoreOption): Later<typeof import("../auth/mfa").signInWithMfa>;

  /**
   * Signs in with a passkey (WebAuthn, through `@simplewebauthn/browser`), then goes to after-sign-in unless
   * `noRedirect`. Error results: `PasskeyWebAuthnError` (the browser refused the ceremony; `details.code` says why,
   * see `PasskeyWebAuthnErrorCode`) and `PasskeyAuthenticationFailed` (no WebAuthn here, or the platform
   * refused). A user with a second factor is sent to the MFA page as in {@link ClientApp.signInWithCredential}.
   * @example
   * const result = await app.signInWithPasskey();
   * if (result.status === "error") showError(result.error.message);
   */
  signInWithPasskey(options?: PasskeySignInOptions): Later<typeof import("../auth/passkey").signInWithPasskey>;

  /**
   * Signs a command-line app in through the browser: starts a CLI login, shows the link to the app's CLI
   * confirmation page (`appUrl` + `urls.cliAuthConfirm` + `?login_code=…`; through `promptLink`, else printed),
   * then polls every `waitTimeMillis` (default 2000) until the user confirms there. The result is the refresh
   * token of the confirming browser's session (nothing is stored: build an app on it). Expired, already used,
   * timed out after `maxAttempts` (default unlimited) and other failures are `CliAuth*Error` results. Works in
   * Node; no browser code is loaded. See {@link PromptCliLoginOptions}.
   * @example
   * const result = await app.promptCliLogin({ appUrl: "https://myapp.example" });
   * if (result.status === "ok") {
   *   const cliApp = new ClientApp({ projectId, tokenStore: { refreshToken: result.data } });
   *   console.log((await cliApp.getUser())?.primaryEmail);
   * }
   */
  promptCliLogin(options: PromptCliLoginOptions): Later<typeof import("../auth/cli-login").promptCliLogin>;

  /**
   * The browser side of a CLI login (the confirmation page's "Authorize" button): hands the signed-in user's
   * session to the CLI waiting on `loginCode` (the page's `login_code` query parameter). An unknown, expired or
   * used code is a `CliAuthError` result, a restricted user (anonymous, unverified e-mail) a
   * `RestrictedUserNotAllowed` one, and no signed-in user a `UserAuthenticationRequired` one.
   * @example
   * const loginCode = new URLSearchParams(location.search).get("login_code")!;
   * const result = await app.confirmCliLogin(loginCode);
   * if (result.status === "error") showError(result.error.message);
   */
  confirmCliLogin(loginCode: string, options?: StoreOption): Later<typeof import("../auth/cli-confirm").confirmCliLogin>;

  /**
   * Whether the CLI waiting on `loginCode` has an anonymous session this browser may take over (`"anonymous"`)
   * or not (`"none"`), for a confirmation page whose visitor is signed out. A bad code is a `CliAuthError` result.
   * @example
   * const state = await app.getCliLoginState(loginCode);
   * if (state.status === "ok" && state.data === "none") await app.redirectToSignIn();
   */
  getCliLoginState(loginCode: string): Later<typeof import("../auth/cli-confirm").getCliLoginState>;

  /**
   * Signs this app in as the anonymous user of the CLI waiting on `loginCode` (possible once per login), so a
   * signed-out visitor can sign up from there and keep what they did in the CLI; confirm with
   * {@link ClientApp.confirmCliLogin} afterwards. No such session is a `CliAuthError` result.
   * @example
   * if ((await app.claimCliAnonymousSession(loginCode)).status === "ok") await app.redirectToSignUp();
   */
  claimCliAnonymousSession(loginCode: string, options?: StoreOption): Later<typeof import("../auth/cli-confirm").claimCliAnonymousSession>;
}

/**
 * @internal The flows' code: each loads on first use (through callLater), so a page that signs in with a password
 * never downloads them.
 */
export const ClientFlows = /* @__PURE__ */ laterGroup<ClientFlows>({
  signUpWithCredential: true,
  sendForgotPasswordEmail: true,
  verifyPasswordResetCode: true,
  resetPassword: true,
  verifyEmail: true,
  verifyTeamInvitationCode: true,
  acceptTeamInvitation: true,
  getTeamInvitationDetails: true,
  signInWithOAuth: true,
  callOAuthCallback: true,
  sendMagicLinkEmail: true,
  signInWithMagicLink: true,
  signInWithMfa: true,
  signInWithPasskey: true,
  promptCliLogin: true,
  confirmCliLogin: true,
  getCliLoginState: true,
  claimCliAnonymousSession: true,
});
