import { StatusError } from "../errors";
import type { ProjectRecord } from "../store/types";

/**
 * One reason a project is not ready for production mode, with the dashboard page that fixes it.
 *
 * @example
 * const e: ProductionModeError = { message: "Trusted domains should be HTTPS: http://a.com", relativeFixUrl: "/projects/p/domains" };
 */
export interface ProductionModeError {
  message: string;
  relativeFixUrl: string;
}

function isLocalHost(hostname: string): boolean {
  const h = hostname.toLowerCase();
  return h === "localhost" || h.endsWith(".localhost") || h === "[::1]" || h === "0.0.0.0" || /^127\.\d+\.\d+\.\d+$/.test(h);
}

/**
 * The five production-mode checks (spec §5): localhost allowed, a trusted domain that is not a URL, a localhost
 * domain, a direct-IP domain, a non-HTTPS domain. Empty when the project may switch to production mode.
 *
 * @example
 * productionModeErrors(project).map((e) => e.message);
 */
export function productionModeErrors(project: ProjectRecord): ProductionModeError[] {
  const relativeFixUrl = `/projects/${project.id}/domains`;
  const errors: ProductionModeError[] = [];
  if (project.config.allowLocalhost) {
    errors.push({ message: "Localhost is not allowed in production mode, turn off 'Allow localhost' in project settings", relativeFixUrl });
  }
  for (const { domain } of project.config.domains) {
    let url: URL;
    try {
      url = new URL(domain.replace(/\*+/g, "wildcard-placeholder"));
    } catch {
      errors.push({ message: `Trusted domain is not a valid URL: ${domain}`, relativeFixUrl });
      continue;
    }
    if (isLocalHost(url.hostname)) errors.push({ message: `Localhost domains are not allowed to be trusted in production mode: ${domain}`, relativeFixUrl });
    else if (/^\d+(\.\d+)*$/.test(url.hostname)) errors.push({ message: `Direct IPs are not valid for trusted domains in production mode: ${domain}`, relativeFixUrl });
    else if (url.protocol !== "https:") errors.push({ message: `Trusted domains should be HTTPS: ${domain}`, relativeFixUrl });
  }
  return errors;
}

/**
 * Refuses to turn production mode on while checks fail. The platform only disables the dashboard switch; the
 * emulator enforces the same rule on the wire with a 400 text listing every problem.
 *
 * @example
 * assertProductionModeAllowed(project); // throws StatusError(400, "Cannot enable production mode: …")
 */
export function assertProductionModeAllowed(project: ProjectRecord): void {
  const errors = productionModeErrors(project);
  if (errors.length > 0) {
    throw new StatusError(400, `Cannot enable production mode for this project:\n${errors.map((e) => `  - ${e.message}`).join("\n")}`);
  }
}
