import { generateKeyPair, SignJWT } from "jose";
import type { RunningEmulator } from "../../../src/emulator";
import { signAccessToken } from "../../../src/emulator/tokens/access-token";

/** The payload of a JWT, read without verifying it. */
function payloadOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString("utf8")) as Record<string, unknown>;
}

function headerOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split(".")[0], "base64url").toString("utf8")) as Record<string, unknown>;
}

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");

/**
 * Broken variants of a real access token of the emulator: expired (signed by the emulator's own key, `exp` in the
 * past), tampered (another user's id in the payload, the original signature kept), `alg: none` (no signature at
 * all) and signed by a stranger's key under the emulator's key id.
 */
export interface ForgedTokens {
  expired: string;
  tampered: string;
  algNone: string;
  foreignKey: string;
}

/** Forges the broken variants of `token` (a valid access token of `projectId`), pointing the tampered one at `otherUserId`. */
export async function forgeTokens(em: RunningEmulator, projectId: string, token: string, otherUserId: string): Promise<ForgedTokens> {
  const payload = payloadOf(token);
  const claims = Object.fromEntries(Object.entries(payload).filter(([k]) => !["iss", "iat", "aud", "exp"].includes(k)));
  const expired = await signAccessToken(em.core.keys, { baseUrl: em.core.settings.baseUrl, projectId, kind: "normal", ttlSeconds: -120, claims });
  const [head, , signature] = token.split(".");
  const tampered = `${head}.${b64({ ...payload, sub: otherUserId })}.${signature}`;
  const algNone = `${b64({ alg: "none", typ: "JWT" })}.${b64({ ...payload, exp: Math.floor(Date.now() / 1000) + 600 })}.`;
  const { privateKey } = await generateKeyPair("ES256");
  const foreignKey = await new SignJWT(payload).setProtectedHeader({ alg: "ES256", kid: headerOf(token).kid as string }).sign(privateKey);
  return { expired, tampered, algNone, foreignKey };
}
