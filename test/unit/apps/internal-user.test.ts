import nock from "nock";
import { BASE, PROJECT } from "../../helpers/http";
import { userJson } from "../../helpers/wire";
import { ClientApp } from "../../../src/apps/client-app";
import { fakeAccessToken, fakeRefreshToken } from "../../helpers/tokens";

// The internal-user methods on the current user, in a program that never loads the AdminApp module (like a browser
// bundle of a ClientApp alone): transferProject works, project lists and creation explain what is missing.
afterEach(() => nock.cleanAll());
beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());

// ClientApp from its own module only: nothing here imports `src/index`, so `admin-app.ts` is never evaluated (the
// lazily loaded user-object code resolves from this same module registry).
async function userOf(projectId: string) {
  const app = new ClientApp({ projectId, baseUrl: BASE, tokenStore: { accessToken: fakeAccessToken(600), refreshToken: fakeRefreshToken() }, retry: { sleep: async () => undefined, random: () => 0.5 } });
  nock(BASE).get("/api/v1/users/me").reply(200, JSON.stringify(userJson()), { "content-type": "application/json" });
  return (await app.getUser({ or: "throw" })) as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
}

test("on the internal project: transfer goes out; creation and lists need the AdminApp module", async () => {
  const user = await userOf("internal");
  let body: unknown;
  nock(BASE, { reqheaders: { "x-stack-project-id": "internal", "x-stack-access-type": "client" } })
    .post("/api/v1/internal/projects/transfer", (b) => ((body = b), true))
    .reply(200, JSON.stringify({ success: "true" }), { "content-type": "application/json" });
  await user.transferProject(PROJECT, "6f1c2d4e-0000-4000-8000-000000000001");
  expect(body).toEqual({ project_id: PROJECT, new_team_id: "6f1c2d4e-0000-4000-8000-000000000001" });
  for (const call of [() => user.createProject({ displayName: "x", teamId: "t" }), () => user.listOwnedProjects()]) {
    const e = await call().then(() => null, (error: Error) => error);
    expect(e?.name).toBe("AdminAppNotLoaded");
    expect(e?.message).toContain('import { AdminApp } from "latchkey"');
  }
  expect(nock.pendingMocks()).toEqual([]);
});

test("on any other project the user has no such methods", async () => {
  const user = await userOf(PROJECT);
  expect(["createProject", "listOwnedProjects", "transferProject"].filter((m) => m in user)).toEqual([]);
});
