/** @jest-environment ./test/support/jsdom-env.cjs */
// The cross-tab refresh (src/session/cross-tab-refresh.ts) loads with a tab's first refresh. When it cannot be
// loaded (a deployment removed the page's old files, the network dropped for a moment), the tab still refreshes,
// by itself, instead of failing the call.
import { ClientApp } from "../../../src/index";
import { PROJECT } from "../../helpers/http";
import { fakeAccessToken, fakeRefreshToken } from "../../helpers/tokens";
import { clearCookies, plant, structured } from "../token-stores/helpers";
import { fakePlatform, FakeLocks, installLocks, tabOptions } from "./cross-tab-helpers";

jest.mock("../../../src/session/cross-tab-refresh", () => {
  throw new Error("Failed to fetch dynamically imported module: cross-tab-refresh.js");
});

let restoreLocks: () => void;
beforeEach(() => (restoreLocks = installLocks(new FakeLocks())));
afterEach(() => {
  restoreLocks();
  clearCookies();
});

test("a tab whose access token expired refreshes alone when the cross-tab module fails to load", async () => {
  const refreshToken = fakeRefreshToken("s");
  plant(`stack-refresh-${PROJECT}--default`, structured(refreshToken, Date.now()));
  plant("stack-access", JSON.stringify([refreshToken, fakeAccessToken(-60)])); // expired a minute ago
  const platform = fakePlatform();
  const app = new ClientApp(tabOptions(platform.fetch));

  expect(await app.getAccessToken()).toBe(platform.renewed);
  expect(platform.refreshes()).toBe(1);
  expect(await app.getAccessToken()).toBe(platform.renewed); // stored: no second refresh
  expect(platform.refreshes()).toBe(1);
});
