/**
 * @jest-environment ./test/support/jsdom-env.cjs
 * @jest-environment-options {"url": "http://localhost:3000/handler/onboarding"}
 */
import { act, fireEvent, screen } from "@testing-library/react";
import { Onboarding } from "../../src/react/index";
import { expectNoAxeViolations } from "./axe";
import { appFor, renderWithApp, signedUp, useEmulator } from "./helpers";
import { codeFromOutbox } from "../helpers/emulator";

const emulator = useEmulator();

test("an unverified user is asked to verify, can resend the link, and continues once verified", async () => {
  const project = emulator.current.core.store.projects.get(emulator.current.projectId)!;
  project.config.requireEmailVerification = true;
  try {
    const { app, navigations } = appFor(emulator.current);
    const { email } = await signedUp(app);
    const { container } = renderWithApp(app, <Onboarding fullPage />);
    expect(await screen.findByRole("heading", { name: "Verify your e-mail address" })).toBeTruthy();
    expect(screen.getByText(`We sent a verification link to ${email}. Open it to finish setting up your account.`)).toBeTruthy();
    await expectNoAxeViolations(container);

    // Not verified yet: continuing is refused with a readable note.
    fireEvent.click(screen.getByRole("button", { name: "I have verified it, continue" }));
    expect((await screen.findByRole("status")).textContent).toBe("Your e-mail address is not verified yet. Open the link we sent you, then continue.");
    expect(navigations).toEqual([]);

    fireEvent.click(screen.getByRole("button", { name: "Resend verification e-mail" }));
    expect((await screen.findByText(`We sent a new link to ${email}.`)).getAttribute("role")).toBe("status");

    // The link is opened elsewhere (another tab): continuing now goes on to after-sign-in.
    const code = await codeFromOutbox(emulator.current, email, /verif/i);
    await act(async () => {
      const result = await app.verifyEmail(code);
      if (result.status !== "ok") throw result.error;
    });
    fireEvent.click(screen.getByRole("button", { name: "I have verified it, continue" }));
    await act(async () => {
      for (let i = 0; i < 100 && !navigations.length; i++) await new Promise((r) => setTimeout(r, 10));
    });
    expect(navigations).toEqual(["/"]);
  } finally {
    project.config.requireEmailVerification = false;
  }
});

test("a signed-out visitor is sent to sign in", async () => {
  const { app, navigations } = appFor(emulator.current);
  renderWithApp(app, <Onboarding />);
  expect(await screen.findByRole("heading", { name: "You are not signed in" })).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
  await act(async () => {
    for (let i = 0; i < 100 && !navigations.length; i++) await new Promise((r) => setTimeout(r, 10));
  });
  expect(navigations[0]).toMatch(/^\/handler\/sign-in\?after_auth_return_to=/);
});
