/** @jest-environment ./test/support/jsdom-env.cjs */
import { ClientApp } from "../../../src/index";
import { PROJECT } from "../../helpers/http";
import { userJson } from "../../helpers/app";
import { fakeAccessToken, fakeRefreshToken } from "../../helpers/tokens";

const T1 = "0a0a0a0a-0000-4000-8000-000000000001";
const team = { id: T1, display_name: "Ops", profile_image_url: null, client_metadata: null, client_read_only_metadata: null };

test("in a browser, inviteUser's link defaults to the team-invitation page (or the configured URL) on this site", async () => {
  const bodies: unknown[] = [];
  const answers: Record<string, unknown> = {
    "GET /users/me": userJson(),
    "GET /teams": { items: [team], is_paginated: false },
    "POST /team-invitations/send-code": { success: true, id: "i1" },
  };
  const fetchImpl = (async (url: string, init: RequestInit) => {
    const key = `${init.method ?? "GET"} ${new URL(url).pathname.replace("/api/v1", "")}`;
    if (key.startsWith("POST")) bodies.push(JSON.parse(String(init.body)));
    return new Response(JSON.stringify(answers[key]), { status: 200, headers: { "content-type": "application/json" } });
  }) as unknown as typeof fetch;
  const tokenStore = { accessToken: fakeAccessToken(600), refreshToken: fakeRefreshToken() };
  for (const urls of [undefined, { teamInvitation: "/join" }]) {
    const app = new ClientApp({ projectId: PROJECT, baseUrl: "https://api.example.test", tokenStore, fetch: fetchImpl, urls });
    const user = await app.getUser({ or: "throw" });
    await (await user.getTeam(T1))!.inviteUser({ email: "grace@example.com" });
  }
  expect(bodies).toEqual([
    { team_id: T1, email: "grace@example.com", callback_url: "http://localhost/handler/team-invitation" },
    { team_id: T1, email: "grace@example.com", callback_url: "http://localhost/join" },
  ]);
});
