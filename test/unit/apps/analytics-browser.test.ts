/** @jest-environment ./test/support/jsdom-env.cjs */
import { ClientApp } from "../../../src/index";
import { PROJECT } from "../../helpers/http";
import { fakeAccessToken, fakeRefreshToken } from "../../helpers/tokens";
import { userJson } from "../../helpers/wire";

// In a browser with a persistent token store, the official SDK sends usage events (and, with replays opted in,
// session recordings) to the platform. latchkey accepts the option and sends neither.
test("with analytics and replays opted in, a browser app sends only the requests of the calls made", async () => {
  const paths: string[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    paths.push(`${init.method ?? "GET"} ${new URL(url).pathname}`);
    return new Response(JSON.stringify(userJson()), { status: 200, headers: { "content-type": "application/json" } });
  }) as unknown as typeof fetch;
  const app = new ClientApp({
    projectId: PROJECT,
    baseUrl: "https://api.example.test",
    tokenStore: { accessToken: fakeAccessToken(600), refreshToken: fakeRefreshToken() },
    noAutomaticPrefetch: true,
    fetch: fetchImpl,
    analytics: { enabled: true, replays: { enabled: true, maskAllInputs: true } },
  });
  expect((await app.getUser())?.id).toBe(userJson().id);
  document.body.innerHTML = "<button id=b>go</button>";
  document.getElementById("b")!.click();
  window.dispatchEvent(new Event("pagehide"));
  document.dispatchEvent(new Event("visibilitychange"));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(paths).toEqual(["GET /api/v1/users/me"]);
});
