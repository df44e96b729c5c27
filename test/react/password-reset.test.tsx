/**
 * @jest-environment ./test/support/jsdom-env.cjs
 */
import { screen } from "@testing-library/react";
import { ForgotPassword, PasswordReset } from "../../src/react/index";
import { addFaults, click, lastMail, requestsTo, type, visit } from "./auth-helpers";
import { expectNoAxeViolations } from "./axe";
import { appFor, renderWithApp, signedUp, useEmulator } from "./helpers";

const emulator = useEmulator();

/** A signed-up user and the code of a reset e-mail sent to them. */
async function resetCode() {
  const owner = appFor(emulator.current).app;
  const { email } = await signedUp(owner);
  const sent = await owner.sendForgotPasswordEmail(email, { callbackUrl: "http://localhost/handler/password-reset" });
  expect(sent.status).toBe("ok");
  return { email, code: (await lastMail(emulator.current, email, "password_reset")).code };
}

describe("ForgotPassword", () => {
  beforeEach(() => visit("/handler/forgot-password"));

  test("sends the reset e-mail and says to check the inbox", async () => {
    const { email } = await signedUp(appFor(emulator.current).app);
    const { app } = appFor(emulator.current);
    const { container } = renderWithApp(app, <ForgotPassword fullPage />);
    expect(screen.getByRole("heading", { name: "Reset Your Password" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/handler/sign-in");
    await expectNoAxeViolations(container);
    type("Email", email);
    await addFaults(emulator.current, [{ route: "POST /auth/password/send-reset-code", action: "latency", latencyMs: 150, times: 1 }]);
    await click("Send Email");
    expect((screen.getByRole("button", { name: "Send Email" }) as HTMLButtonElement).disabled).toBe(true);
    await screen.findByRole("heading", { name: "Check your inbox" });
    expect(screen.getByRole("status").textContent).toContain(email);
    expect(screen.getByRole("link", { name: "Back to sign in" })).toBeTruthy();
    const mail = await lastMail(emulator.current, email, "password_reset");
    expect(mail.code).toMatch(/^[a-z0-9]{45}$/i);
    await expectNoAxeViolations(container);
  });

  test("checks the address before sending and keeps it", async () => {
    const { app } = appFor(emulator.current);
    const { container } = renderWithApp(app, <ForgotPassword />);
    const before = await requestsTo(emulator.current, "POST /auth/password/send-reset-code");
    type("Email", "ada.example.com");
    await click("Send Email");
    expect(screen.getByRole("alert").textContent).toBe("Please enter a valid e-mail address.");
    expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe("ada.example.com");
    expect(document.activeElement).toBe(screen.getByLabelText("Email"));
    expect(await requestsTo(emulator.current, "POST /auth/password/send-reset-code")).toBe(before);
    await expectNoAxeViolations(container);
  });
});

describe("PasswordReset", () => {
  test("a good code: new password twice, then a link to sign in; the new password works", async () => {
    const { email, code } = await resetCode();
    visit(`/handler/password-reset?code=${code}`);
    const { app } = appFor(emulator.current);
    const { container } = renderWithApp(app, <PasswordReset fullPage />);
    expect(screen.getByRole("status").textContent).toBe("Checking your link…");
    await screen.findByRole("heading", { name: "Reset Your Password" });
    await expectNoAxeViolations(container);
    type("New Password", "brand-new-password");
    type("Repeat New Password", "brand-new-password");
    await addFaults(emulator.current, [{ route: "POST /auth/password/reset", action: "latency", latencyMs: 150, times: 1 }]);
    await click("Reset Password");
    expect((screen.getByRole("button", { name: "Reset Password" }) as HTMLButtonElement).disabled).toBe(true);
    await screen.findByRole("heading", { name: "Your password has been reset" });
    expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/handler/sign-in");
    await expectNoAxeViolations(container);
    const later = appFor(emulator.current).app;
    expect((await later.signInWithCredential({ email, password: "brand-new-password", noRedirect: true })).status).toBe("ok");
  });

  test("the password rules are checked before sending, next to their field", async () => {
    const { code } = await resetCode();
    const { app } = appFor(emulator.current);
    const { container } = renderWithApp(app, <PasswordReset searchParams={{ code }} />);
    await screen.findByLabelText("New Password");
    const before = await requestsTo(emulator.current, "POST /auth/password/reset");
    await click("Reset Password");
    expect(screen.getByRole("alert").textContent).toBe("Please enter a new password.");
    type("New Password", "short");
    type("Repeat New Password", "short");
    await click("Reset Password");
    expect(screen.getByRole("alert").textContent).toBe("Password must be at least 8 characters long.");
    expect(screen.getByLabelText("New Password").getAttribute("aria-invalid")).toBe("true");
    type("New Password", "long-enough-one");
    type("Repeat New Password", "long-enough-two");
    await click("Reset Password");
    expect(screen.getByRole("alert").textContent).toBe("Passwords do not match.");
    expect(document.activeElement).toBe(screen.getByLabelText("Repeat New Password"));
    expect((screen.getByLabelText("New Password") as HTMLInputElement).value).toBe("long-enough-one");
    expect(await requestsTo(emulator.current, "POST /auth/password/reset")).toBe(before);
    await expectNoAxeViolations(container);
  });

  test("no code or an unknown code: invalid link", async () => {
    visit("/handler/password-reset");
    const { app } = appFor(emulator.current);
    const { container, unmount } = renderWithApp(app, <PasswordReset />);
    await screen.findByRole("heading", { name: "Invalid Password Reset Link" });
    expect(screen.getByRole("link", { name: "Request a new link" }).getAttribute("href")).toBe("/handler/forgot-password");
    await expectNoAxeViolations(container);
    unmount();
    renderWithApp(app, <PasswordReset searchParams={{ code: "x".repeat(45) }} />);
    await screen.findByRole("heading", { name: "Invalid Password Reset Link" });
  });

  test("a used code: used link (also when it is used while the form is open)", async () => {
    const { code } = await resetCode();
    const other = appFor(emulator.current).app;
    const { app } = appFor(emulator.current);
    const { unmount } = renderWithApp(app, <PasswordReset searchParams={{ code }} />);
    await screen.findByLabelText("New Password");
    expect((await other.resetPassword({ code, password: "used-elsewhere" })).status).toBe("ok");
    type("New Password", "brand-new-password");
    type("Repeat New Password", "brand-new-password");
    await click("Reset Password");
    await screen.findByRole("heading", { name: "Used Password Reset Link" });
    unmount();
    const { container } = renderWithApp(app, <PasswordReset searchParams={{ code }} />);
    await screen.findByRole("heading", { name: "Used Password Reset Link" });
    await expectNoAxeViolations(container);
  });

  test("an expired code: expired link", async () => {
    const { code } = await resetCode();
    const clock = jest.spyOn(Date, "now").mockReturnValue(Date.now() + 8 * 24 * 3600 * 1000);
    try {
      const { app } = appFor(emulator.current);
      const { container } = renderWithApp(app, <PasswordReset searchParams={{ code }} />);
      await screen.findByRole("heading", { name: "Expired Password Reset Link" });
      await expectNoAxeViolations(container);
    } finally {
      clock.mockRestore();
    }
  });

  test("bad searchParams are an ArgumentError", () => {
    const { app } = appFor(emulator.current);
    jest.spyOn(console, "error").mockImplementation(() => {});
    expect(() => renderWithApp(app, <PasswordReset searchParams={"code=1" as never} />)).toThrow(/searchParams must be an object/);
  });
});

test("the reset e-mail links to this page with its code", async () => {
  const { email } = await signedUp(appFor(emulator.current).app);
  visit("/handler/forgot-password");
  const { app } = appFor(emulator.current);
  renderWithApp(app, <ForgotPassword />);
  type("Email", email);
  await click("Send Email");
  await screen.findByRole("heading", { name: "Check your inbox" });
  const res = await fetch(`${emulator.current.url}/emulator/outbox?to=${encodeURIComponent(email)}&kind=password_reset`);
  const { items } = await res.json();
  expect(JSON.stringify(items.at(-1).links)).toMatch(/http:\/\/localhost\/handler\/password-reset\?code=[a-z0-9]{45}/i);
});
