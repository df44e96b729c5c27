// Playwright stays the app's: these helpers take the page or context a test passes and only call methods on it. Its
// types are described here by the few members used, so they fit Playwright's Page and BrowserContext (from
// @playwright/test, playwright or playwright-core) and the package's types need no Playwright installed.
import { planCookieWrite } from "../token-stores/cookie-format";
import type { TestTokens } from "./users";

/**
 * A cookie as Playwright's `browserContext.addCookies` takes it.
 *
 * @example
 * const cookie: SessionCookie = { name: "stack-access", value: "…", domain: "localhost", path: "/" };
 */
export interface SessionCookie {
  name: string;
  value: string;
  url?: string;
  domain?: string;
  path?: string;
  expires?: number;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: "Strict" | "Lax" | "None";
}

/**
 * What `signIn` needs of a Playwright `BrowserContext`.
 *
 * @example
 * const context: CookieJar = await browser.newContext();
 */
export interface CookieJar {
  addCookies(cookies: SessionCookie[]): Promise<void>;
}

/**
 * What the helpers need of a Playwright `Page`.
 *
 * @example
 * const page: PageLike = await context.newPage();
 */
export interface PageLike {
  url(): string;
  context(): CookieJar & {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    newCDPSession(page: any): Promise<{ send(method: any, params?: any): Promise<any> }>;
  };
}

const isPage = (target: PageLike | CookieJar): target is PageLike => typeof (target as PageLike).context === "function";

const httpOrigin = (raw: string | undefined): string | undefined => {
  if (!raw) return undefined;
  try {
    const u = new URL(raw);
    return u.protocol === "http:" || u.protocol === "https:" ? u.origin : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The cookies of a signed-in session as the `"cookie"` and `"nextjs-cookie"` token stores read them: the refresh
 * cookie `stack-refresh-<projectId>--default` (`__Host-…` on https), JSON `{"refresh_token", "updated_at_millis"}`,
 * and `stack-access`, JSON `[refreshToken, accessToken]`, on `url`'s origin, or, without one, on `localhost` and
 * `127.0.0.1` (any port: cookies are not bound to ports).
 *
 * @example
 * await context.addCookies(sessionCookies("3f9c…", tokens, "http://localhost:3000"));
 */
export function sessionCookies(projectId: string, tokens: TestTokens, url?: string): SessionCookie[] {
  const origin = httpOrigin(url);
  const secure = origin?.startsWith("https:") ?? false;
  const now = Math.floor(Date.now() / 1000);
  const writes = planCookieWrite({}, projectId, tokens, secure);
  const places: Pick<SessionCookie, "url" | "domain" | "path">[] = origin ? [{ url: origin }] : ["localhost", "127.0.0.1"].map((domain) => ({ domain, path: "/" }));
  return places.flatMap((place) =>
    writes.map(([name, value, days]) => ({
      name,
      // js-cookie, which the token store writes with, encodes values the same way; both stores decode them.
      value: encodeURIComponent(value ?? ""),
      ...place,
      expires: now + days * 86_400,
      httpOnly: false,
      secure,
      sameSite: "Lax" as const,
    })),
  );
}

/**
 * Puts a session's cookies into a page's context (or a context): the next page load of the app is signed in.
 * `url` is the app's address; by default the page's current one when it shows an http(s) page, else every port
 * of `localhost` and `127.0.0.1`.
 *
 * @example
 * await setSessionCookies(page, projectId, tokens, { url: "http://localhost:3000" });
 */
export async function setSessionCookies(target: PageLike | CookieJar, projectId: string, tokens: TestTokens, o: { url?: string } = {}): Promise<void> {
  const context = isPage(target) ? target.context() : target;
  const url = o.url ?? (isPage(target) ? httpOrigin(target.url()) : undefined);
  await context.addCookies(sessionCookies(projectId, tokens, url));
}

/**
 * Options of Chromium's virtual authenticator (CDP `WebAuthn.addVirtualAuthenticator`). The default is a platform
 * authenticator (`internal`, `ctap2`) with resident keys and user verification that always succeeds.
 *
 * @example
 * const options: VirtualAuthenticatorOptions = { transport: "usb", hasResidentKey: false };
 */
export interface VirtualAuthenticatorOptions {
  protocol?: "ctap2" | "u2f";
  transport?: "internal" | "usb" | "nfc" | "ble" | "hybrid";
  hasResidentKey?: boolean;
  hasUserVerification?: boolean;
  isUserVerified?: boolean;
}

/**
 * Chromium's virtual authenticator attached to a page: its id, the passkeys it holds, and removal.
 *
 * @example
 * const authenticator: VirtualAuthenticator = await addVirtualAuthenticator(page);
 */
export interface VirtualAuthenticator {
  /** The id CDP gave it. */
  id: string;
  /** The credentials (passkeys) it holds: their ids (base64), relying party and whether they are resident. */
  credentials(): Promise<{ credentialId: string; rpId?: string; isResidentCredential: boolean; userHandle?: string }[]>;
  /** Detaches it (WebAuthn ceremonies then wait for a real authenticator). */
  remove(): Promise<void>;
}

/**
 * Gives a Playwright page in Chromium a virtual WebAuthn authenticator (CDP `WebAuthn.enable` and
 * `WebAuthn.addVirtualAuthenticator`), so passkey registration and sign-in run without a person. Chromium only.
 *
 * @example
 * const authenticator = await addVirtualAuthenticator(page);
 * await page.getByRole("button", { name: "Register a passkey" }).click();
 * expect(await authenticator.credentials()).toHaveLength(1);
 */
export async function addVirtualAuthenticator(page: PageLike, options: VirtualAuthenticatorOptions = {}): Promise<VirtualAuthenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable", { enableUI: false });
  const { authenticatorId } = (await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true, ...options },
  })) as { authenticatorId: string };
  return {
    id: authenticatorId,
    credentials: async () => ((await cdp.send("WebAuthn.getCredentials", { authenticatorId })) as { credentials: Awaited<ReturnType<VirtualAuthenticator["credentials"]>> }).credentials,
    remove: async () => void (await cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId })),
  };
}
