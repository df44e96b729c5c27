/**
 * @jest-environment ./test/support/jsdom-env.cjs
 */
import { act, fireEvent, screen } from "@testing-library/react";
import { StrictMode } from "react";
import { SignOut } from "../../src/react/index";
import { expectNoAxeViolations } from "./axe";
import { requestsTo } from "./flow-helpers";
import { appFor, renderWithApp, signedUp, useEmulator } from "./helpers";

const emulator = useEmulator();
afterEach(() => emulator.current.setFaults([]));

test("signs the signed-in user out once (StrictMode too), shows progress, then goes to after-sign-out", async () => {
  const { app, navigations } = appFor(emulator.current, { urls: { afterSignOut: "/goodbye" } });
  await signedUp(app);
  const before = await requestsTo(emulator.current, "DELETE /auth/sessions/current");
  const { container } = renderWithApp(
    app,
    <StrictMode>
      <SignOut fullPage />
    </StrictMode>,
  );
  expect(screen.getByRole("status").textContent).toBe("Signing you out…");
  await expectNoAxeViolations(container);
  await screen.findByRole("heading", { name: "You have been signed out" });
  expect(navigations).toEqual(["/goodbye"]);
  expect(await app.getUser()).toBeNull();
  expect(await requestsTo(emulator.current, "DELETE /auth/sessions/current")).toBe(before + 1);
  expect(screen.getByRole("link", { name: "Go home" }).getAttribute("href")).toBe("/");
  await expectNoAxeViolations(container);
});

test("a sign-out the platform fails shows a readable error and Try again, which signs out", async () => {
  const { app, navigations } = appFor(emulator.current);
  await signedUp(app);
  emulator.current.setFaults([{ route: "DELETE /auth/sessions/current", action: "status", status: 503 }]);
  const { container } = renderWithApp(app, <SignOut />);
  await screen.findByRole("heading", { name: "Signing out failed" });
  expect(screen.getByRole("alert").textContent).toBe("The server had a problem. Please try again in a moment.");
  expect(await app.getUser()).not.toBeNull();
  expect(navigations).toEqual([]);
  await expectNoAxeViolations(container);
  emulator.current.setFaults([]);
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Try again" })));
  await screen.findByRole("heading", { name: "You have been signed out" });
  expect(await app.getUser()).toBeNull();
  expect(navigations).toEqual(["/"]);
});

test("a visitor who is not signed in is simply sent to after-sign-out", async () => {
  const { app, navigations } = appFor(emulator.current);
  renderWithApp(app, <SignOut />);
  await screen.findByRole("heading", { name: "You have been signed out" });
  expect(navigations).toEqual(["/"]);
});
