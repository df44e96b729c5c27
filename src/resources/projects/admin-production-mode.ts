import type { AdminProjectConfig } from "./admin-settings";

/**
 * One reason the project cannot go to production mode, with the dashboard page that fixes it.
 *
 * @example
 * for (const { message, relativeFixUrl } of await project.getProductionModeErrors()) console.log(message, relativeFixUrl);
 */
export interface ProductionModeError {
  message: string;
  relativeFixUrl: string;
}

function isLocalhostName(hostname: string): boolean {
  const h = hostname.toLowerCase();
  if (h === "localhost" || h.endsWith(".localhost")) return true;
  if (h === "[::1]" || h === "0.0.0.0") return true;
  return /^127(\.\d{1,3}){3}$/.test(h);
}

/**
 * The production-mode checks of spec §5, in order: "allow localhost" first, then each trusted domain (not a URL,
 * a localhost host, a direct IP host, not HTTPS — the first that applies). A `*` wildcard counts as a host label,
 * and a wildcard port (`http://localhost:*`) as some port, so such a domain is judged by its host.
 * @internal
 */
export function productionModeErrors(
  projectId: string,
  config: Pick<AdminProjectConfig, "allowLocalhost" | "domains">,
): ProductionModeError[] {
  const relativeFixUrl = `/projects/${projectId}/domains`;
  const messages: string[] = [];
  if (config.allowLocalhost) messages.push("Localhost is not allowed in production mode, turn off 'Allow localhost' in project settings");
  for (const { domain } of config.domains) {
    let url: URL;
    try {
      url = new URL(domain.replace(/:\*(?=\/|$)/, ":1").split("*").join("wildcard"));
    } catch {
      messages.push(`Trusted domain is not a valid URL: ${domain}`);
      continue;
    }
    if (isLocalhostName(url.hostname)) messages.push(`Localhost domains are not allowed to be trusted in production mode: ${domain}`);
    else if (/^[\d.]+$/.test(url.hostname) || url.hostname.startsWith("[")) messages.push(`Direct IPs are not valid for trusted domains in production mode: ${domain}`);
    else if (url.protocol !== "https:") messages.push(`Trusted domains should be HTTPS: ${domain}`);
  }
  return messages.map((message) => ({ message, relativeFixUrl }));
}
