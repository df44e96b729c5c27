// The demo server's API: GET /api/me verifies the caller's access token locally with
// ServerApp.verifyAccessToken (the project's published keys, fetched once and cached) and answers its claims.

const json = (res, status, body) => {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
  res.end(JSON.stringify(body));
};

/**
 * The `/api/*` handler, given the demo's `ServerApp`. `GET /api/me` reads the token from the request (the
 * `x-stack-auth` header that `user.getAuthHeaders()` makes, `Authorization: Bearer`, or the session cookies) and
 * answers 200 with the verified claims, or 401 with why the token was refused.
 *
 * @example
 * const api = apiRoute(new ServerApp({ projectId, baseUrl, secretServerKey, tokenStore: null }));
 * createServer((req, res) => api(req, res, new URL(req.url, "http://x").pathname));
 */
export function apiRoute(server) {
  return async (req, res, path) => {
    if (path !== "/api/me") return json(res, 404, { error: "not-found", message: `No API route at ${path}; the demo has GET /api/me.` });
    if (req.method !== "GET") return json(res, 405, { error: "method-not-allowed", message: "Use GET /api/me." });
    try {
      const claims = await server.verifyAccessToken(req);
      json(res, 200, {
        verified: true,
        userId: claims.userId,
        email: claims.email,
        emailVerified: claims.emailVerified,
        displayName: claims.displayName,
        selectedTeamId: claims.selectedTeamId,
        sessionId: claims.sessionId,
        projectId: claims.projectId,
        isAnonymous: claims.isAnonymous,
        issuedAt: claims.issuedAt.toISOString(),
        expiresAt: claims.expiresAt.toISOString(),
      });
    } catch (error) {
      if (error?.name === "AccessTokenVerificationError") return json(res, 401, { verified: false, error: error.reason, message: error.message });
      json(res, 500, { verified: false, error: "server-error", message: error instanceof Error ? error.message : String(error) });
    }
  };
}
