import { Session } from "../../../src/session/session";
import type { StaleMarks } from "../../../src/session/session";
import { claimsOutdated } from "../../../src/resources/users/current";
import { createMemoryTokenStore } from "../../../src/token-stores";
import { fakeAccessToken, fakeRefreshToken, userClaims } from "../../helpers/tokens";
import { userJson } from "../../helpers/app";

const NOW = 1_800_000_000_000;
const now = () => NOW;

/** A session whose refresher hands out numbered tokens (`exp` 600 s, 601 s, … after NOW), gated when asked. */
function setup(options: { refreshToken?: string | null; marks?: StaleMarks } = {}) {
  const store = createMemoryTokenStore({
    accessToken: fakeAccessToken(300, NOW),
    refreshToken: options.refreshToken === undefined ? fakeRefreshToken() : options.refreshToken,
  });
  let issued = 0;
  const gates: (() => void)[] = [];
  let gated = false;
  const refresher = jest.fn(async () => {
    const token = fakeAccessToken(600 + issued++, NOW);
    if (gated) await new Promise<void>((release) => gates.push(release));
    return token;
  });
  const session = new Session(store, refresher, now, options.marks);
  return { store, refresher, session, gate: (on: boolean) => (gated = on), release: () => gates.shift()!() };
}

describe("stale claims", () => {
  test("suggestAccessTokenExpired fetches nothing; the next getTokens refreshes once, then the new token is reused", async () => {
    const { session, refresher, store } = setup();
    const before = (await session.getTokens()).accessToken;
    session.suggestAccessTokenExpired();
    expect(refresher).not.toHaveBeenCalled();
    const after = (await session.getTokens()).accessToken;
    expect(after).not.toBe(before);
    expect(after).toBe(fakeAccessToken(600, NOW));
    expect((await store.get()).accessToken).toBe(after);
    expect((await session.getTokens()).accessToken).toBe(after);
    expect(refresher).toHaveBeenCalledTimes(1);
  });

  test("concurrent callers after one mark share one refresh", async () => {
    const { session, refresher } = setup();
    session.suggestAccessTokenExpired();
    const results = await Promise.all(Array.from({ length: 20 }, () => session.getTokens()));
    expect(refresher).toHaveBeenCalledTimes(1);
    expect(new Set(results.map((r) => r.accessToken)).size).toBe(1);
  });

  test("a refresh already under way when the mark comes does not count: a second one is made after it, and kept", async () => {
    const { session, refresher, store, gate, release } = setup();
    session.markAccessTokenExpired((await store.get()).accessToken!);
    gate(true);
    const early = session.getTokens(); // refresh #1 starts (token 600), before the change
    await new Promise((r) => setTimeout(r, 0));
    expect(refresher).toHaveBeenCalledTimes(1);
    session.suggestAccessTokenExpired(); // the change lands while #1 is on its way
    const late = session.getTokens(); // must not share #1: queued behind it
    await new Promise((r) => setTimeout(r, 0));
    expect(refresher).toHaveBeenCalledTimes(1);
    release();
    expect((await early).accessToken).toBe(fakeAccessToken(600, NOW));
    await new Promise((r) => setTimeout(r, 0));
    expect(refresher).toHaveBeenCalledTimes(2);
    release();
    expect((await late).accessToken).toBe(fakeAccessToken(601, NOW));
    expect((await store.get()).accessToken).toBe(fakeAccessToken(601, NOW));
    gate(false);
    expect((await session.getTokens()).accessToken).toBe(fakeAccessToken(601, NOW));
    expect(refresher).toHaveBeenCalledTimes(2);
  });

  test("any number of changes during a refresh cost one more refresh, shared by everyone who asked after them", async () => {
    const { session, refresher, store, gate, release } = setup();
    session.suggestAccessTokenExpired();
    gate(true);
    const first = session.getTokens();
    await new Promise((r) => setTimeout(r, 0));
    const later: Promise<unknown>[] = [];
    for (let i = 0; i < 50; i++) {
      session.suggestAccessTokenExpired();
      later.push(session.getTokens());
    }
    await new Promise((r) => setTimeout(r, 0));
    expect(refresher).toHaveBeenCalledTimes(1);
    release();
    await first;
    // The first one's token is kept (newer than the stored one) but counts as stale: the queued one follows.
    expect((await store.get()).accessToken).toBe(fakeAccessToken(600, NOW));
    await new Promise((r) => setTimeout(r, 0));
    expect(refresher).toHaveBeenCalledTimes(2);
    release();
    const results = await Promise.all(later);
    expect(new Set(results.map((r) => (r as { accessToken: string }).accessToken))).toEqual(new Set([fakeAccessToken(601, NOW)]));
    gate(false);
    expect((await session.getTokens()).accessToken).toBe(fakeAccessToken(601, NOW));
    expect(refresher).toHaveBeenCalledTimes(2);
  });

  test("a sign-in while a refresh is queued makes the queued one needless", async () => {
    const { session, refresher, gate, release } = setup();
    session.suggestAccessTokenExpired();
    gate(true);
    const first = session.getTokens();
    await new Promise((r) => setTimeout(r, 0));
    session.suggestAccessTokenExpired();
    const queued = session.getTokens();
    await new Promise((r) => setTimeout(r, 0));
    const fresh = { accessToken: fakeAccessToken(900, NOW), refreshToken: fakeRefreshToken("b") };
    await session.setTokens(fresh);
    release();
    await first;
    expect(await queued).toEqual(fresh);
    expect(refresher).toHaveBeenCalledTimes(1);
  });

  test("without a refresh token a marked token is still handed out (there is no newer one to get)", async () => {
    const { session, refresher } = setup({ refreshToken: null });
    session.suggestAccessTokenExpired();
    expect((await session.getTokens()).accessToken).toBe(fakeAccessToken(300, NOW));
    expect(refresher).not.toHaveBeenCalled();
  });

  test("a sign-in after the mark stores tokens that count as fresh", async () => {
    const { session, refresher } = setup();
    session.suggestAccessTokenExpired();
    const fresh = { accessToken: fakeAccessToken(900, NOW), refreshToken: fakeRefreshToken("b") };
    await session.setTokens(fresh);
    expect(await session.getTokens()).toEqual(fresh);
    expect(refresher).not.toHaveBeenCalled();
  });

  test("an app-wide mark reaches every session sharing the counter, and none created after it", async () => {
    const marks: StaleMarks = { count: 0 };
    const a = setup({ marks });
    const b = setup({ marks });
    marks.count++;
    const c = setup({ marks });
    await Promise.all([a.session.getTokens(), b.session.getTokens(), c.session.getTokens()]);
    expect(a.refresher).toHaveBeenCalledTimes(1);
    expect(b.refresher).toHaveBeenCalledTimes(1);
    expect(c.refresher).not.toHaveBeenCalled();
  });
});

