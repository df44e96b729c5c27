import type { ClientApp, ServerApp, VerifiedAccessToken } from "../../src/index";
import { routeStats, serverFor } from "../helpers/emulator";
import type { Emulator } from "../helpers/emulator";
import { jwtPayload } from "../helpers/tokens";

/** What the access token of `app` (its next `getAccessToken()`) carries, decoded and as a server verifies it. */
export async function tokenOf(emulator: Emulator, app: ClientApp, options: { tokenStore?: object } = {}) {
  const token = await app.getAccessToken(options as never);
  const server: ServerApp = serverFor(emulator, { tokenStore: null });
  const verified: VerifiedAccessToken = await server.verifyAccessToken(token!, { allowRestricted: true, allowAnonymous: true });
  return { token: token!, claims: jwtPayload(token), verified };
}

/** How many access tokens the emulator has issued by refresh so far (`POST /auth/oauth/token`). */
export async function refreshCount(emulator: Emulator): Promise<number> {
  return (await routeStats(emulator, "POST /auth/oauth/token")).requests;
}
