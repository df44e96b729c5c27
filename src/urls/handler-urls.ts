import { readEnv } from "../util/env";
import { optionalObject } from "../util/validate";
import { ArgumentError } from "../errors/base";

/**
 * Where each auth page and post-auth destination lives, resolved to URL strings (the official SDK's
 * `ResolvedHandlerUrls`). Pages default to `<handler>/<kebab-name>` under the handler path (`/handler`); `home`
 * defaults to `/`, `afterSignIn` and `afterSignOut` to home, and `afterSignUp` to `afterSignIn`.
 *
 * @example
 * const app = new ClientApp({ projectId, tokenStore: "cookie", urls: { signIn: "/login", afterSignIn: "/dashboard" } });
 * app.urls.signIn; // "/login"
 * app.urls.passwordReset; // "/handler/password-reset"
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
  cliAuthConfirm: string;
  mfa: string;
  error: string;
  onboarding: string;
  home: string;
  afterSignIn: string;
  afterSignUp: string;
  afterSignOut: string;
}

/**
 * The official SDK's name for the resolved {@link HandlerUrls}.
 *
 * @example
 * const urls: ResolvedHandlerUrls = app.urls;
 */
export type ResolvedHandlerUrls = HandlerUrls;

/**
 * Where one page lives: a path or URL string, `{ type: "custom", url, version }` (your own page, written for
 * version `version` of the page's contract; 0 and 1 are understood), `{ type: "hosted" }` (the platform's hosted
 * page for the project) or `{ type: "handler-component" }` (the page under the handler path).
 *
 * @example
 * const signIn: HandlerUrlTarget = { type: "custom", url: "/login", version: 1 };
 */
export type HandlerUrlTarget = string | { type: "custom"; url: string; version: number } | { type: "hosted" | "handler-component" };

type PageKey = Exclude<keyof HandlerUrls, "home" | "afterSignIn" | "afterSignUp" | "afterSignOut">;

/**
 * The `urls` option: a target per page (see {@link HandlerUrlTarget}), a URL string per post-auth destination,
 * and `default`, the target of every page not set (`{ type: "handler-component" }` unless given).
 *
 * @example
 * new ClientApp({ projectId, tokenStore: "cookie", urls: { default: { type: "hosted" }, afterSignIn: "/dashboard" } });
 */
export type HandlerUrlOptions = { [K in PageKey]?: HandlerUrlTarget } & {
  home?: string;
  afterSignIn?: string;
  afterSignUp?: string;
  afterSignOut?: string;
  default?: { type: "hosted" | "handler-component" };
};

type Custom = { type: "custom"; url: string; version: number };

const PAGES =
  "signIn signUp signOut emailVerification passwordReset forgotPassword oauthCallback magicLinkCallback accountSettings teamInvitation cliAuthConfirm mfa error onboarding".split(
    " ",
  );
/** @internal Every key of the `urls` option: the pages, the handler path, `default` and the destinations. */
export const KEYS = [...PAGES, "handler", "default", "home", "afterSignIn", "afterSignUp", "afterSignOut"];

const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase());

/**
 * @internal The project's hosted page `handler/<page>` (`handler` for an empty page): by default on
 * `https://<projectId>.built-with-stack-auth.com`, else per `NEXT_PUBLIC_STACK_HOSTED_HANDLER_DOMAIN_SUFFIX` or
 * `NEXT_PUBLIC_STACK_HOSTED_HANDLER_URL_TEMPLATE` (`{projectId}` in the host name, and `{hostedPath}`).
 */
