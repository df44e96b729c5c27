import { ArgumentError } from "../../../src/errors/base";
import { createNextjsCookieTokenStore } from "../../../src/token-stores/nextjs-cookie";
import { resolveTokenStore } from "../../../src/token-stores/resolve";
import { PID } from "./helpers";

// `next` is not installed here, so "next/headers" cannot be loaded.
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
