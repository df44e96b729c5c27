// ServerApp's, AdminEmailApp's and AdminApp's methods load their resource code on first use (src/apps/server-app.ts,
// serverResources). A load that fails is not remembered: the next call loads again and works.
import { ServerApp } from "../../../src/index";
import { PROJECT } from "../../helpers/http";

let loads = 0;
jest.mock("../../../src/apps/server-resources", () => {
  loads++;
  if (loads === 1) throw new Error("Failed to fetch dynamically imported module: server-lazy.js");
  return jest.requireActual("../../../src/apps/server-resources");
});

test("a failed load of the server resources is tried again on the next call, which then succeeds", async () => {
  const requests: string[] = [];
  const fetch = (async (url: string) => {
    requests.push(new URL(url).pathname);
    return Response.json({ items: [], pagination: { next_cursor: null } });
  }) as unknown as typeof globalThis.fetch;
  const server = new ServerApp({ projectId: PROJECT, baseUrl: "https://api.example.test", secretServerKey: "ssk_test", tokenStore: null, fetch });

  await expect(server.listUsers({ limit: 1 })).rejects.toThrow("Failed to fetch dynamically imported module");
  expect(requests).toEqual([]);
  const page = await server.listUsers({ limit: 1 });
  expect([...page]).toEqual([]);
  expect(requests).toEqual(["/api/v1/users"]);
  expect(loads).toBe(2);
  await server.listUsers({ limit: 2 }); // loaded: no third load
  expect(loads).toBe(2);
});
