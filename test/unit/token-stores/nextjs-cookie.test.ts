import { createNextjsCookieTokenStore } from "../../../src/token-stores/nextjs-cookie";
import { PID } from "./helpers";
import { readAsOfficial2_8_108, readAsOfficial2_8_86 } from "./official-readers";

// The store imports "next/headers.js" (the file: a runtime ES import of "next/headers" finds nothing).
jest.mock("next/headers.js", () => ({ cookies: jest.fn(), headers: jest.fn() }), { virtual: true });
const next = jest.requireMock("next/headers.js") as { cookies: jest.Mock; headers: jest.Mock };

const READ_ONLY = "Cookies can only be modified in a Server Action or Route Handler. Read more: https://nextjs.org/docs/app/api-reference/functions/cookies#options";

/** A stand-in for Next's request cookies: `get` and `set` over a Map, optionally read-only or without getAll. */
function fakeJar(initial: Record<string, string>, options: { readOnly?: boolean; getAll?: boolean } = {}) {
  const values = new Map(Object.entries(initial));
  const jar = {
    values,
    get: jest.fn((name: string) => (values.has(name) ? { name, value: values.get(name)! } : undefined)),
    set: jest.fn((name: string, value: string, attributes: { maxAge: number }) => {
      if (options.readOnly) throw new Error(READ_ONLY);
      if (attributes.maxAge === 0) values.delete(name);
      else values.set(name, value);
    }),
    ...(options.getAll && { getAll: () => [...values].map(([name, value]) => ({ name, value })) }),
  };
  return jar;
}

const headersOf = (h: Record<string, string>) => new Headers(h);

beforeEach(() => {
  next.cookies.mockReset();
  next.headers.mockReset().mockReturnValue(headersOf({ host: "app.example.com" }));
});

describe('"nextjs-cookie" on the server', () => {
  it("does not touch next/headers until used", () => {
    createNextjsCookieTokenStore({ projectId: PID });
    expect(next.cookies).not.toHaveBeenCalled();
  });

  it("reads the token cookies through cookies().get (Next 14: a plain object)", async () => {
    const jar = fakeJar({
      [`hexclave-refresh-${PID}--default`]: JSON.stringify({ refresh_token: "r1", updated_at_millis: 5 }),
      "hexclave-access": JSON.stringify(["r1", "a1"]),
    });
    next.cookies.mockReturnValue(jar);
    const store = createNextjsCookieTokenStore({ projectId: PID });
    await expect(store.get()).resolves.toEqual({ accessToken: "a1", refreshToken: "r1" });
    expect(jar.get).toHaveBeenCalledWith(`__Host-hexclave-refresh-${PID}--default`);
    expect(jar.get).toHaveBeenCalledWith("stack-refresh");
  });

  it("awaits cookies() when it returns a promise (Next 15) and finds --custom- cookies through getAll", async () => {
    const jar = fakeJar({ [`stack-refresh-${PID}--custom-ABC`]: JSON.stringify({ refresh_token: "r-sso", updated_at_millis: 1 }) }, { getAll: true });
    next.cookies.mockResolvedValue(jar);
    await expect(createNextjsCookieTokenStore({ projectId: PID }).get()).resolves.toEqual({ accessToken: null, refreshToken: "r-sso" });
  });

  it("writes through cookies().set with the cookie attributes", async () => {
    const jar = fakeJar({ "stack-refresh": "old", theme: "dark" });
    next.cookies.mockReturnValue(jar);
    const store = createNextjsCookieTokenStore({ projectId: PID });
    await store.set({ accessToken: "a1", refreshToken: "r1" });

    const base = { path: "/", sameSite: "lax", secure: false };
    expect(jar.set).toHaveBeenCalledWith(`stack-refresh-${PID}--default`, expect.stringContaining('"refresh_token":"r1"'), { ...base, maxAge: 31536000 });
    expect(jar.set).toHaveBeenCalledWith("stack-access", '["r1","a1"]', { ...base, maxAge: 86400 });
    expect(jar.set).toHaveBeenCalledWith("stack-refresh", "", { ...base, maxAge: 0 });
    expect([...jar.values.keys()].sort()).toEqual([`stack-refresh-${PID}--default`, "stack-access", "theme"].sort());
    const written = Object.fromEntries(jar.values);
    expect(readAsOfficial2_8_108(written, PID)).toEqual({ refreshToken: "r1", accessToken: "a1" });
    expect(readAsOfficial2_8_86(written, PID)).toEqual({ refreshToken: "r1", accessToken: "a1" });
    await expect(store.get()).resolves.toEqual({ accessToken: "a1", refreshToken: "r1" });
  });

  it("uses the __Host- name and Secure behind an https proxy", async () => {
    const jar = fakeJar({});
    next.cookies.mockReturnValue(jar);
    next.headers.mockResolvedValue(headersOf({ "x-forwarded-proto": "https", host: "app.example.com" }));
    await createNextjsCookieTokenStore({ projectId: PID }).set({ accessToken: null, refreshToken: "r1" });
    expect(jar.set).toHaveBeenCalledTimes(1);
    expect(jar.set).toHaveBeenCalledWith(`__Host-stack-refresh-${PID}--default`, expect.any(String), {
      path: "/",
      sameSite: "lax",
      secure: true,
      maxAge: 31536000,
    });
  });

  it("deletes a cross-subdomain cookie on the parent domains when clearing", async () => {
    const name = `hexclave-refresh-${PID}--custom-ABC`;
    const jar = fakeJar({ [name]: JSON.stringify({ refresh_token: "r" }) }, { getAll: true });
    next.cookies.mockReturnValue(jar);
    await createNextjsCookieTokenStore({ projectId: PID }).set({ accessToken: null, refreshToken: null });
    const domains = jar.set.mock.calls.filter(([n]) => n === name).map(([, , a]) => (a as { domain?: string }).domain);
    expect(domains).toEqual([undefined, "app.example.com", "example.com"]);
  });

  it("ignores Next's read-only error in Server Components and keeps the tokens for that request", async () => {
    const jar = fakeJar({ [`stack-refresh-${PID}`]: "r-old" }, { readOnly: true });
    next.cookies.mockReturnValue(jar);
    const store = createNextjsCookieTokenStore({ projectId: PID });
    await expect(store.set({ accessToken: "a-new", refreshToken: "r-new" })).resolves.toBeUndefined();
    await expect(store.get()).resolves.toEqual({ accessToken: "a-new", refreshToken: "r-new" });

    next.cookies.mockReturnValue(fakeJar({ [`stack-refresh-${PID}`]: "r-other-request" }));
    await expect(store.get()).resolves.toEqual({ accessToken: null, refreshToken: "r-other-request" });
  });

  it("lets other cookie errors through", async () => {
    const jar = fakeJar({});
    jar.set.mockImplementation(() => {
      throw new TypeError("boom");
    });
    next.cookies.mockReturnValue(jar);
    await expect(createNextjsCookieTokenStore({ projectId: PID }).set({ accessToken: null, refreshToken: "r" })).rejects.toThrow("boom");
  });

  it("works when headers() gives nothing", async () => {
    next.headers.mockReturnValue(undefined);
    const jar = fakeJar({});
    next.cookies.mockReturnValue(jar);
    await createNextjsCookieTokenStore({ projectId: PID }).set({ accessToken: null, refreshToken: "r" });
    expect(jar.values.has(`stack-refresh-${PID}--default`)).toBe(true);
  });
});

