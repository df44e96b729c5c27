/**
 * @jest-environment ./test/support/jsdom-env.cjs
 */
import { act, fireEvent, screen } from "@testing-library/react";
import { EmailVerification } from "../../src/react/index";
import { codeFromOutbox } from "../helpers/emulator";
import { expectNoAxeViolations } from "./axe";
import { at, expireCode, UNKNOWN_CODE } from "./flow-helpers";
import { appFor, renderWithApp, uniqueEmail, useEmulator } from "./helpers";

const emulator = useEmulator();

/** A new user whose verification e-mail is in the outbox: their app and the link's code. */
async function unverifiedUser() {
  const { app } = appFor(emulator.current);
  const email = uniqueEmail("verify");
  const signUp = await app.signUpWithCredential({ email, password: "correct-horse-battery", noRedirect: true, verificationCallbackUrl: "http://localhost:3000/handler/email-verification" });
  expect(signUp.status).toBe("ok");
  return { app, code: await codeFromOutbox(emulator.current, email, /verif/i) };
}

test("asks first, then verifies the e-mail with the link's code and links home", async () => {
  const { app, code } = await unverifiedUser();
  expect((await app.getUser({ includeRestricted: true }))?.primaryEmailVerified).toBe(false);
  at(`/handler/email-verification?code=${code}`);
  const { container } = renderWithApp(app, <EmailVerification fullPage />);
  expect(screen.getByRole("heading", { name: "Do you want to verify your email?" })).toBeTruthy();
  await expectNoAxeViolations(container);
  // Nothing is used up before the visitor presses Verify (link scanners only open the page).
  expect((await app.getUser({ includeRestricted: true }))?.primaryEmailVerified).toBe(false);
  screen.getByRole("button", { name: "Verify" }).focus();
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Verify" })));
  const done = await screen.findByRole("heading", { name: "Your email has been verified!" });
  expect(document.activeElement).toBe(done); // the pressed button is gone: its focus moves to the news
  expect(screen.getByRole("link", { name: "Go home" }).getAttribute("href")).toBe("/");
  expect((await app.getUser({ includeRestricted: true }))?.primaryEmailVerified).toBe(true);
  await expectNoAxeViolations(container);
});

test("a code already used says the e-mail is verified already", async () => {
  const { app, code } = await unverifiedUser();
  expect((await app.verifyEmail(code)).status).toBe("ok");
  const { container } = renderWithApp(app, <EmailVerification searchParams={{ code }} />);
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Verify" })));
  await screen.findByRole("heading", { name: "Your email is already verified" });
  expect(screen.getByText("This verification link has already been used.")).toBeTruthy();
  await expectNoAxeViolations(container);
});

test("an expired code and an unknown code each get their message", async () => {
  const { app, code } = await unverifiedUser();
  expireCode(emulator.current, code);
  const first = renderWithApp(app, <EmailVerification searchParams={{ code }} />);
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Verify" })));
  await screen.findByRole("heading", { name: "Expired verification link" });
  await expectNoAxeViolations(first.container);
  first.unmount();

  const second = renderWithApp(app, <EmailVerification searchParams={{ code: UNKNOWN_CODE }} />);
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Verify" })));
  await screen.findByRole("heading", { name: "Invalid verification link" });
  await expectNoAxeViolations(second.container);
});

test("no code in the address: invalid link at once; Cancel goes home", async () => {
  const { app, navigations } = appFor(emulator.current);
  at("/handler/email-verification");
  const first = renderWithApp(app, <EmailVerification />);
  expect(screen.getByRole("heading", { name: "Invalid verification link" })).toBeTruthy();
  await expectNoAxeViolations(first.container);
  first.unmount();
  renderWithApp(app, <EmailVerification searchParams={{ code: UNKNOWN_CODE }} />);
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Cancel" })));
  expect(navigations).toEqual(["/"]);
});

test("a failure that is not about the code shows readably and Verify can be pressed again", async () => {
  const { app, code } = await unverifiedUser();
  emulator.current.setFaults([{ route: "POST /contact-channels/verify", action: "status", status: 500, times: 1 }]);
  renderWithApp(app, <EmailVerification searchParams={{ code }} />);
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Verify" })));
  expect((await screen.findByRole("alert")).textContent).toBe("The server had a problem. Please try again in a moment.");
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Verify" })));
  await screen.findByRole("heading", { name: "Your email has been verified!" });
});
