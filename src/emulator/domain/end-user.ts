import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";
import { normalizeCountryCode } from "../http/platform-fields";

const header = (req: IncomingMessage, name: string): string | undefined => {
  const v = req.headers[name];
  return (Array.isArray(v) ? v[0] : v) || undefined;
};

/**
 * The sign-up country of a request, read as the platform reads it when it trusts no proxy: only for a request whose
 * `User-Agent` claims a browser (Mozilla, Chrome or Safari) and that has a valid end-user IP (`x-real-ip`, the first
 * `x-forwarded-for` entry, `x-vercel-forwarded-for`, `cf-connecting-ip`, else the connection's address, which the
 * platform's web server forwards as `x-forwarded-for`); the country is `x-vercel-ip-country`, else `cf-ipcountry`,
 * trimmed and upper-cased, and kept only when it is two letters. `null` otherwise.
 *
 * @example
 * createUser(core, project, { email, countryCode: signUpCountryCode(ctx.req) });
 */
export function signUpCountryCode(req: IncomingMessage): string | null {
  const agent = header(req, "user-agent") ?? "";
  if (!["Mozilla", "Chrome", "Safari"].some((s) => agent.includes(s))) return null;
  const ip =
    header(req, "x-real-ip") ??
    header(req, "x-forwarded-for")?.split(",")[0] ??
    header(req, "x-vercel-forwarded-for") ??
    header(req, "cf-connecting-ip") ??
    req.socket.remoteAddress;
  if (!ip || !isIP(ip.trim())) return null;
  const raw = header(req, "x-vercel-ip-country") ?? header(req, "cf-ipcountry");
  if (!raw) return null;
  const code = normalizeCountryCode(raw);
  return /^[A-Z]{2}$/.test(code) ? code : null;
}
