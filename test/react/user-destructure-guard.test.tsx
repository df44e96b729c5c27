/**
 * @jest-environment ./test/support/jsdom-env.cjs
 */
// `const { user } = useUser()` is a common mistake: the hook returns the user itself. Reading `.user` on what the
// hook returns throws an error that says so (as the official SDK does); the rest of the object works as before.
import { useUser } from "../../src/react/index";
import { appFor, signedUp, useEmulator } from "./helpers";
import { probe } from "./probe";

const emulator = useEmulator();

test("const { user } = useUser() throws an error explaining the mistake; const user = useUser() works", async () => {
  const { app } = appFor(emulator.current);
  const { email } = await signedUp(app);
  // React reports the error its boundary caught on the console: it is this one.
  const logged = jest.spyOn(console, "error").mockImplementation(() => {});
  const wrong = await probe(app, () => {
    const { user } = useUser({ or: "throw" }) as unknown as { user: unknown };
    return user;
  }, () => "no error");
  expect(wrong.value()).toMatch(/^error: This is already the user object: useUser\(\) and app.getUser\(\) return the user itself/);
  const said = logged.mock.calls.flat().map((a) => (a instanceof Error ? a.message : String(a)));
  logged.mockRestore();
  expect(said.some((text) => text.includes("This is already the user object"))).toBe(true);
  const right = await probe(app, () => useUser({ or: "throw" }), (user) => `${user.primaryEmail} ${Object.keys({ ...user }).includes("user")} ${"user" in user}`);
  expect(right.value()).toBe(`${email} false false`);
});
