/**
 * @jest-environment ./test/support/jsdom-env.cjs
 */
import { act, fireEvent, screen } from "@testing-library/react";
import { TeamInvitation } from "../../src/react/index";
import { codeFromOutbox } from "../helpers/emulator";
import { expectNoAxeViolations } from "./axe";
import { at, expireCode, UNKNOWN_CODE } from "./flow-helpers";
import { appFor, renderWithApp, signedUp, uniqueEmail, useEmulator } from "./helpers";

const emulator = useEmulator();
const CALLBACK = "http://localhost:3000/handler/team-invitation";

/** An owner's team named `name` inviting `email`; the invitation's code. */
async function invitation(email: string, name = "Research") {
  const { app: owner } = appFor(emulator.current);
  await signedUp(owner);
  const user = await owner.getUser({ or: "throw" });
  const team = await user.createTeam({ displayName: name });
  await team.inviteUser({ email, callbackUrl: CALLBACK });
  return { team, code: await codeFromOutbox(emulator.current, email, /team-invitation/) };
}

/** A signed-in invitee and their invitation. */
async function invitee(name?: string) {
  const { app, navigations } = appFor(emulator.current);
  const { email } = await signedUp(app, uniqueEmail("invitee"));
  return { app, navigations, ...(await invitation(email, name)) };
}

test("a signed-in invitee sees the team's name, joins, and is told so", async () => {
  const { app, team, code } = await invitee("Research");
  at(`/handler/team-invitation?code=${code}`);
  const { container } = renderWithApp(app, <TeamInvitation fullPage />);
  await screen.findByText("You are invited to join Research");
  expect(screen.getByRole("heading", { name: "Team invitation" })).toBeTruthy();
  expect(screen.getByRole("button", { name: "Ignore" })).toBeTruthy();
  await expectNoAxeViolations(container);
  const user = await app.getUser({ or: "throw" });
  expect((await user.listTeams()).map((t) => t.id)).not.toContain(team.id);
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Join" })));
  await screen.findByText("You have joined Research.");
  expect(screen.getByRole("link", { name: "Go home" }).getAttribute("href")).toBe("/");
  expect((await user.listTeams()).map((t) => t.id)).toContain(team.id);
  await expectNoAxeViolations(container);
});

test("a signed-out visitor is asked to sign in and comes back here afterwards; the code stays unused", async () => {
  const { app, navigations } = appFor(emulator.current);
  const email = uniqueEmail("later");
  const { code } = await invitation(email);
  at(`/handler/team-invitation?code=${code}`);
  const { container } = renderWithApp(app, <TeamInvitation />);
  await screen.findByRole("heading", { name: "Team invitation" });
  expect(screen.getByText("Sign in or create an account to accept this invitation.")).toBeTruthy();
  await expectNoAxeViolations(container);
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Sign in" })));
  expect(navigations).toEqual([`/handler/sign-in?after_auth_return_to=${encodeURIComponent(`/handler/team-invitation?code=${code}`)}`]);
  const later = appFor(emulator.current).app;
  await signedUp(later, email);
  expect((await later.verifyTeamInvitationCode(code)).status).toBe("ok");
});

test("used, expired and unknown invitations each say so; no code at all is invalid at once", async () => {
  const used = await invitee();
  expect((await used.app.acceptTeamInvitation(used.code)).status).toBe("ok");
  const first = renderWithApp(used.app, <TeamInvitation searchParams={{ code: used.code }} />);
  await screen.findByRole("heading", { name: "Used team invitation link" });
  await expectNoAxeViolations(first.container);
  first.unmount();

  const expired = await invitee();
  expireCode(emulator.current, expired.code);
  const second = renderWithApp(expired.app, <TeamInvitation searchParams={{ code: expired.code }} />);
  await screen.findByRole("heading", { name: "Expired team invitation link" });
  await expectNoAxeViolations(second.container);
  second.unmount();

  const third = renderWithApp(expired.app, <TeamInvitation searchParams={{ code: UNKNOWN_CODE }} />);
  await screen.findByRole("heading", { name: "Invalid team invitation link" });
  third.unmount();

  at("/handler/team-invitation");
  renderWithApp(expired.app, <TeamInvitation />);
  await screen.findByRole("heading", { name: "Invalid team invitation link" });
});

test("a code used elsewhere between showing and joining says so; Ignore goes home", async () => {
  const { app, navigations, code } = await invitee("Ops");
  renderWithApp(app, <TeamInvitation searchParams={{ code }} />);
  await screen.findByText("You are invited to join Ops");
  expect((await app.acceptTeamInvitation(code)).status).toBe("ok");
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Join" })));
  await screen.findByRole("heading", { name: "Used team invitation link" });

  const other = await invitee("Ops 2");
  renderWithApp(other.app, <TeamInvitation searchParams={{ code: other.code }} />);
  await screen.findByText("You are invited to join Ops 2");
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Ignore" })));
  expect(other.navigations).toEqual(["/"]);
});

test("an account that must verify its e-mail first is told so readably", async () => {
  const { app, code } = await invitee();
  const project = emulator.current.core.store.projects.get(emulator.current.projectId)!;
  project.config.requireEmailVerification = true;
  try {
    const { container } = renderWithApp(app, <TeamInvitation fullPage searchParams={{ code }} />);
    expect((await screen.findByRole("alert")).textContent).toBe("Verify your e-mail address before joining a team.");
    expect(screen.getByRole("heading", { name: "Team invitation" })).toBeTruthy();
    await expectNoAxeViolations(container);
  } finally {
    project.config.requireEmailVerification = false;
  }
});
