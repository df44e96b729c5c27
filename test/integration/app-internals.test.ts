import { ArgumentError, ClientApp, ServerApp, StackClientApp, stackAppInternalsSymbol } from "../../src/index";
import { clientFor, serverFor, startTestEmulator, uniqueEmail } from "../helpers/emulator";
import type { Emulator } from "../helpers/emulator";

// The official SDK's internals hook: an app's settings handed from a server to a browser, and tokens handed in.
let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.stop());

test("the symbol is the official SDK's registered symbol", () => {
  expect(stackAppInternalsSymbol).toBe(Symbol.for("StackAuth--DO-NOT-USE-OR-YOU-WILL-BE-FIRED--StackAppInternals"));
});

test("a server app's client JSON carries no secret, and rebuilds a working client app", async () => {
  const server = new ServerApp({
    projectId: emulator.projectId,
    publishableClientKey: emulator.keys.publishableClientKey,
    secretServerKey: emulator.keys.secretServerKey,
    baseUrl: emulator.url,
    tokenStore: "memory",
    urls: { signIn: "/login" },
  });
  const json = server[stackAppInternalsSymbol].toClientJson();
  expect(JSON.stringify(json)).not.toContain(emulator.keys.secretServerKey);
  expect(json).toMatchObject({ projectId: emulator.projectId, baseUrl: emulator.url, tokenStore: "memory", publishableClientKey: emulator.keys.publishableClientKey, urls: { signIn: "/login" } });

  const same = StackClientApp[stackAppInternalsSymbol].fromClientJson(json);
  expect(same).toBe(server); // made by this process: the same object
  const elsewhere = ClientApp[stackAppInternalsSymbol].fromClientJson({ ...JSON.parse(JSON.stringify(json)), uniqueIdentifier: "from-another-process" });
  expect(elsewhere).toBeInstanceOf(ClientApp);
  expect(elsewhere).not.toBeInstanceOf(ServerApp);
  expect(elsewhere.urls.signIn).toBe("/login");
  expect((await elsewhere.getProject()).id).toBe(emulator.projectId);
});

test("signInWithTokens signs the app in as the tokens' user; getConstructorOptions and getRedirectMethod read the settings", async () => {
  const server = serverFor(emulator);
  const user = await server.createUser({ primaryEmail: uniqueEmail("handed"), displayName: "Handed over" });
  const tokens = await (await user.createSession()).getTokens();
  const { app } = clientFor(emulator);
  expect(await app.getUser()).toBeNull();
  await app[stackAppInternalsSymbol].signInWithTokens({ accessToken: tokens.accessToken!, refreshToken: tokens.refreshToken! });
  expect((await app.getUser())?.displayName).toBe("Handed over");
  expect(app[stackAppInternalsSymbol].getConstructorOptions().projectId).toBe(emulator.projectId);
  expect(app[stackAppInternalsSymbol].getRedirectMethod()).toBe("none");
});

test("settings that cannot be serialised, and JSON that is not an app's, are refused", () => {
  const custom = clientFor(emulator, { tokenStore: { accessToken: null, refreshToken: null } }).app;
  expect(() => custom[stackAppInternalsSymbol].toClientJson()).toThrow(ArgumentError);
  const navigating = clientFor(emulator, { redirectMethod: { navigate: () => {} } as never }).app;
  expect(() => navigating[stackAppInternalsSymbol].toClientJson()).toThrow(ArgumentError);
  expect(() => ClientApp[stackAppInternalsSymbol].fromClientJson({} as never)).toThrow(ArgumentError);
});
