/**
 * @jest-environment ./test/support/jsdom-env.cjs
 */
import { act, fireEvent, screen, within } from "@testing-library/react";
import { StrictMode, useRef } from "react";
import { SignOut, useUser } from "../../src/react/index";
import { expectNoAxeViolations } from "./axe";
import { requestsTo } from "./flow-helpers";
import { appFor, renderWithApp, signedUp, useEmulator } from "./helpers";
import { Caught } from "./probe";

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

test("a page still showing the user's data while signing out neither reads it again nor shows an error", async () => {
  const { app } = appFor(emulator.current);
  await signedUp(app);
  const team = await (await app.getUser({ or: "throw" })).createTeam({ displayName: "Rocket" });
  await (await app.getUser({ or: "throw" })).setSelectedTeam(team);
  // The page keeps rendering the user it showed (as one does until the after-sign-out navigation lands).
  function Settings() {
    const user = useUser();
    const shown = useRef(user);
    if (user) shown.current = user;
    const u = shown.current!;
    const channels = u.useContactChannels();
    const profile = u.useTeamProfile(team);
    const invitations = u.selectedTeam!.useInvitations();
    return (
      <>
        <p>{user ? "Signed in" : "Signed out"}</p>
        <output aria-label="Data">{`${channels.length} e-mail, ${profile.displayName}, ${invitations.length} invitations`}</output>
      </>
    );
  }
  const errors = jest.spyOn(console, "error");
  const { container } = renderWithApp(app, <Caught><Settings /></Caught>);
  await screen.findByText("Signed in");
  const shown = screen.getByRole("status", { name: "Data" }).textContent;
  expect(shown).toMatch(/^1 e-mail, .*, 0 invitations$/);
  const routes = ["GET /contact-channels", "GET /team-member-profiles/:team_id/:user_id", "GET /team-invitations"];
  const before = await Promise.all(routes.map((r) => requestsTo(emulator.current, r)));
  await act(() => app.signOut());
  await screen.findByText("Signed out");
  // Past the core cache's 300 ms refetch throttle: a re-read would have been sent by now.
  await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
  expect(within(container).queryByRole("alert")).toBeNull();
  expect(screen.getByRole("status", { name: "Data" }).textContent).toBe(shown);
  // The contact channels are not read again; the two reads that follow every request (the sign-out's own
  // DELETE, sent while still signed in) are read at most once more, never after the session ended.
  const after = await Promise.all(routes.map((r) => requestsTo(emulator.current, r)));
  expect(after[0]).toBe(before[0]);
  expect(after[1]).toBeLessThanOrEqual(before[1] + 1);
  expect(after[2]).toBeLessThanOrEqual(before[2] + 1);
  expect(errors).not.toHaveBeenCalled();
  errors.mockRestore();
});
