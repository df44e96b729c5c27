import { createNextjsCookieTokenStore, provideNextHeaders } from "../../../src/token-stores/nextjs-cookie";
import { PID } from "./helpers";

// No "next/headers.js" to import here: had the store tried the run-time import, it would fail with its ArgumentError.
// latchkey/next's server half gives the store the app's own next/headers (bundled, so on the Edge runtime too).
test('the "nextjs-cookie" store reads and writes through the next/headers that latchkey/next provides', async () => {
  const values = new Map([[`stack-refresh-${PID}--default`, JSON.stringify({ refresh_token: "r1", updated_at_millis: 5 })]]);
  const jar = {
    get: (name: string) => (values.has(name) ? { name, value: values.get(name)! } : undefined),
    set: jest.fn((name: string, value: string, attributes: { maxAge: number }) => void (attributes.maxAge === 0 ? values.delete(name) : values.set(name, value))),
  };
  const cookies = jest.fn(async () => jar);
  provideNextHeaders({ cookies, headers: async () => new Headers({ host: "app.example.com" }) });
  const store = createNextjsCookieTokenStore({ projectId: PID });
  await expect(store.get()).resolves.toEqual({ accessToken: null, refreshToken: "r1" });
  await store.set({ accessToken: "a2", refreshToken: "r2" });
  expect(jar.set).toHaveBeenCalledWith("stack-access", '["r2","a2"]', { path: "/", sameSite: "lax", secure: false, maxAge: 86400 });
  await expect(store.get()).resolves.toEqual({ accessToken: "a2", refreshToken: "r2" });
  expect(cookies).toHaveBeenCalledTimes(3);
});