describe("claimsOutdated: a token against the user as just read", () => {
  const token = (claims: Record<string, unknown>) => fakeAccessToken(600, NOW, claims);
  const base = userClaims();

  test("a token whose claims match the user is current", () => {
    expect(claimsOutdated(token(base), userJson() as never)).toBe(false);
  });

  test.each([
    ["name", { display_name: "Ada" }],
    ["email", { primary_email: "ada@work.example" }],
    ["email_verified", { primary_email_verified: true }],
    ["selected_team_id", { selected_team: { id: "t1" } }],
    ["is_restricted", { is_restricted: true, restricted_reason: { type: "email_not_verified" } }],
    ["requires_totp_mfa", { requires_totp_mfa: true }],
  ])("a changed %s makes it outdated", (_claim, change) => {
    expect(claimsOutdated(token(base), userJson(change) as never)).toBe(true);
  });

  test("restricted_reason is compared by its type", () => {
    const restricted = { ...base, is_restricted: true, restricted_reason: { type: "email_not_verified" } };
    const user = (type: string) => userJson({ is_restricted: true, restricted_reason: { type } }) as never;
    expect(claimsOutdated(token(restricted), user("email_not_verified"))).toBe(false);
    expect(claimsOutdated(token(restricted), user("restricted_by_administrator"))).toBe(true);
  });

  test("claims a token lacks, and unreadable tokens, are not compared", () => {
    expect(claimsOutdated(token({}), userJson({ display_name: "Ada" }) as never)).toBe(false);
    expect(claimsOutdated("not-a-jwt", userJson() as never)).toBe(false);
  });
});
