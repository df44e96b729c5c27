import type { ProjectTrustJson } from "../urls/trusted-redirects";
import { trustedParentDomain } from "../token-stores/cross-subdomain";
import { hostedHandlerUrl } from "../urls/handler-urls";

/**
 * @internal The trusted parent domain of the current page (`window.location`), for the cookie store's
 * cross-subdomain refresh cookie, decided as the official SDK does (see `trustedParentDomain`) from the project's
 * trusted domains (`config.domains` of `GET /projects/current`) and the origin of its hosted pages. Loaded by the
 * app only for a project that trusts a `**.` domain, which the rule needs.
 * @example
 * pageParentDomain(projectId, [{ domain: "https://example.com", handler_path: "/handler" }, { domain: "https://**.example.com", handler_path: "/handler" }]);
 * // "example.com" on https://app.example.com
 */
export function pageParentDomain(projectId: string, domains: NonNullable<ProjectTrustJson["config"]["domains"]>): string | null {
  return trustedParentDomain(window.location.hostname, [...domains.map((d) => d?.domain), new URL(hostedHandlerUrl(projectId, "")).origin]);
}
