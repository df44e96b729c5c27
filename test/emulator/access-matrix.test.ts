import type { RunningEmulator } from "../../src/emulator";
import { createFixture } from "./fuzz/fixture";
import { call, freshEmail, startTestEmulator } from "./helpers";
import { forgeTokens } from "./security/forged-tokens";
import { ACCESS_LEVELS, type MatrixWorld } from "./security/matrix-cases";
import { runLevel } from "./security/matrix-run";

/**
 * The emulator's access matrix, generated from its route table (`Router.list()`, so a new route is covered the day
 * it is added): every API route × every access level of `ACCESS_LEVELS` (no key, a key without an access type,
 * client / server / admin, an unknown project, another project's keys and user token, missing keys, no publishable
 * key where the project requires one, an unknown branch, expired /
 * tampered / `alg: none` / foreign-key tokens, broken and foreign admin access tokens). Each refusal is the
 * platform's known error of that case (wire §3); the valid levels pass the auth layer exactly when the route's
 * access list admits them.
 */

jest.setTimeout(60_000);

describe("access matrix", () => {
  let em: RunningEmulator;
  let world: MatrixWorld;

  beforeAll(async () => {
    em = await startTestEmulator();
    const a = await createFixture(em);
    const b = await createFixture(em);
    em.core.store.projects.get(b.projectId)!.config.requirePublishableClientKey = true;
    const stranger = await call(em, "/auth/password/sign-up", { projectId: "internal", body: { email: freshEmail("stranger"), password: "password123" } });
    world = { a, b, forged: await forgeTokens(em, a.projectId, a.user.accessToken, a.otherUserId), strangerAdminToken: stranger.json.access_token };
  });
  afterAll(() => em.stop());

  test("the forged tokens are what they claim (the real token still works)", async () => {
    const me = await call(em, "/users/me", { projectId: world.a.projectId, access: null, accessToken: world.a.user.accessToken, headers: { "x-stack-access-type": "client", "x-stack-publishable-client-key": world.a.keys.publishableClientKey } });
    expect(me.json.id).toBe(world.a.user.id);
  });

  test.each(ACCESS_LEVELS.map((l) => [l.name, l] as const))("every route × %s", async (_, level) => {
    const { sent, problems } = await runLevel(em, world, level, 8);
    expect(sent).toBeGreaterThan(150);
    expect(problems).toEqual([]);
  });
});
