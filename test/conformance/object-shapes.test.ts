import { ServerApp } from "../../src/index";
import { freshEmail, PASSWORD, scenario, startHarness } from "./support/harness";
import type { Harness } from "./support/harness";

// The official SDK and latchkey read the same objects from one emulator; their own enumerable properties (names,
// and null vs undefined) must agree, so code that spreads, serialises or walks the objects sees no difference.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.stop());

const latchkey = () =>
  new ServerApp({ projectId: h.em.projectId, baseUrl: h.em.url, secretServerKey: h.em.keys.secretServerKey, tokenStore: "memory" });

const isFn = (v: unknown) => typeof v === "function";
/** Own enumerable data properties (functions left out), as they would be spread or serialised. */
const data = (o: object) => Object.fromEntries(Object.entries(o).filter(([, v]) => !isFn(v)));
const methodNames = (o: object) => Object.keys(o).filter((k) => isFn((o as Record<string, unknown>)[k]));

/** Official members latchkey leaves out on purpose: payments (Customer) and browser-only OAuth redirects. */
const NOT_PORTED = [
  "getBilling", "createPaymentMethodSetupIntent", "setDefaultPaymentMethodFromSetupIntent", "getItem", "listProducts",
  "listInvoices", "createCheckoutUrl", "switchSubscription", "grantProduct", "linkConnectedAccount",
  "getOrLinkConnectedAccount",
];

/** The official user's data fields compared with latchkey's: same names, same values, null vs undefined kept. */
function expectSameUserData(official: object, mine: object) {
  const { selectedTeam: oTeam, oauthProviders: oProviders, ...o } = data(official) as Record<string, unknown>;
  const { selectedTeam: mTeam, oauthProviders: mProviders, primaryEmailAuthEnabled, ...m } = data(mine) as Record<string, unknown>;
  expect(m).toStrictEqual(o);
  expect(typeof primaryEmailAuthEnabled).toBe("boolean"); // latchkey's one extra field
  expect((mProviders as unknown[]).length).toBe((oProviders as unknown[]).length);
  expect(oTeam === null ? null : data(mTeam as object)).toStrictEqual(oTeam === null ? null : data(oTeam as object));
}

