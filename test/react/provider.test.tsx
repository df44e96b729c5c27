/**
 * @jest-environment ./test/support/jsdom-env.cjs
 */
import { act, screen } from "@testing-library/react";
import { useApp, useUser } from "../../src/react/index";
import { appFor, renderWithApp, settled, signedUp, useEmulator } from "./helpers";

const emulator = useEmulator();

function Who() {
  const user = useUser();
  return <p>{user ? `Signed in as ${user.primaryEmail}` : "Nobody"}</p>;
}

test("useUser suspends, then shows the user, and follows sign-out", async () => {
  const { app } = appFor(emulator.current);
  const { email } = await signedUp(app);
  renderWithApp(app, <Who />);
  expect(screen.getByRole("status").textContent).toBe("Loading");
  await settled();
  expect(screen.getByText(`Signed in as ${email}`)).toBeTruthy();
  await act(() => app.signOut());
  await settled();
  await screen.findByText("Nobody");
});

test("user.useTeams re-renders after a team is created", async () => {
  const { app } = appFor(emulator.current);
  await signedUp(app);
  function Teams() {
    const user = useUser({ or: "throw" });
    const teams = user.useTeams();
    return <ul aria-label="Teams">{teams.map((t) => <li key={t.id}>{t.displayName}</li>)}</ul>;
  }
  renderWithApp(app, <Teams />);
  await settled();
  const before = screen.getByRole("list", { name: "Teams" }).children.length;
  const user = await app.getUser({ or: "throw" });
  await act(() => user.createTeam({ displayName: "Rocket" }));
  await screen.findByText("Rocket");
  expect(screen.getByRole("list", { name: "Teams" }).children.length).toBe(before + 1);
});

test("useApp outside the provider says where to put one", () => {
  function Bare() {
    useApp();
    return null;
  }
  const { render } = require("@testing-library/react");
  jest.spyOn(console, "error").mockImplementation(() => {});
  expect(() => render(<Bare />)).toThrow(/inside <LatchkeyProvider/);
});

test("the base page frame has no axe violations", async () => {
  const { app } = appFor(emulator.current);
  const { container } = renderWithApp(app, <Who />);
  await settled();
  const { expectNoAxeViolations } = await import("./axe");
  await expectNoAxeViolations(container);
});