describe('"nextjs-cookie" on the server with the cross-subdomain cookie', () => {
  const SHARED = `stack-refresh-${PID}--custom-CNW62VBGDHJJWRVFDM`; // base32("example.com")

  it("rewrites the shared cookie on its domain (read back from its name) instead of the host's own", async () => {
    const jar = fakeJar({ [SHARED]: JSON.stringify({ refresh_token: "r1", updated_at_millis: 1 }) }, { getAll: true });
    next.cookies.mockReturnValue(jar);
    await createNextjsCookieTokenStore({ projectId: PID }).set({ accessToken: "a2", refreshToken: "r1" });
    expect(jar.set).toHaveBeenCalledWith(SHARED, expect.stringContaining('"refresh_token":"r1"'), {
      path: "/",
      sameSite: "lax",
      secure: false,
      maxAge: 31536000,
      domain: "example.com",
    });
    expect([...jar.values.keys()].sort()).toEqual(["stack-access", SHARED]);
  });

  it("also for the official 2.8.108 name; a shared cookie of a domain that is not the host's is deleted as before", async () => {
    const official = `hexclave-refresh-${PID}--custom-CNW62VBGDHJJWRVFDM`;
    const jar = fakeJar({ [official]: JSON.stringify({ refresh_token: "r1", updated_at_millis: 1 }) }, { getAll: true });
    next.cookies.mockReturnValue(jar);
    await createNextjsCookieTokenStore({ projectId: PID }).set({ accessToken: "a2", refreshToken: "r1" });
    expect([...jar.values.keys()].sort()).toEqual(["stack-access", SHARED]);

    next.headers.mockReturnValue(headersOf({ host: "app.example.org" }));
    const other = fakeJar({ [SHARED]: JSON.stringify({ refresh_token: "r1", updated_at_millis: 1 }) }, { getAll: true });
    next.cookies.mockReturnValue(other);
    await createNextjsCookieTokenStore({ projectId: PID }).set({ accessToken: "a2", refreshToken: "r1" });
    expect([...other.values.keys()].sort()).toEqual(["stack-access", `stack-refresh-${PID}--default`]);
  });

  it("clears the shared cookie on sign-out", async () => {
    const jar = fakeJar({ [SHARED]: JSON.stringify({ refresh_token: "r1", updated_at_millis: 1 }), "stack-access": '["r1","a1"]' }, { getAll: true });
    next.cookies.mockReturnValue(jar);
    await createNextjsCookieTokenStore({ projectId: PID }).set({ accessToken: null, refreshToken: null });
    expect(jar.values.size).toBe(0);
    const domains = jar.set.mock.calls.filter(([n]) => n === SHARED).map(([, , a]) => (a as { domain?: string }).domain);
    expect(domains).toEqual([undefined, "app.example.com", "example.com"]);
  });
});