export function hostedHandlerUrl(projectId: string, page: string): string {
  const path = page ? "handler/" + page : "handler";
  const template = readEnv(() => process.env.NEXT_PUBLIC_STACK_HOSTED_HANDLER_URL_TEMPLATE);
  if (template) {
    if (!/^[a-z][\w+.-]*:\/\/[^/]*\{projectId\}.*\{hostedPath\}/i.test(template)) {
      throw new ArgumentError("NEXT_PUBLIC_STACK_HOSTED_HANDLER_URL_TEMPLATE must be a URL with {projectId} in its host name and {hostedPath} after it.");
    }
    return template.replaceAll("{projectId}", projectId).replaceAll("{hostedPath}", path);
  }
  const suffix = readEnv(() => process.env.NEXT_PUBLIC_STACK_HOSTED_HANDLER_DOMAIN_SUFFIX) ?? ".built-with-stack-auth.com";
  if (suffix[0] !== ".") throw new ArgumentError("NEXT_PUBLIC_STACK_HOSTED_HANDLER_DOMAIN_SUFFIX must start with a dot.");
  return `https://${projectId}${suffix}/${path}`;
}

/**
 * @internal Resolves the `urls` option to URL strings as the official SDK does: unset pages follow `default`,
 * `handler-component` pages sit under the handler path, `hosted` ones on the project's hosted domain, custom ones
 * at their URL. Throws an ArgumentError for an unknown key, a malformed target, a custom target for the handler
 * or a destination, a custom version above 1 (the newest this library knows), or an absolute OAuth callback URL.
 */
export function resolveHandlerUrls(options: HandlerUrlOptions | undefined, projectId: string): HandlerUrls {
  const given: Record<string, HandlerUrlTarget> = {};
  for (const [key, v] of Object.entries(optionalObject(options, "urls") as Record<string, Custom | string | undefined>)) {
    if (v === undefined) continue;
    const type: string | undefined = typeof v === "string" ? (v ? "url" : "") : v?.type;
    const valid =
      type === "hosted" ||
      type === "handler-component" ||
      (key !== "default" && (type === "url" || (type === "custom" && typeof v === "object" && !!v.url && typeof v.url === "string" && Number.isInteger(v.version) && v.version >= 0)));
    if (!KEYS.includes(key)) throw new ArgumentError(`urls.${key} is not a known page or destination.`);
    if (!valid) throw new ArgumentError(`urls.${key} must be ${key === "default" ? "" : 'a URL string, { type: "custom", url, version }, '}{ type: "hosted" } or { type: "handler-component" }.`);
    given[key] = v;
  }
  const fallback = (given.default ?? { type: "handler-component" }) as { type: string };
  const oauth = given.oauthCallback ?? (fallback.type === "hosted" ? fallback : { type: "handler-component" });
  const oauthUrl = typeof oauth === "string" ? oauth : (oauth as Custom).url ?? "/";
  if (oauthUrl.startsWith("//") || /^[a-z][\w+.-]*:/i.test(oauthUrl)) throw new ArgumentError(`urls.oauthCallback must be relative, got ${oauthUrl}.`);
  const base = typeof given.handler === "string" ? given.handler : "/handler";

  const resolve = (key: string, target: HandlerUrlTarget = fallback as HandlerUrlTarget, fallbackUrl = base.replace(/(.)\/$/, "$1") + "/" + kebab(key)) => {
    if (typeof target === "string") return target;
    if (target.type === "handler-component") return fallbackUrl.replace(/^\/\//, "/");
    const page = PAGES.includes(key);
    if (target.type === "hosted") return hostedHandlerUrl(projectId, page ? kebab(key) : "");
    const { url, version } = target as Custom;
    if (!page) throw new ArgumentError(`urls.${key} cannot be a custom page: give a URL string.`);
    if (version > 1) throw new ArgumentError(`urls.${key}: this library knows custom page versions 0 and 1, not ${version}.`);
    return url;
  };
  const urls: Record<string, string> = { handler: resolve("handler", given.handler, base) };
  for (const page of PAGES) urls[page] = resolve(page, page === "oauthCallback" ? oauth : given[page]);
  // The destinations, each defaulting to the one before it that it follows (home to "/").
  for (const [key, after] of [["home"], ["afterSignIn", "home"], ["afterSignUp", "afterSignIn"], ["afterSignOut", "home"]]) {
    urls[key] = resolve(key, given[key], after ? urls[after] : "/");
  }
  return urls as unknown as HandlerUrls;
}
