const STACK_ALLOWED = [
  "x-stack-project-id",
  "x-stack-branch-id",
  "x-stack-override-error-status",
  "x-stack-random-nonce",
  "x-stack-client-version",
  "x-stack-disable-artificial-development-delay",
  "x-stack-access-type",
  "x-stack-publishable-client-key",
  "x-stack-secret-server-key",
  "x-stack-super-secret-admin-key",
  "x-stack-admin-access-token",
  "x-stack-refresh-token",
  "x-stack-access-token",
  "x-stack-allow-anonymous-user",
];

/**
 * The `Access-Control-Allow-Headers` list of wire §1, with each `x-stack-*` header's `x-hexclave-*` twin
 * (the official SDK 2.8.108 sends the latter).
 *
 * @example
 * ALLOWED_HEADERS.includes("x-hexclave-project-id"); // true
 */
export const ALLOWED_HEADERS: readonly string[] = [
  "content-type",
  "authorization",
  ...STACK_ALLOWED,
  "baggage",
  "sentry-trace",
  "x-vercel-protection-bypass",
  "ngrok-skip-browser-warning",
  ...STACK_ALLOWED.map((h) => h.replace("x-stack-", "x-hexclave-")),
];

/**
 * CORS headers for every `/api/*` answer (and the preflight).
 *
 * @example
 * res.writeHead(200, corsHeaders());
 */
export function corsHeaders(): Record<string, string> {
  const allow = ALLOWED_HEADERS.join(", ");
  return {
    "access-control-allow-origin": "*",
    "access-control-allow-methods": "GET, POST, PUT, PATCH, DELETE, OPTIONS",
    "access-control-allow-headers": allow,
    "access-control-expose-headers": "content-type, x-stack-actual-status, x-stack-known-error",
    "access-control-max-age": "86400",
    vary: allow,
  };
}
