/** @jest-environment ./test/support/jsdom-env.cjs */
// Two "tabs" are two apps over the cookie store of one jsdom page: they share its cookie jar, as the tabs of one
// browser share theirs. Nothing here tells tab B about tab A but the cookies.
import { ClientApp } from "../../../src/index";
import type { Session } from "../../../src/session/session";
import { PROJECT } from "../../helpers/http";
import { fakeAccessToken, fakeRefreshToken } from "../../helpers/tokens";
import { userJson } from "../../helpers/wire";
import { clearCookies, plant, structured } from "../token-stores/helpers";
import { fakePlatform, FakeLocks, installLocks, tabOptions, waitUntil } from "./cross-tab-helpers";

const signedIn = { access_token: fakeAccessToken(600), refresh_token: fakeRefreshToken("s"), user_id: "u1" };
const coreOf = (app: ClientApp) => (app as unknown as { core: { session(): Session; onSessionInvalidated?: (s: Session) => void } }).core;

/** What another tab would leave in the cookies after signing in with `refreshToken`. */
function anotherTabSignsIn(refreshToken: string, accessToken = fakeAccessToken(600)): void {
  plant(`stack-refresh-${PROJECT}--default`, structured(refreshToken, Date.now()));
  plant("stack-access", JSON.stringify([refreshToken, accessToken]));
}

function twoTabs() {
  const platform = fakePlatform({
    routes: {
      "POST /auth/password/sign-in": [200, signedIn],
      "GET /users/me": [200, userJson()],
      "DELETE /auth/sessions/current": [200, {}],
    },
  });
  return { platform, a: new ClientApp(tabOptions(platform.fetch)), b: new ClientApp(tabOptions(platform.fetch)) };
}

let restoreLocks: () => void;
beforeEach(() => (restoreLocks = installLocks(new FakeLocks())));
afterEach(() => {
  restoreLocks();
  clearCookies();
});

test("signing out in one tab signs the other out within 2 s: its session ends and its user is forgotten", async () => {
  const { platform, a, b } = twoTabs();
  expect((await a.signInWithCredential({ email: "ada@example.com", password: "12345678", noRedirect: true })).status).toBe("ok");
  const user = await b.getUser();
  expect(user?.primaryEmail).toBe("ada@example.com");
  const ended = jest.fn();
  user!._internalSession.onInvalidate(ended);
  const core = coreOf(b);
  const forget = jest.spyOn(core, "onSessionInvalidated");

  await a.signOut();
  const took = await waitUntil(() => ended.mock.calls.length > 0, 2000);

  expect(took).toBeLessThan(2000);
  expect(ended).toHaveBeenCalledTimes(1);
  expect(forget).toHaveBeenCalledWith(core.session()); // the app forgets the user and every read cached for the session
  expect(user!._internalSession.isKnownToBeInvalid()).toBe(true);
  expect(user!._internalSession.getRefreshToken()).toBeNull();
  const readsBefore = platform.calls.length;
  expect(await b.getUser()).toBeNull();
  expect(platform.calls.slice(readsBefore)).toEqual([]); // known signed out: nothing to ask the server
  expect(platform.calls.filter((c) => c === "DELETE /auth/sessions/current")).toHaveLength(1); // only tab A's
});

test("a sign-in in another tab makes this tab forget what it cached for the previous user", async () => {
  const { b } = twoTabs();
  anotherTabSignsIn(fakeRefreshToken("1"));
  const core = coreOf(b);
  expect(await b.getUser()).not.toBeNull();
  const forgotten = jest.fn();
  const original = core.onSessionInvalidated!;
  core.onSessionInvalidated = (session) => {
    forgotten(session);
    original(session);
  };

  anotherTabSignsIn(fakeRefreshToken("2"));
  await waitUntil(() => forgotten.mock.calls.length > 0, 2000);

  expect(forgotten).toHaveBeenCalledWith(core.session());
  expect(core.session().known.refreshToken).toBe(fakeRefreshToken("2"));
  expect(core.session().invalid).toBe(false);
});

test("a token another tab refreshed is taken as it is: nothing is forgotten, nobody is told the session ended", async () => {
  const { b } = twoTabs();
  anotherTabSignsIn(fakeRefreshToken("1"));
  const user = await b.getUser();
  const ended = jest.fn();
  user!._internalSession.onInvalidate(ended);
  const core = coreOf(b);
  const forgotten = jest.fn();
  core.onSessionInvalidated = forgotten;

  const renewed = fakeAccessToken(900);
  anotherTabSignsIn(fakeRefreshToken("1"), renewed);
  await waitUntil(() => core.session().known.accessToken === renewed, 2000);

  expect(forgotten).not.toHaveBeenCalled();
  expect(ended).not.toHaveBeenCalled();
  expect(await b.getAccessToken()).toBe(renewed);
});

test("this tab's own sign-out is not reported to it a second time by the cookie watch", async () => {
  const { a } = twoTabs();
  await a.signInWithCredential({ email: "ada@example.com", password: "12345678", noRedirect: true });
  const user = await a.getUser();
  const ended = jest.fn();
  user!._internalSession.onInvalidate(ended);
  await a.signOut();
  await new Promise((done) => setTimeout(done, 300)); // three polls
  expect(ended).toHaveBeenCalledTimes(1);
});
