/** An unsigned JWT-shaped access token expiring `secondsFromNow` after `nowMs` (the client only reads `exp`). */
export function fakeAccessToken(secondsFromNow: number, nowMs = Date.now(), extra: Record<string, unknown> = {}): string {
  const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
  const exp = Math.floor(nowMs / 1000) + secondsFromNow;
  return `${enc({ alg: "ES256", kid: "test" })}.${enc({ sub: "user-1", exp, ...extra })}.c2lnbmF0dXJl`;
}

/** A 45-character refresh token like the platform's. */
export const fakeRefreshToken = (seed = "a") => seed.repeat(45).slice(0, 45);

/** The payload of a JWT (base64url JSON of its middle segment), read without verifying it. */
export function jwtPayload(token: string | null): Record<string, any> {
  if (!token) throw new Error("expected an access token, got none");
  return JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString("utf8"));
}

/** The user claims of an access token for `userJson()`'s user (override any with `extra`). */
export const userClaims = (extra: Record<string, unknown> = {}) => ({
  name: null,
  email: "ada@example.com",
  email_verified: false,
  selected_team_id: null,
  is_anonymous: false,
  is_restricted: false,
  restricted_reason: null,
  requires_totp_mfa: false,
  ...extra,
});
