import { ArgumentError } from "../errors/base";
import { hostedHandlerUrl } from "./handler-urls";
import { inBrowser } from "./redirect";

/**
 * @internal What a project's client read (`GET /projects/current`) says about trusted redirect targets; the whole
 * read (`ProjectJson`, resources/client/projects.ts) extends it.
 * @example
 * const trust: ProjectTrustJson = { config: { allow_localhost: true, domains: [{ domain: "https://app.example.com", handler_path: "/handler" }] } };
 */
export interface ProjectTrustJson {
  config: {
    /** Localhost URLs count as trusted redirect targets. */
    allow_localhost?: boolean;
    /** The trusted domains, e.g. `{ domain: "https://app.example.com", handler_path: "/handler" }`. */
    domains?: { domain: string; handler_path: string }[];
  };
}

/**
 * @internal What the project trusts besides the current page's origin: its trusted domains (`config.domains[].domain`
 * of `GET /projects/current`, e.g. `https://app.example.com` or `https://*.example.com`) and, when
 * `allow_localhost` is on, any localhost address.
 */
export interface TrustedRedirectConfig {
  allowLocalhost: boolean;
  trustedDomains: string[];
}

/** @internal Where a redirect check gets its facts: the project's id (for its hosted pages) and its client read. */
export interface RedirectTrust {
  projectId: string;
  /** The project's client read (from the app's project cache), asked for only for a URL on another origin. */
  project?: () => Promise<ProjectTrustJson>;
}

// Control characters, backslashes and surrounding whitespace are where URL parsers disagree (a browser drops a
// tab inside "java\tscript:", reads "/\evil.com" as "//evil.com"): a redirect target with any of them is refused.
const SMUGGLED = /[\u0000-\u001f\u007f\\]|^\s|\s$/;
const UNSAFE_PATH = /[\u0000-\u001f\u007f\\]|^[^/?#]*:/;
// A reference is relative when it keeps the scheme and host of any base: two bases that differ in both.
const PROBES = ["http://a.latchkey.invalid/p/", "https://b.latchkey.invalid/p/"];

/**
 * @internal The error for a redirect target that is not trusted (the official SDK's message word for word).
 */
export const untrustedRedirect = (url: string): ArgumentError => new ArgumentError(`Redirect URL ${url} is not trusted; should be relative.`);

const parse = (url: string, base?: string): URL | null => {
  try {
    return new URL(url, base);
  } catch {
    return null;
  }
};

/** @internal True when `url` is a reference that keeps the page's scheme and host (a path, query or fragment). */
export function isRelativeReference(url: string): boolean {
  return PROBES.every((base) => parse(url, base)?.origin === new URL(base).origin);
}

/** `path` percent-decoded until it stops changing (at most three times). */
function decoded(path: string): string {
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(path);
    } catch {
      break;
    }
    if (next === path) break;
    path = next;
  }
  return path;
}

/**
 * @internal True for a relative reference that stays one however its path is read: its path, percent-decoded,
 * has no control character or backslash, no colon in its first segment (`java script:`, `javascript%3A…`) and is
 * still relative (not `%2F%2Fevil.com`). A server or router that decodes the path first cannot be led off-site.
 */
