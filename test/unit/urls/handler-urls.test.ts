import { ArgumentError, ClientApp } from "../../../src/index";
import { resolveHandlerUrls } from "../../../src/urls/handler-urls";
import { PROJECT } from "../../helpers/http";

const resolve = (urls?: Parameters<typeof resolveHandlerUrls>[0]) => resolveHandlerUrls(urls, PROJECT);

afterEach(() => {
  delete process.env.NEXT_PUBLIC_STACK_HOSTED_HANDLER_DOMAIN_SUFFIX;
  delete process.env.NEXT_PUBLIC_STACK_HOSTED_HANDLER_URL_TEMPLATE;
});

test("defaults: every official key, pages under /handler, destinations at home", () => {
  expect(resolve()).toEqual({
    handler: "/handler",
    signIn: "/handler/sign-in",
    signUp: "/handler/sign-up",
    signOut: "/handler/sign-out",
    emailVerification: "/handler/email-verification",
    passwordReset: "/handler/password-reset",
    forgotPassword: "/handler/forgot-password",
    oauthCallback: "/handler/oauth-callback",
    magicLinkCallback: "/handler/magic-link-callback",
    accountSettings: "/handler/account-settings",
    teamInvitation: "/handler/team-invitation",
    cliAuthConfirm: "/handler/cli-auth-confirm",
    mfa: "/handler/mfa",
    error: "/handler/error",
    onboarding: "/handler/onboarding",
    home: "/",
    afterSignIn: "/",
    afterSignUp: "/",
    afterSignOut: "/",
  });
});

test("strings and v0/v1 custom pages are used as given; handler-component pages follow the handler path", () => {
  const urls = resolve({
    handler: "/auth/",
    signIn: { type: "handler-component" },
    signUp: { type: "custom", url: "/join", version: 0 },
    mfa: { type: "custom", url: "/two-factor", version: 1 },
    home: "/app",
    afterSignIn: "/dashboard",
  });
  expect(urls).toMatchObject({ handler: "/auth/", signIn: "/auth/sign-in", signUp: "/join", mfa: "/two-factor", onboarding: "/auth/onboarding" });
  expect([urls.home, urls.afterSignIn, urls.afterSignUp, urls.afterSignOut]).toEqual(["/app", "/dashboard", "/dashboard", "/app"]);
  expect(resolve({ handler: "/" }).signIn).toBe("/sign-in");
});

test("default hosted: unset pages and destinations on the project's hosted domain, the OAuth callback too", () => {
  const urls = resolve({ default: { type: "hosted" }, signUp: "/sign-up" });
  const hosted = `https://${PROJECT}.built-with-stack-auth.com/handler`;
  expect(urls).toMatchObject({ signIn: `${hosted}/sign-in`, signUp: "/sign-up", oauthCallback: `${hosted}/oauth-callback`, handler: hosted, home: hosted });
  expect(resolve({ default: { type: "hosted" }, oauthCallback: { type: "handler-component" } }).oauthCallback).toBe("/handler/oauth-callback");
  expect(resolve({ accountSettings: { type: "hosted" } }).accountSettings).toBe(`${hosted}/account-settings`);
});

test("the hosted domain follows NEXT_PUBLIC_STACK_HOSTED_HANDLER_DOMAIN_SUFFIX and _URL_TEMPLATE", () => {
  process.env.NEXT_PUBLIC_STACK_HOSTED_HANDLER_DOMAIN_SUFFIX = ".auth.example.test";
  expect(resolve({ signIn: { type: "hosted" } }).signIn).toBe(`https://${PROJECT}.auth.example.test/handler/sign-in`);
  process.env.NEXT_PUBLIC_STACK_HOSTED_HANDLER_URL_TEMPLATE = "http://{projectId}.localhost:8109/{hostedPath}";
  expect(resolve({ signIn: { type: "hosted" } }).signIn).toBe(`http://${PROJECT}.localhost:8109/handler/sign-in`);
  process.env.NEXT_PUBLIC_STACK_HOSTED_HANDLER_URL_TEMPLATE = "http://localhost:8109/{projectId}/{hostedPath}";
  expect(() => resolve({ signIn: { type: "hosted" } })).toThrow(/\{projectId\} in its host name/);
  delete process.env.NEXT_PUBLIC_STACK_HOSTED_HANDLER_URL_TEMPLATE;
  process.env.NEXT_PUBLIC_STACK_HOSTED_HANDLER_DOMAIN_SUFFIX = "auth.example.test";
  expect(() => resolve({ signIn: { type: "hosted" } })).toThrow(/must start with a dot/);
});

test.each([
  [{ nope: "/x" }, /urls\.nope is not a known page/],
  [{ signIn: "" }, /urls\.signIn must be a URL string/],
  [{ signIn: 5 }, /urls\.signIn must be/],
  [{ signIn: { type: "custom", url: "/x" } }, /urls\.signIn must be/],
  [{ signIn: { type: "custom", url: "/x", version: -1 } }, /urls\.signIn must be/],
  [{ signIn: { type: "elsewhere" } }, /urls\.signIn must be/],
  [{ default: "/x" }, /urls\.default must be \{ type: "hosted" \} or/],
  [{ default: { type: "custom", url: "/x", version: 0 } }, /urls\.default must be/],
  [{ handler: { type: "custom", url: "/h", version: 0 } }, /urls\.handler cannot be a custom page/],
  [{ home: { type: "custom", url: "/h", version: 0 } }, /urls\.home cannot be a custom page/],
  [{ signIn: { type: "custom", url: "/x", version: 2 } }, /versions 0 and 1, not 2/],
  [{ oauthCallback: "https://app.example.test/cb" }, /oauthCallback must be relative/],
  [{ oauthCallback: { type: "custom", url: "//app.example.test/cb", version: 0 } }, /oauthCallback must be relative/],
  ["/handler", /urls must be an object/],
])("%j is refused with an ArgumentError", (urls, message) => {
  let error: unknown;
  try {
    resolve(urls as never);
  } catch (e) {
    error = e;
  }
  expect(ArgumentError.isInstance(error) && (error as Error).message).toMatch(message);
});

test("app.urls is the resolved, read-only object; a bad urls option fails the constructor", () => {
  const app = new ClientApp({ projectId: PROJECT, tokenStore: null, urls: { signIn: { type: "custom", url: "/login", version: 1 }, afterSignOut: "/bye" } });
  expect(app.urls.signIn).toBe("/login");
  expect(app.urls.afterSignOut).toBe("/bye");
  expect(Object.isFrozen(app.urls)).toBe(true);
  expect(() => new ClientApp({ projectId: PROJECT, tokenStore: null, urls: { signIn: { type: "custom", url: "/x", version: 9 } } })).toThrow(ArgumentError);
});
