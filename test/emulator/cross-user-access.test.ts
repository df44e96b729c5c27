import type { RunningEmulator } from "../../src/emulator";
import { createFixture, type FuzzFixture } from "./fuzz/fixture";
import { call, startTestEmulator } from "./helpers";
import { attacks, createVictim, victimSnapshot, type Victim } from "./security/cross-user";

/**
 * A signed-in user can neither read nor change another user's data through any client route. The attacks are
 * generated from the route table (every client route whose path, query or body names a user, team, contact channel,
 * API key, session, customer or invitation) and aimed at a victim of the same project with valid bodies; each must
 * be refused (4xx), say nothing of the victim's e-mail or team name, and leave everything the server API can read
 * of the victim unchanged. `LATCHKEY_SECURITY_VERBOSE=1` prints every attack and its answer.
 */

jest.setTimeout(60_000);

describe("cross-user access", () => {
  let em: RunningEmulator;
  let fx: FuzzFixture;
  let victim: Victim;

  beforeAll(async () => {
    em = await startTestEmulator();
    fx = await createFixture(em);
    victim = await createVictim(em, fx);
  });
  afterAll(() => em.stop());

  test("every client route aimed at another user's ids is refused and changes nothing", async () => {
    const list = attacks(em.core.router.list(), victim);
    expect(list.length).toBeGreaterThan(30);
    const before = await victimSnapshot(em, fx, victim);
    const problems: string[] = [];
    for (const a of list) {
      const r = await call(em, a.path, {
        method: a.method,
        projectId: fx.projectId,
        access: null,
        accessToken: fx.user.accessToken,
        body: a.body,
        headers: { "x-stack-access-type": "client", "x-stack-publishable-client-key": fx.keys.publishableClientKey },
      });
      if (process.env.LATCHKEY_SECURITY_VERBOSE) console.log(a.name, r.status, r.headers.get("x-stack-known-error"), r.text.slice(0, 120));
      if (r.status < 400 || r.status >= 500) problems.push(`${a.name} ${a.method} ${a.path}: answered ${r.status} ${r.text.slice(0, 200)}`);
      else if (r.text.includes(victim.email) || r.text.includes(victim.teamName)) problems.push(`${a.name}: the refusal names the victim's data: ${r.text.slice(0, 200)}`);
    }
    expect(problems).toEqual([]);
    expect(await victimSnapshot(em, fx, victim)).toEqual(before);
  });

  test("the attacker's own token and bodies work on its own data (the refusals are about ownership)", async () => {
    const me = { "x-stack-access-type": "client", "x-stack-publishable-client-key": fx.keys.publishableClientKey };
    const r = await call(em, `/contact-channels?user_id=${fx.user.id}`, { projectId: fx.projectId, access: null, accessToken: fx.user.accessToken, headers: me });
    expect(r.status).toBe(200);
    const team = await call(em, `/teams/${fx.teamId}`, { method: "PATCH", projectId: fx.projectId, access: null, accessToken: fx.user.accessToken, headers: me, body: { display_name: "Renamed by its member" } });
    expect(team.status).toBe(200);
  });
});
