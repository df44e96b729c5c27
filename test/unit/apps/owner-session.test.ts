import nock from "nock";
import { AdminApp, ArgumentError, ClientApp, KnownErrors } from "../../../src/index";
import { BASE, PROJECT, caught, knownErrorReply } from "../../helpers/http";
import { userJson } from "../../helpers/app";
import { fakeAccessToken, fakeRefreshToken } from "../../helpers/tokens";

afterEach(() => nock.cleanAll());
beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());

const json = (body: unknown) => [200, JSON.stringify(body), { "content-type": "application/json" }] as const;
const keys = { items: [] };
/** One uncached admin request (the app's reads are cached). */
const adminRequest = (admin: AdminApp) =>
  (admin as unknown as { core: { request(spec: { path: string }): Promise<unknown> } }).core.request({ path: "/internal/api-keys" });

/** Answers GET /internal/api-keys, recording the admin access token each request carried. */
function recordAdminTokens(times = 1) {
  const seen: unknown[] = [];
  nock(BASE)
    .get("/api/v1/internal/api-keys")
    .times(times)
    .reply(function () {
      seen.push(this.req.headers["x-stack-admin-access-token"]);
      return json(keys);
    });
  return seen;
}

test("a function: called before each request, its token sent as x-stack-admin-access-token", async () => {
  const tokens = [fakeAccessToken(600, Date.now(), { n: 1 }), fakeAccessToken(600, Date.now(), { n: 2 })];
  const owner = jest.fn(async () => tokens.shift() ?? null);
  const admin = new AdminApp({ projectId: PROJECT, baseUrl: BASE, tokenStore: null, projectOwnerSession: owner });
  const seen = recordAdminTokens(3);
  await adminRequest(admin);
  await adminRequest(admin);
  await adminRequest(admin);
  expect(seen.slice(0, 2)).toEqual([expect.stringContaining("."), expect.stringContaining(".")]);
  expect(seen[0]).not.toBe(seen[1]);
  expect(seen[2]).toBeUndefined(); // the function said null: no admin token
  expect(owner).toHaveBeenCalledTimes(3);
});

test("a function's refused token is not retried; a non-string answer is an ArgumentError", async () => {
  const admin = new AdminApp({ projectId: PROJECT, baseUrl: BASE, tokenStore: null, projectOwnerSession: async () => "bad.token.x" });
  nock(BASE).get("/api/v1/internal/api-keys").once().reply(...knownErrorReply("UNPARSABLE_ADMIN_ACCESS_TOKEN", 401));
  expect(KnownErrors.UnparsableAdminAccessToken.isInstance(await caught(admin.listInternalApiKeys()))).toBe(true);
  const odd = new AdminApp({ projectId: PROJECT, baseUrl: BASE, tokenStore: null, projectOwnerSession: async () => 42 as never });
  expect(await caught(odd.listInternalApiKeys())).toBeInstanceOf(ArgumentError);
});

test("another app's user._internalSession: its token is used, refreshed against the internal project when refused", async () => {
  const first = fakeAccessToken(600, Date.now(), { n: 1 });
  const dashboard = new ClientApp({ projectId: "internal", baseUrl: BASE, tokenStore: { accessToken: first, refreshToken: fakeRefreshToken() } });
  nock(BASE).get("/api/v1/users/me").reply(...json(userJson()));
  const owner = await dashboard.getUser({ or: "throw" });
  const admin = new AdminApp({ projectId: PROJECT, baseUrl: BASE, tokenStore: null, projectOwnerSession: owner._internalSession });
  const fresh = fakeAccessToken(600, Date.now(), { n: 2 });
  let form = new URLSearchParams();
  nock(BASE)
    .get("/api/v1/internal/api-keys")
    .matchHeader("x-stack-admin-access-token", first)
    .reply(...knownErrorReply("ADMIN_ACCESS_TOKEN_EXPIRED", 401, { expired_at_millis: 0 }))
    .post("/api/v1/auth/oauth/token", (b) => ((form = new URLSearchParams(b)), true))
    .reply(...json({ access_token: fresh }))
    .get("/api/v1/internal/api-keys")
    .matchHeader("x-stack-admin-access-token", fresh)
    .reply(...json(keys));
  expect(await admin.listInternalApiKeys()).toEqual([]);
  expect(form.get("client_id")).toBe("internal");
  expect(await owner.getAccessToken()).toBe(fresh); // the owner's own session got the fresh token
});
