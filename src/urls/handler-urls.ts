/**
 * Where each auth page and post-auth destination lives. Pages default to `<handler>/<kebab-name>` under the
 * handler path (`/handler`); `home` defaults to `/`, `afterSignIn` and `afterSignOut` to home, and
 * `afterSignUp` to `afterSignIn`.
 *
 * @example
 * new ClientApp({ projectId, tokenStore: "cookie", urls: { signIn: "/login", afterSignIn: "/dashboard" } });
 */
export interface HandlerUrls {
  handler: string;
  signIn: string;
  signUp: string;
  signOut: string;
  emailVerification: string;
  passwordReset: string;
  forgotPassword: string;
  oauthCallback: string;
  magicLinkCallback: string;
  accountSettings: string;
  teamInvitation: string;
  mfa: string;
  error: string;
  cliAuthConfirm: string;
  home: string;
  afterSignIn: string;
  afterSignUp: string;
  afterSignOut: string;
}

const PAGES =
  "signIn signUp signOut emailVerification passwordReset forgotPassword oauthCallback magicLinkCallback accountSettings teamInvitation mfa error cliAuthConfirm".split(
    " ",
  );

/** @internal Fills in every URL the caller did not set. */
export function resolveHandlerUrls(overrides: Partial<HandlerUrls> = {}): HandlerUrls {
  const handler = overrides.handler ?? "/handler";
  const urls: Record<string, string> = { handler };
  for (const page of PAGES) urls[page] = `${handler}/${page.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase())}`;
  urls.home = overrides.home ?? "/";
  urls.afterSignIn = overrides.afterSignIn ?? urls.home;
  urls.afterSignUp = overrides.afterSignUp ?? urls.afterSignIn;
  urls.afterSignOut = urls.home;
  for (const [key, value] of Object.entries(overrides)) if (value != null) urls[key] = value;
  return urls as unknown as HandlerUrls;
}