describe("object shapes against the official SDK", () => {
  scenario(() => h, "user API keys (server and client, first view and later views) have exactly the official own properties", async () => {
    const official = h.serverApp();
    const user = await official.createUser({ primaryEmail: freshEmail("keys"), password: PASSWORD, primaryEmailAuthEnabled: true });
    const mine = (await latchkey().getUser(user.id))!;
    const officialFirst = await user.createApiKey({ description: "official", expiresAt: null });
    const mineFirst = await mine.createApiKey({ description: "latchkey", expiresAt: null });
    expect(Object.keys(mineFirst)).toEqual(Object.keys(officialFirst));
    expect(Object.keys(JSON.parse(JSON.stringify(mineFirst)))).toEqual(Object.keys(JSON.parse(JSON.stringify(officialFirst))));
    expect(mineFirst.expiresAt).toBeUndefined();

    const expiring = await mine.createApiKey({ description: "expiring", expiresAt: new Date(Date.now() + 86_400_000) });
    await (await user.listApiKeys()).find((k) => k.id === officialFirst.id)!.revoke();
    const officialList = await user.listApiKeys();
    const mineList = await (await latchkey().getUser(user.id))!.listApiKeys();
    expect(mineList.map((k) => k.id)).toEqual(officialList.map((k) => k.id));
    for (const [i, key] of mineList.entries()) {
      expect(Object.keys(key)).toEqual(Object.keys(officialList[i]));
      expect(JSON.stringify(key)).toBe(JSON.stringify(officialList[i]));
    }
    expect(mineList.find((k) => k.id === expiring.id)?.expiresAt).toBeInstanceOf(Date);
    expect(mineList.find((k) => k.id === officialFirst.id)?.manuallyRevokedAt).toBeInstanceOf(Date);
  });

  scenario(() => h, "team API keys have exactly the official own properties", async () => {
    const official = h.serverApp();
    const team = await official.createTeam({ displayName: "Key shapes" });
    const mineTeam = (await latchkey().getTeam(team.id))!;
    const officialFirst = await team.createApiKey({ description: "official", expiresAt: new Date(Date.now() + 3_600_000) });
    const mineFirst = await mineTeam.createApiKey({ description: "latchkey", expiresAt: new Date(Date.now() + 3_600_000) });
    expect(Object.keys(mineFirst)).toEqual(Object.keys(officialFirst));
    const officialList = await team.listApiKeys();
    const mineList = await mineTeam.listApiKeys();
    expect(mineList.map((k) => JSON.stringify(k)).sort()).toEqual(officialList.map((k) => JSON.stringify(k)).sort());
    expect(mineList.map((k) => Object.keys(k).join())).toEqual(officialList.map((k) => Object.keys(k).join()));
  });

  scenario(() => h, "ServerUser, ServerTeam, ServerTeamUser, ServerContactChannel and ServerOAuthProvider fields match", async () => {
    const official = h.serverApp();
    const email = freshEmail("shapes");
    const created = await official.createUser({ primaryEmail: email, password: PASSWORD, primaryEmailAuthEnabled: true });
    await created.update({ clientMetadata: { a: 1 }, serverMetadata: { b: 2 }, countryCode: "CH" });
    const officialUser = (await official.getUser(created.id))!;
    const mine = (await latchkey().getUser(created.id))!;
    expectSameUserData(officialUser, mine);
    const missing = methodNames(officialUser).filter((name) => !NOT_PORTED.includes(name) && !methodNames(mine).includes(name));
    expect(missing).toEqual([]);
    // The official object hands back its whole server read; latchkey's is the client read within it.
    const { selected_team: mineTeamJson, ...mineJson } = mine.toClientJson();
    const { selected_team: officialTeamJson, ...officialJson } = officialUser.toClientJson() as unknown as Record<string, unknown>;
    expect(officialJson).toMatchObject(mineJson);
    expect(officialTeamJson).toMatchObject(mineTeamJson!);

    const team = (await official.getTeam(officialUser.selectedTeam!.id))!;
    const mineTeam = (await latchkey().getTeam(team.id))!;
    expect(data(mineTeam)).toStrictEqual(data(team));
    expect(methodNames(team).filter((n) => !NOT_PORTED.includes(n) && !methodNames(mineTeam).includes(n))).toEqual([]);
    const [officialMember] = await team.listUsers();
    const [mineMember] = await mineTeam.listUsers();
    expect(mineMember.teamProfile).toStrictEqual(officialMember.teamProfile);
    expectSameUserData(officialMember, mineMember);

    const [officialChannel] = await officialUser.listContactChannels();
    const [mineChannel] = await mine.listContactChannels();
    expect(data(mineChannel)).toStrictEqual(data(officialChannel));
    expect(methodNames(mineChannel).sort()).toEqual(methodNames(officialChannel).sort());

    const linked = await official.createOAuthProvider({
      userId: created.id, providerConfigId: "github", accountId: "shape-1", email: "ada@github.example", allowSignIn: false, allowConnectedAccounts: true,
    });
    expect(linked.status).toBe("ok");
    const noEmail = await fetch(`${h.em.url}/api/v1/oauth-providers`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-stack-access-type": "server", "x-stack-project-id": h.em.projectId, "x-stack-secret-server-key": h.em.keys.secretServerKey },
      body: JSON.stringify({ user_id: created.id, provider_config_id: "google", account_id: "shape-2", allow_sign_in: false, allow_connected_accounts: true }),
    });
    expect(noEmail.status).toBe(201);
    const officialProviders = await (await official.getUser(created.id))!.listOAuthProviders();
    const mineProviders = await (await latchkey().getUser(created.id))!.listOAuthProviders();
    expect(mineProviders.map((p) => data(p))).toStrictEqual(officialProviders.map((p) => data(p)));
    expect(mineProviders.map((p) => Object.keys(p).join())).toEqual(officialProviders.map((p) => Object.keys(p).join()));
  });
});
