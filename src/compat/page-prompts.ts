import { ArgumentError } from "../errors/base";

/**
 * What a custom handler page must do, written for a person or an AI assistant building one (the official SDK's
 * `getPagePrompt`). Each page has one contract version so far, version 1; `urls` accepts custom pages written for
 * versions 0 and 1.
 */

/** The latest contract version of every page. */
const LATEST_VERSION = 1;

const PAGES: Record<string, [title: string, contract: string]> = {
  signIn: [
    "Sign In",
    `- If a user is already signed in (\`await app.getUser({ includeRestricted: true })\` is not null), send restricted users to \`app.urls.onboarding\` and others to \`app.urls.afterSignIn\`.
- Read \`(await app.getProject()).config\`. Show only the enabled methods: one button per \`oauthProviders\` entry, an e-mail and password form when \`credentialEnabled\`, an e-mail code form when \`magicLinkEnabled\`, a passkey button when \`passkeyEnabled\`; say so when none is enabled.
- Password: \`app.signInWithCredential({ email, password })\`. An error result with \`KnownErrors.EmailPasswordMismatch\` shows "Wrong e-mail or password." on the form. A thrown \`MultiFactorAuthenticationRequired\` means the browser is being sent to the MFA page.
- E-mail code: \`app.sendMagicLinkEmail(email)\` returns \`{ nonce }\`; ask for the 6-character code and call \`app.signInWithMagicLink(code + nonce)\`.
- Link to the forgot-password page (\`app.urls.forgotPassword\`) and, when \`signUpEnabled\`, to \`app.urls.signUp\`.`,
  ],
  signUp: [
    "Sign Up",
    `- If a user is already signed in, send them to \`app.urls.afterSignUp\` (restricted users to \`app.urls.onboarding\`).
- If \`(await app.getProject()).config.signUpEnabled\` is false, say that sign-up is closed and link to \`app.urls.signIn\`.
- Show the enabled methods as on the sign-in page; the password form asks for the password twice and checks they match before calling \`app.signUpWithCredential({ email, password })\`.
- Error results: \`UserWithEmailAlreadyExists\` (offer sign-in), \`PasswordRequirementsNotMet\` (show the bounds, 8 to 70 characters), \`BotChallengeFailed\`.
- Link to \`app.urls.signIn\`.`,
  ],
  signOut: ["Sign Out", `- Call \`await app.signOut()\` once when the page opens; it ends the session and goes to \`app.urls.afterSignOut\`.\n- Show a short "Signing you out…" message meanwhile.`],
  emailVerification: [
    "E-mail Verification",
    `- Read \`code\` from the page's query string; without one, say the link is invalid.
- Call \`app.verifyEmail(code)\`. On success say the address is verified and link to \`app.urls.home\`. An error result (\`VerificationCodeError\`) means the link expired or was used: offer to send a new one from the account settings.`,
  ],
  passwordReset: [
    "Password Reset",
    `- Read \`code\` from the query string and check it with \`app.verifyPasswordResetCode(code)\`; an error result means the link expired or was used.
- Ask for the new password twice, check they match and that it has 8 to 70 characters, then call \`app.resetPassword({ code, password })\`. On success link to \`app.urls.signIn\`.`,
  ],
  forgotPassword: [
    "Forgot Password",
    `- Ask for the e-mail address and call \`app.sendForgotPasswordEmail(email)\`.
- Always answer "If an account exists for this address, we sent a link", whatever the result, so the page does not reveal which addresses have accounts.`,
  ],
  oauthCallback: ["OAuth Callback", `- Call \`await app.callOAuthCallback()\` when the page opens; it finishes the sign-in and redirects.\n- Show a spinner meanwhile, and a link to \`app.urls.signIn\` if it fails.`],
  magicLinkCallback: [
    "Magic Link Callback",
    `- Read \`code\` from the query string and call \`app.signInWithMagicLink(code)\` once.
- On success the user is redirected (new users to after-sign-up). An error result (\`VerificationCodeError\`) means the link expired or was used: link to \`app.urls.signIn\`.`,
  ],
  accountSettings: [
    "Account Settings",
    `- Require a user: \`await app.getUser({ or: "redirect" })\`.
- Profile: display name and picture (\`user.update({ displayName, profileImageUrl })\`).
- E-mails: \`user.listContactChannels()\` with add, remove, make primary, and \`channel.sendVerificationEmail()\` for unverified ones.
- Security: change or set the password (\`user.updatePassword\`, \`user.setPassword\`), TOTP on and off (\`user.update({ totpMultiFactorSecret })\`), active sessions (\`user.getActiveSessions()\`, \`user.revokeSession(id)\`).
- Teams the user belongs to, notification categories, API keys when the project allows them, and account deletion when \`config.clientUserDeletionEnabled\`.`,
  ],
  teamInvitation: [
    "Team Invitation",
    `- Read \`code\` from the query string. Without a signed-in user, link to \`app.urls.signIn\` (the page is the return target).
- Show the team's name from \`app.getTeamInvitationDetails(code)\`, then join with \`app.acceptTeamInvitation(code)\`.
- Error results: \`VerificationCodeError\` (expired or used), \`TeamInvitationEmailMismatch\` (signed in with another address).`,
  ],
  cliAuthConfirm: [
    "CLI Authorization",
    `- Read \`login_code\` from the query string; require a signed-in user (\`app.getUser({ or: "redirect" })\`).
- Ask the user whether to authorize the command-line tool, and on confirmation complete the login for that code; show success or the error ("expired", "already used").`,
  ],
  mfa: [
    "Multi-Factor Authentication",
    `- The attempt code of the sign-in that asked for a second factor is in \`sessionStorage\` (\`stack_mfa_attempt_code\`, JSON).
- Ask for the 6-digit code from the authenticator app and call \`app.signInWithMfa(otp, attemptCode)\`; \`InvalidTotpCode\` lets the user try again, \`VerificationCodeError\` means the attempt expired: link to \`app.urls.signIn\`.`,
  ],
  error: [
    "Error",
    `- Read \`errorCode\`, \`message\` and \`details\` from the query string. Show a friendly text for the OAuth errors (an account already connected to another user, access denied at the provider) and the message otherwise, with links to \`app.urls.signIn\` and \`app.urls.home\`.`,
  ],
  onboarding: [
    "Onboarding",
    `- Read the user with \`app.getUser({ includeRestricted: true })\`: nobody or anonymous → \`app.urls.signIn\`; not restricted → \`app.urls.afterSignIn\`.
- A user restricted because the e-mail is not verified: without a primary e-mail, ask for one (\`user.update({ primaryEmail })\`); with one, say a link was sent and offer \`user.sendVerificationEmail()\`. Other reasons: explain that the account needs attention. Always offer to sign out.`,
  ],
};

