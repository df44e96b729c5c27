import { known } from "../errors";
import type { ProjectRecord } from "../store/types";

// The platform's isLocalhost (packages/stack-shared/src/utils/urls.tsx): localhost, *.localhost, 127.x.x.x.
const isLocalhost = (hostname: string): boolean => hostname === "localhost" || hostname.endsWith(".localhost") || /^127\.\d+\.\d+\.\d+$/.test(hostname);

/** The host as `raw` spells it (after the scheme, slashes and userinfo, before the port), lower-cased. */
const spelledHost = (raw: string): string =>
  raw.trim().replace(/^[a-z][a-z0-9+.-]*:/i, "").replace(/^[/\\]*/, "").split(/[/\\?#]/)[0].replace(/^.*@/, "").replace(/:\d*$/, "").toLowerCase();

/**
 * True when `raw` spells its host the way the URL parser gives it back in `url.hostname`, so numeric or encoded
 * aliases (`0x7f000001`, `2130706433`, `0177.0.0.1`, `127.1`, `%6cocalhost`) are not; internationalised names,
 * which come back in punycode (`xn--…`), count as canonical.
 *
 * @example
 * hasCanonicalHost("http://0x7f000001:3000/", new URL("http://0x7f000001:3000/")); // false
 */
function hasCanonicalHost(raw: string, url: URL): boolean {
  const spelled = spelledHost(raw);
  return spelled === url.hostname || (/[^\x00-\x7f]/.test(spelled) && url.hostname.split(".").some((label) => label.startsWith("xn--")));
}

function wildcard(pattern: string, segmentChars: string): RegExp {
  const body = pattern
    .split("*")
    .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join(`[${segmentChars}]*`);
  return new RegExp(`^${body}$`, "i");
}

function matchesDomain(url: URL, domain: string): boolean {
  const m = /^([a-z][a-z0-9+.-]*):\/\/([^/:]+)(?::([^/]+))?(\/.*)?$/i.exec(domain.trim());
  if (!m) return false;
  const [, scheme, host, port, path] = m;
  if (url.protocol.toLowerCase() !== `${scheme.toLowerCase()}:`) return false;
  if (!wildcard(host, "^.").test(url.hostname) && !(host.startsWith("**.") && url.hostname.toLowerCase().endsWith(host.slice(2).toLowerCase()))) {
    return false;
  }
  const defaultPort = url.protocol === "https:" ? "443" : "80";
  const actualPort = url.port || defaultPort;
  if (port === undefined ? actualPort !== defaultPort : port !== "*" && !wildcard(port, "0-9").test(actualPort)) return false;
  if (path && path !== "/" && !url.pathname.startsWith(path.replace(/\/$/, ""))) return false;
  return true;
}

/**
 * True when a redirect or callback URL is trusted by the project (the platform's validateRedirectUrl,
 * apps/backend/src/lib/redirect-urls.tsx): localhost when `allow_localhost` is on, or one of the trusted domains
 * (`*` wildcards in host and port, e.g. `http://localhost:*`, `https://*.example.com`). A host not spelled the way
 * the URL parser gives it back (`http://0x7f000001/`, `http://127.1/`) is never trusted.
 *
 * @example
 * isTrustedUrl(project, "http://localhost:3000/handler/email-verification"); // true
 */
export function isTrustedUrl(project: ProjectRecord, raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  // Stricter than the platform, which reads the parsed host: a host not spelled canonically is never trusted.
  if (!hasCanonicalHost(raw, url)) return false;
  if (project.config.allowLocalhost && isLocalhost(url.hostname)) return true;
  return project.config.domains.some((d) => matchesDomain(url, d.domain));
}

/**
 * Throws `REDIRECT_URL_NOT_WHITELISTED` unless the URL is trusted.
 *
 * @example
 * assertTrustedUrl(project, body.callback_url);
 */
export function assertTrustedUrl(project: ProjectRecord, raw: string): void {
  if (!isTrustedUrl(project, raw)) throw known("REDIRECT_URL_NOT_WHITELISTED");
}
