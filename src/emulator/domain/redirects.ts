import { known } from "../errors";
import type { ProjectRecord } from "../store/types";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

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
 * True when a redirect or callback URL is trusted by the project: localhost when `allow_localhost` is on, or one
 * of the trusted domains (`*` wildcards in host and port, e.g. `http://localhost:*`, `https://*.example.com`).
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
  if (project.config.allowLocalhost && (LOCAL_HOSTS.has(url.hostname) || url.hostname.endsWith(".localhost"))) return true;
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
