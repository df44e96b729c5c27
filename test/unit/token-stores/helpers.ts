// Test helpers for the cookie token stores (jsdom).

export const PID = "6f1c1b5e-0c3a-4f4e-9a55-1b2c3d4e5f60";

/** Plants a cookie the way another tab (or the official SDK) would: URI-encoded value, path /. */
export function plant(name: string, value: string, extra = ""): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/${extra}`;
}

/** Name → decoded value of every cookie this page can see. */
export function jar(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of document.cookie.split("; ").filter(Boolean)) {
    const i = part.indexOf("=");
    out[part.slice(0, i)] = decodeURIComponent(part.slice(i + 1));
  }
  return out;
}

/** Deletes every cookie visible to the page (path / and, when given, the listed domains). */
export function clearCookies(domains: string[] = [], secure = false): void {
  for (const name of Object.keys(jar())) {
    for (const domain of ["", ...domains.map((d) => `; domain=${d}`)]) {
      document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT${domain}${secure ? "; secure" : ""}`;
    }
  }
}

export const structured = (refreshToken: string, updatedAt?: number): string =>
  JSON.stringify(updatedAt === undefined ? { refresh_token: refreshToken } : { refresh_token: refreshToken, updated_at_millis: updatedAt });
