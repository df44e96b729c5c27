/**
 * @jest-environment ./test/support/jsdom-env.cjs
 * @jest-environment-options {"url": "https://app.example.com/"}
 */
import Cookies from "js-cookie";
import { createCookieTokenStore } from "../../../src/token-stores/cookie";
import type { TokenPair } from "../../../src/token-stores/types";
import { clearCookies, jar, PID, plant, structured } from "./helpers";
import { readAsOfficial2_8_108, readAsOfficial2_8_86 } from "./official-readers";

const HOST_REFRESH = `__Host-stack-refresh-${PID}--default`;

afterEach(() => {
  clearCookies(["example.com", "app.example.com"], true);
  jest.restoreAllMocks();
});

describe("cookie token store on https", () => {
  it("writes the __Host- refresh cookie and marks both cookies Secure", () => {
    const set = jest.spyOn(Cookies, "set");
    createCookieTokenStore({ projectId: PID }).set({ accessToken: "a1", refreshToken: "r1" });
    expect(Object.keys(jar()).sort()).toEqual([HOST_REFRESH, "stack-access"]);
    expect(set).toHaveBeenCalledWith(HOST_REFRESH, expect.any(String), { path: "/", sameSite: "Lax", secure: true, expires: 365 });
    expect(set).toHaveBeenCalledWith("stack-access", '["r1","a1"]', { path: "/", sameSite: "Lax", secure: true, expires: 1 });
    expect(readAsOfficial2_8_108(jar(), PID)).toEqual({ refreshToken: "r1", accessToken: "a1" });
    expect(readAsOfficial2_8_86(jar(), PID)).toEqual({ refreshToken: "r1", accessToken: "a1" });
  });

  it("reads the official 2.8.108 __Host- cookie", () => {
    plant(`__Host-hexclave-refresh-${PID}--default`, structured("r-hex", 1), "; secure");
    plant("hexclave-access", JSON.stringify(["r-hex", "a-hex"]), "; secure");
    expect(createCookieTokenStore({ projectId: PID }).get()).toEqual({ refreshToken: "r-hex", accessToken: "a-hex" });
  });

  it("replaces the plain-http refresh cookie and the official cookies when writing", () => {
    plant(`stack-refresh-${PID}--default`, structured("r-http", 1));
    plant(`__Host-hexclave-refresh-${PID}--default`, structured("r-hex", 2), "; secure");
    createCookieTokenStore({ projectId: PID }).set({ accessToken: "a1", refreshToken: "r1" });
    expect(Object.keys(jar()).sort()).toEqual([HOST_REFRESH, "stack-access"]);
  });

  it("deletes the official cross-subdomain cookie on its parent domain when signing out", () => {
    const name = `hexclave-refresh-${PID}--custom-CSQPYRK1E8`;
    plant(name, structured("r-sso", 1), "; domain=example.com; secure");
    const store = createCookieTokenStore({ projectId: PID });
    expect((store.get() as TokenPair).refreshToken).toBe("r-sso");
    store.set({ accessToken: null, refreshToken: null });
    expect(jar()).toEqual({});
    expect(store.get()).toEqual({ accessToken: null, refreshToken: null });
  });
});
