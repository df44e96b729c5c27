/** @jest-environment ./test/support/jsdom-env.cjs */
// A ClientApp with the cookie store on an http page (jsdom's default http://localhost/): no Secure attribute
// and no __Host- name, as the official SDK does (a browser drops Secure cookies on http).
import { ClientApp } from "../../../src/index";
import { PROJECT } from "../../helpers/http";
import { cookieWrites, signInThroughApp } from "./cookie-app-helpers";

afterEach(() => jest.restoreAllMocks());

test("on http the cookies a sign-in writes carry no Secure attribute and no __Host- name", async () => {
  expect(location.protocol).toBe("http:");
  const writes = cookieWrites();
  const app = await signInThroughApp(ClientApp);
  const names = writes.map((w) => w.split("=")[0]);
  expect(names.sort()).toEqual([`stack-refresh-${PROJECT}--default`, "stack-access"].sort());
  expect(writes.some((w) => /;\s*secure/i.test(w))).toBe(false);
  expect(writes.some((w) => w.startsWith("__Host-"))).toBe(false);
  expect(document.cookie).toContain(`stack-refresh-${PROJECT}--default=`); // the browser kept them
  expect(await app.getRefreshToken()).not.toBeNull();
});