function fullPrompt(key: string, title: string, contract: string): string {
  return `This explains how to build a custom ${title} page for an app that uses the latchkey SDK (\`app\` is its ClientApp). It describes version ${LATEST_VERSION} of the page's contract.

The page may look however the app looks, and may hold more than this, but it must do at least the following:

${contract}

Then point the app at the page: \`new ClientApp({ …, urls: { ${key}: { type: "custom", url: "/your/${title.toLowerCase().replace(/ /g, "-")}", version: ${LATEST_VERSION} } } })\`.`;
}

/**
 * What a custom version of the handler page `pageName` (`"signIn"`, `"accountSettings"`, …) must do: its title, the
 * whole description, what changed since `currentVersion` (null when nothing did; the whole description when no
 * version is given) and the latest contract version. Null for an unknown page; an `ArgumentError` for a non-string
 * name or a non-number version.
 *
 * @example
 * const prompt = getPagePrompt("signIn");
 * console.log(prompt?.title, prompt?.latestVersion); // "Sign In" 1
 */
export function getPagePrompt(
  pageName: string,
  currentVersion?: number,
): { title: string; fullPrompt: string; upgradePrompt: string | null; latestVersion: number } | null {
  if (typeof pageName !== "string") throw new ArgumentError("getPagePrompt: pageName must be a string such as \"signIn\".");
  if (currentVersion != null && typeof currentVersion !== "number") throw new ArgumentError("getPagePrompt: currentVersion must be a number when given.");
  if (!Object.hasOwn(PAGES, pageName)) return null;
  const [title, contract] = PAGES[pageName];
  const full = fullPrompt(pageName, title, contract);
  const upgradePrompt = currentVersion == null || currentVersion < LATEST_VERSION ? full : null;
  return { title, fullPrompt: full, upgradePrompt, latestVersion: LATEST_VERSION };
}