export function isSafeRelative(url: string): boolean {
  if (!isRelativeReference(url)) return false;
  const path = decoded(url.split(/[?#]/)[0]);
  return !UNSAFE_PATH.test(path) && isRelativeReference(path);
}

/**
 * True when `url` spells its host as the parser gives it back, so numeric and encoded aliases (`0x7f000001`,
 * `2130706433`, `0177.0.0.1`, `127.1`, `%6cocalhost`) are not; internationalised names (back in punycode) are.
 */
function canonicalHost(url: string, target: URL): boolean {
  const host = url.replace(/^[a-z][a-z0-9+.-]*:/i, "").replace(/^\/*/, "").split(/[/?#]/)[0].replace(/^.*@/, "").replace(/:\d*$/, "").toLowerCase();
  return host === target.hostname || (/[^\x00-\x7f]/.test(host) && /(^|\.)xn--/.test(target.hostname));
}

/**
 * @internal The string to navigate to for `url`, or an ArgumentError ("Redirect URL … is not trusted; should be
 * relative.") when `url` is not trusted. Trusted: a relative reference (returned as given), a URL on the current
 * page's origin, on the project's hosted pages, or on one of its trusted domains (returned as parsed, so whoever
 * navigates reads the same host). Only http(s) URLs without credentials, spelling their host as the parser gives
 * it back, count; control characters, backslashes and surrounding whitespace are refused outright. The trust
 * settings are read only for a URL on another origin.
 */
export async function trustedRedirectTarget(url: string, trust: RedirectTrust): Promise<string> {
  if (typeof url !== "string" || SMUGGLED.test(url)) throw untrustedRedirect(String(url));
  if (isRelativeReference(url)) {
    if (isSafeRelative(url)) return url;
    throw untrustedRedirect(url);
  }
  const here = inBrowser() ? window.location : null;
  const target = parse(url, here?.href);
  if (!target || target.username || target.password || !/^https?:$/.test(target.protocol) || !canonicalHost(url, target)) throw untrustedRedirect(url);
  if (here && here.origin !== "null" && target.origin === here.origin) return target.href;
  if (target.origin === new URL(hostedHandlerUrl(trust.projectId, "")).origin) return target.href;
  const project = await trust.project?.();
  if (project && isTrustedByProject(target, trustedRedirectConfig(project))) return target.href;
  throw untrustedRedirect(url);
}

/** @internal What a project's client read trusts: `config.allow_localhost` and `config.domains[].domain`. */
export const trustedRedirectConfig = ({ config }: ProjectTrustJson): TrustedRedirectConfig => ({
  allowLocalhost: config.allow_localhost === true,
  trustedDomains: (config.domains ?? []).map((d) => d.domain),
});

/**
 * @internal True when the http(s) URL `url` is on a trusted domain of `config` (or is a localhost address and
 * `allowLocalhost` is on). A domain is a URL (`https://app.example.com`, same scheme, host and port) or a pattern
 * with `*` (one host label or part of one, e.g. `https://*.example.com`) or `**` (any number of labels), and may
 * name a port or `*` for any port; without a port only the scheme's default port matches.
 */
export function isTrustedByProject(url: URL, config: TrustedRedirectConfig): boolean {
  if (config.allowLocalhost && isLocalhost(url.hostname)) return true;
  return config.trustedDomains.some((domain) => typeof domain === "string" && matchesDomain(url, domain));
}

const isLocalhost = (host: string): boolean =>
  host === "localhost" || host.endsWith(".localhost") || /^127\.\d+\.\d+\.\d+$/.test(host) || host === "[::1]";

const DEFAULT_PORTS: Record<string, string> = { "http:": "80", "https:": "443" };
const hostAndPort = (url: URL): string => `${url.hostname}:${url.port || DEFAULT_PORTS[url.protocol]}`;

function matchesDomain(url: URL, domain: string): boolean {
  if (!domain.includes("*")) {
    const base = parse(domain);
    return !!base && base.protocol === url.protocol && hostAndPort(base) === hostAndPort(url);
  }
  const m = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]+)/i.exec(domain);
  if (!m || `${m[1].toLowerCase()}:` !== url.protocol) return false;
  const host = m[2].toLowerCase();
  const port = /:(\d+|\*)$/.test(host);
  return port ? hostPattern(host).test(hostAndPort(url)) : hostPattern(host).test(url.hostname) && hostAndPort(url).endsWith(`:${DEFAULT_PORTS[url.protocol]}`);
}

/** `*` stands for part of one label, `**` for any run of labels. */
function hostPattern(pattern: string): RegExp {
  const body = pattern
    .split("**")
    .map((part) => part.split("*").map((s) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join("[^.]*"))
    .join(".*");
  return new RegExp(`^${body}$`);
}
