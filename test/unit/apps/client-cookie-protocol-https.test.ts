/**
 * @jest-environment ./test/support/jsdom-env.cjs
 * @jest-environment-options {"url": "https://app.example.com/"}
 */
// The same on an https page: both cookies Secure, the refresh cookie under the __Host- name (official SDK).
import { ClientApp } from "../../../src/index";
import { PROJECT } from "../../helpers/http";
import { cookieWrites, signInThroughApp } from "./cookie-app-helpers";

afterEach(() => jest.restoreAllMocks());

test("on https the cookies a sign-in writes are Secure and the refresh cookie has the __Host- name", async () => {
  expect(location.protocol).toBe("https:");
  const writes = cookieWrites();
  const app = await signInThroughApp(ClientApp);
  const names = writes.map((w) => w.split("=")[0]);
  expect(names.sort()).toEqual([`__Host-stack-refresh-${PROJECT}--default`, "stack-access"].sort());
  expect(writes.every((w) => /;\s*secure/i.test(w))).toBe(true);
  expect(document.cookie).toContain(`__Host-stack-refresh-${PROJECT}--default=`);
  expect(await app.getRefreshToken()).not.toBeNull();
});
