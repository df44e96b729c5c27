// How the official SDK picks tokens out of a cookie map, written from its documented rules (not its code), so the
// tests can check that what latchkey writes keeps users signed in after switching back.

type Jar = Record<string, string>;

const newestStructured = (jar: Jar, prefixes: string[]): string | null => {
  let best: string | null = null;
  let bestAt = -Infinity;
  for (const [name, value] of Object.entries(jar)) {
    if (!prefixes.some((p) => name.startsWith(p))) continue;
    try {
      const parsed = JSON.parse(value) as { refresh_token?: unknown; updated_at_millis?: unknown };
      if (typeof parsed.refresh_token !== "string") continue;
      const at = typeof parsed.updated_at_millis === "number" ? parsed.updated_at_millis : -Infinity;
      if (best === null || at > bestAt) [best, bestAt] = [parsed.refresh_token, at];
    } catch {
      // skipped, as the official SDK does
    }
  }
  return best;
};

const accessFrom = (raw: string | undefined, refreshToken: string | null): string | null => {
  if (!raw || !raw.startsWith('["')) return null;
  const parsed = JSON.parse(raw) as unknown[];
  return parsed[0] === refreshToken && typeof parsed[1] === "string" ? parsed[1] : null;
};

const legacy = (jar: Jar, pid: string): string | null => jar[`stack-refresh-${pid}`] || jar["stack-refresh"] || null;

/** Official 2.8.108: hexclave structured, then legacy raw, then any structured; access `hexclave-access ?? stack-access`. */
export function readAsOfficial2_8_108(jar: Jar, pid: string) {
  const hex = [`hexclave-refresh-${pid}--`, `__Host-hexclave-refresh-${pid}--`];
  const all = [...hex, `stack-refresh-${pid}--`, `__Host-stack-refresh-${pid}--`];
  const refreshToken = newestStructured(jar, hex) ?? legacy(jar, pid) ?? newestStructured(jar, all);
  return { refreshToken, accessToken: accessFrom(jar["hexclave-access"] ?? jar["stack-access"], refreshToken) };
}

/** Official 2.8.86 (repo HEAD): legacy raw first, then stack structured; access `stack-access`. */
export function readAsOfficial2_8_86(jar: Jar, pid: string) {
  const refreshToken = legacy(jar, pid) ?? newestStructured(jar, [`stack-refresh-${pid}--`, `__Host-stack-refresh-${pid}--`]);
  return { refreshToken, accessToken: accessFrom(jar["stack-access"], refreshToken) };
}
