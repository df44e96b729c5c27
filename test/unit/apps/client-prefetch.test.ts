/** @jest-environment ./test/support/jsdom-env.cjs */
import { AdminApp, ClientApp } from "../../../src/index";
import { PROJECT } from "../../helpers/http";
import { userJson } from "../../helpers/app";
import { fakeAccessToken, fakeRefreshToken } from "../../helpers/tokens";

const BASE = "https://api.example.test";
const project = { id: PROJECT, display_name: "Demo", config: { sign_up_enabled: true, enabled_oauth_providers: [] } };
const settle = () => new Promise((r) => setTimeout(r, 20));

/** A fetch answering from `answer(path)`, recording each call's path and headers. */
function fakeFetch(answer: (path: string) => Response | Promise<Response>) {
  const calls: { path: string; headers: Record<string, string> }[] = [];
  const impl = jest.fn(async (url: string, init: RequestInit) => {
    const path = new URL(url).pathname.replace("/api/v1", "");
    calls.push({ path, headers: init.headers as Record<string, string> });
    return answer(path);
  });
  return { impl: impl as unknown as typeof fetch, calls };
}
const ok = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });

test("in a browser the project is fetched on construction (for UI that renders what it has); getProject still asks afresh, as the official SDK's does", async () => {
  const { impl, calls } = fakeFetch(() => ok(project));
  const app = new ClientApp({ projectId: PROJECT, baseUrl: BASE, tokenStore: "cookie", fetch: impl });
  await settle();
  expect(calls.map((c) => c.path)).toEqual(["/projects/current"]);
  expect((await app.getProject()).displayName).toBe("Demo");
  expect(calls.map((c) => c.path)).toEqual(["/projects/current", "/projects/current"]);
});

test("noAutomaticPrefetch: true fetches nothing on construction", async () => {
  const { impl, calls } = fakeFetch(() => ok(project));
  new ClientApp({ projectId: PROJECT, baseUrl: BASE, tokenStore: "cookie", fetch: impl, noAutomaticPrefetch: true });
  await settle();
  expect(calls).toEqual([]);
});

test("a failed prefetch is silent: no unhandled rejection, and getProject asks again", async () => {
  const unhandled = jest.fn();
  process.on("unhandledRejection", unhandled);
  try {
    let fail = true;
    const { impl, calls } = fakeFetch(() => (fail ? new Response("boom", { status: 403 }) : ok(project)));
    const app = new ClientApp({ projectId: PROJECT, baseUrl: BASE, tokenStore: "cookie", fetch: impl });
    await settle();
    fail = false;
    expect((await app.getProject()).id).toBe(PROJECT);
    expect(calls.map((c) => c.path)).toEqual(["/projects/current", "/projects/current"]);
    await settle();
    expect(unhandled).not.toHaveBeenCalled();
  } finally {
    process.off("unhandledRejection", unhandled);
  }
});

test("an AdminApp prefetches its admin project with the owner's session already set up", async () => {
  const { impl, calls } = fakeFetch(() => ok({}));
  new AdminApp({ projectId: PROJECT, baseUrl: BASE, tokenStore: null, fetch: impl, projectOwnerSession: async () => "owner.jwt.x" });
  await settle();
  expect(calls[0].path).toBe("/internal/projects/current");
  expect(calls[0].headers["x-stack-admin-access-token"]).toBe("owner.jwt.x");
});

test('getUser({ or: "redirect" }) sends a restricted user to onboarding, a signed-out one to sign-in', async () => {
  const navigate = jest.fn();
  const restricted = userJson({ is_restricted: true, restricted_reason: { type: "email_not_verified" } });
  const { impl } = fakeFetch((path) => (path === "/users/me" ? ok(restricted) : ok(project)));
  const tokens = { accessToken: fakeAccessToken(600), refreshToken: fakeRefreshToken() };
  const app = new ClientApp({ projectId: PROJECT, baseUrl: BASE, tokenStore: tokens, fetch: impl, redirectMethod: { navigate }, noAutomaticPrefetch: true });
  void app.getUser({ or: "redirect" });
  await settle();
  expect(navigate).toHaveBeenCalledWith("/handler/onboarding?after_auth_return_to=%2F");
  const signedOut = new ClientApp({ projectId: PROJECT, baseUrl: BASE, tokenStore: "memory", fetch: impl, redirectMethod: { navigate }, noAutomaticPrefetch: true });
  void signedOut.getUser({ or: "redirect" });
  await settle();
  expect(navigate).toHaveBeenLastCalledWith("/handler/sign-in?after_auth_return_to=%2F");
});
