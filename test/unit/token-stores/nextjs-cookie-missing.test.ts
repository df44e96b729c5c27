import { ArgumentError } from "../../../src/errors/base";
import { createNextjsCookieTokenStore } from "../../../src/token-stores/nextjs-cookie";
import { resolveTokenStore } from "../../../src/token-stores/resolve";
import { PID } from "./helpers";

// An app without `next`: "next/headers.js" cannot be loaded (the repository has `next` as a dev dependency, for the
// types of latchkey/next, so the module is made to fail as a missing one does).
jest.mock(
  "next/headers.js",
  () => {
    throw Object.assign(new Error("Cannot find module 'next/headers.js'"), { code: "MODULE_NOT_FOUND" });
  },
  { virtual: true },
);
describe('"nextjs-cookie" on the server without next', () => {
  it("can be created (nothing is imported yet)", () => {
    expect(() => resolveTokenStore("nextjs-cookie", { projectId: PID })).not.toThrow();
  });

  it("fails on use with an ArgumentError saying next is required", async () => {
    const store = createNextjsCookieTokenStore({ projectId: PID });
    const error = await Promise.resolve(store.get()).then(
      () => null,
      (e: unknown) => e,
    );
    expect(ArgumentError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/needs the `next` package.*"next\/headers" could not be loaded/);
    await expect(store.set({ accessToken: null, refreshToken: "r" })).rejects.toThrow(/`next`/);
  });
});
