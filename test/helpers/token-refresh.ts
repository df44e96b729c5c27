// Kept apart from app.ts: nock cannot load in the jsdom tests that use app.ts.
import nock from "nock";
import { BASE } from "./http";
import { fakeAccessToken } from "./tokens";

/**
 * Answers the next `times` token refreshes (`POST /auth/oauth/token`) with `renewed` (by default a fake token
 * that differs from `fakeAccessToken(600)`), so a test can tell which requests carried the new token.
 */
export function nockTokenRefresh(renewed = fakeAccessToken(900), times = 1) {
  const refreshes = { count: 0, token: renewed };
  nock(BASE)
    .post("/api/v1/auth/oauth/token")
    .times(times)
    .reply(() => {
      refreshes.count++;
      return [200, JSON.stringify({ access_token: renewed }), { "content-type": "application/json" }];
    });
  return refreshes;
}
