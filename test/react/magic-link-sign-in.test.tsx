/**
 * @jest-environment ./test/support/jsdom-env.cjs
 */
import { screen, waitFor } from "@testing-library/react";
import { MagicLinkSignIn } from "../../src/react/index";
import { addFaults, click, lastMail, requestsTo, type, visit } from "./auth-helpers";
import { expectNoAxeViolations } from "./axe";
import { appFor, renderWithApp, signedUp, uniqueEmail, useEmulator } from "./helpers";

const emulator = useEmulator();

beforeEach(() => visit("/handler/sign-in"));

/** Renders the form, sends the e-mail to `email` and waits for the code step. */
async function codeStep(email: string) {
  const { app, navigations } = appFor(emulator.current);
  const view = renderWithApp(app, <MagicLinkSignIn />);
  type("Email", email);
  await click("Send email");
  await screen.findByLabelText("Code");
  return { app, navigations, ...view, mail: await lastMail(emulator.current, email, "magic_link") };
}

test("sending shows that the e-mail went out and focuses the code field", async () => {
  const email = uniqueEmail("magic");
  const { app } = appFor(emulator.current);
  const { container } = renderWithApp(app, <MagicLinkSignIn />);
  await expectNoAxeViolations(container);
  type("Email", email);
  await addFaults(emulator.current, [{ route: "POST /auth/otp/send-sign-in-code", action: "latency", latencyMs: 150, times: 1 }]);
  await click("Send email");
  expect((screen.getByRole("button", { name: "Send email" }) as HTMLButtonElement).disabled).toBe(true);
  const status = await screen.findByRole("status");
  expect(status.textContent).toBe(`We sent a sign-in link and code to ${email}. Open the link, or enter the code here.`);
  expect(document.activeElement).toBe(screen.getByLabelText("Code"));
  expect(screen.getByRole("button", { name: "Sign In" })).toBeTruthy();
  await expectNoAxeViolations(container);
});

test("the code from the e-mail signs a new user in (lower case and spaces are fine)", async () => {
  const email = uniqueEmail("magic");
  const { app, navigations, mail } = await codeStep(email);
  expect(mail.otp).toMatch(/^[A-Z0-9]{6}$/);
  type("Code", ` ${mail.otp!.toLowerCase().slice(0, 3)} ${mail.otp!.toLowerCase().slice(3)}`);
  await click("Sign In");
  await waitFor(() => expect(navigations).toContain("/"));
  expect((await app.getUser())?.primaryEmail).toBe(email);
});

test("a wrong code shows under the code field and stays typed; a short one is refused before sending", async () => {
  const { app, container, mail } = await codeStep(uniqueEmail("magic"));
  const before = await requestsTo(emulator.current, "POST /auth/otp/sign-in");
  type("Code", "ABC");
  await click("Sign In");
  expect(screen.getByRole("alert").textContent).toBe("Please enter the 6-character code from the e-mail.");
  expect(await requestsTo(emulator.current, "POST /auth/otp/sign-in")).toBe(before);
  const wrong = mail.otp === "ZZZZZZ" ? "YYYYYY" : "ZZZZZZ";
  type("Code", wrong);
  await click("Sign In");
  const alert = await screen.findByRole("alert", {}, { timeout: 3000 });
  await waitFor(() => expect(alert.textContent).toBe("This code is invalid."));
  const field = screen.getByLabelText("Code") as HTMLInputElement;
  expect(field.getAttribute("aria-invalid")).toBe("true");
  expect(field.value).toBe(wrong);
  expect(document.activeElement).toBe(field);
  expect(await app.getUser()).toBeNull();
  await expectNoAxeViolations(container);
});

test("a code already used (through the link) says so", async () => {
  const email = uniqueEmail("magic");
  const { mail, container } = await codeStep(email);
  const other = appFor(emulator.current).app;
  expect((await other.signInWithMagicLink(mail.code, { noRedirect: true })).status).toBe("ok");
  type("Code", mail.otp!);
  await click("Sign In");
  await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("This code has already been used."));
  await expectNoAxeViolations(container);
});

test("an expired code says so", async () => {
  const email = uniqueEmail("magic");
  const { mail } = await codeStep(email);
  const now = Date.now();
  const clock = jest.spyOn(Date, "now").mockReturnValue(now + 8 * 24 * 3600 * 1000);
  try {
    type("Code", mail.otp!);
    await click("Sign In");
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("This code has expired."));
  } finally {
    clock.mockRestore();
  }
});

test("the e-mail step checks the address first, and one can go back to change it", async () => {
  const { app } = appFor(emulator.current);
  renderWithApp(app, <MagicLinkSignIn />);
  await click("Send email");
  expect(screen.getByRole("alert").textContent).toBe("Please enter your e-mail address.");
  type("Email", "someone@localhost");
  await click("Send email");
  expect(screen.getByRole("alert").textContent).toBe("Please enter a valid e-mail address.");
  type("Email", uniqueEmail("back"));
  await click("Send email");
  await screen.findByLabelText("Code");
  await click("Use a different e-mail address");
  expect(screen.getByLabelText("Email")).toBeTruthy();
  expect(screen.queryByLabelText("Code")).toBeNull();
});

test("an untrusted after_auth_return_to is refused before the e-mail is sent", async () => {
  visit("/handler/sign-in?after_auth_return_to=https%3A%2F%2Fevil.example%2F");
  const email = uniqueEmail("magic");
  const { app } = appFor(emulator.current);
  renderWithApp(app, <MagicLinkSignIn />);
  type("Email", email);
  await click("Send email");
  await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Redirect URL https://evil.example/ is not trusted; should be relative."));
  await expect(lastMail(emulator.current, email, "magic_link")).rejects.toThrow(/no magic_link mail/);
  expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe(email);
});

test("an account whose address is not verified cannot get a code, and is told why", async () => {
  const { email } = await signedUp(appFor(emulator.current).app);
  const { app } = appFor(emulator.current);
  const { container } = renderWithApp(app, <MagicLinkSignIn />);
  type("Email", email);
  await click("Send email");
  await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("An account uses this e-mail address but has not verified it yet. Sign in another way."));
  expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBe("true");
  await expectNoAxeViolations(container);
});
