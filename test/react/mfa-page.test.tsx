/**
 * @jest-environment ./test/support/jsdom-env.cjs
 */
import { act, fireEvent, screen } from "@testing-library/react";
import { randomBytes } from "node:crypto";
import { KnownErrors } from "../../src/index";
import { MfaPage } from "../../src/react/index";
import { caught } from "../helpers/http";
import { awayFromStepBoundary, totp } from "../helpers/totp";
import { expectNoAxeViolations } from "./axe";
import { at } from "./flow-helpers";
import { appFor, renderWithApp, signedUp, useEmulator } from "./helpers";

const emulator = useEmulator();
afterEach(() => sessionStorage.clear());

/**
 * A user with TOTP on whose password sign-in (from `from`, in this jsdom page) stopped at the second factor: the
 * sign-in kept the attempt code in sessionStorage and went to the MFA page, where the page now is.
 */
async function stoppedAtMfa(from = "/handler/sign-in") {
  const owner = appFor(emulator.current).app;
  const { email, password } = await signedUp(owner);
  const secret = new Uint8Array(randomBytes(20));
  await (await owner.getUser({ or: "throw" })).update({ totpMultiFactorSecret: secret });
  at(from);
  const { app, navigations } = appFor(emulator.current);
  const error = await caught(app.signInWithCredential({ email, password }));
  expect(KnownErrors.MultiFactorAuthenticationRequired.isInstance(error)).toBe(true);
  expect(navigations).toHaveLength(1);
  at(navigations.pop()!);
  return { app, navigations, email, secret };
}

const type = (value: string) => act(async () => fireEvent.change(screen.getByLabelText("Authentication code"), { target: { value } }));

test("a wrong code shows Invalid TOTP code. next to the field and keeps it; the right one signs in and goes on", async () => {
  const { app, navigations, email, secret } = await stoppedAtMfa();
  const { container } = renderWithApp(app, <MfaPage fullPage />);
  const field = screen.getByLabelText("Authentication code") as HTMLInputElement;
  expect([field.getAttribute("inputmode"), field.getAttribute("autocomplete"), field.maxLength]).toEqual(["numeric", "one-time-code", 6]);
  expect(screen.getByRole("heading", { name: "Multi-factor authentication" })).toBeTruthy();
  await expectNoAxeViolations(container);

  await awayFromStepBoundary();
  const right = totp(secret);
  const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, "0");
  await type(wrong); // six digits: sent at once
  const alert = await screen.findByRole("alert");
  expect(alert.textContent).toBe("Invalid TOTP code.");
  expect(field.getAttribute("aria-invalid")).toBe("true");
  expect(field.getAttribute("aria-describedby")).toContain(alert.id);
  expect(field.value).toBe(wrong);
  expect(await app.getUser()).toBeNull();
  await expectNoAxeViolations(container);

  await type(right.slice(0, 5));
  expect(screen.queryByRole("alert")).toBeNull();
  await act(async () => {
    fireEvent.change(field, { target: { value: right.slice(0, 3) + " " + right.slice(3) } }); // pasted with a space
  });
  await screen.findByRole("status");
  expect(screen.getByRole("status").textContent).toMatch(/^Verified!/);
  expect(navigations).toEqual(["/"]);
  expect((await app.getUser())?.primaryEmail).toBe(email);
  expect(sessionStorage.getItem("hexclave_mfa_attempt_code")).toBeNull();
  await expectNoAxeViolations(container);
});

test("Verify with fewer than six digits asks for all six; the return target survives the MFA step", async () => {
  const { app, navigations, secret } = await stoppedAtMfa("/handler/sign-in?after_auth_return_to=%2Fcart");
  expect(window.location.search).toBe("?after_auth_return_to=%2Fcart");
  renderWithApp(app, <MfaPage />);
  await type("12a3");
  expect((screen.getByLabelText("Authentication code") as HTMLInputElement).value).toBe("123");
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Verify" })));
  expect(screen.getByRole("alert").textContent).toBe("Enter the 6 digits from your authenticator app.");
  await awayFromStepBoundary();
  await act(async () => fireEvent.change(screen.getByLabelText("Authentication code"), { target: { value: totp(secret) } }));
  await screen.findByRole("status");
  expect(navigations).toEqual(["/cart"]);
});

test("an attempt already used (or expired) and no attempt at all offer signing in again", async () => {
  const { app, secret } = await stoppedAtMfa();
  const attempt = sessionStorage.getItem("hexclave_mfa_attempt_code")!;
  await awayFromStepBoundary();
  expect((await appFor(emulator.current).app.signInWithMfa(totp(secret), attempt, { noRedirect: true })).status).toBe("ok");
  sessionStorage.setItem("hexclave_mfa_attempt_code", attempt); // the other tab's success cleared it here too
  const first = renderWithApp(app, <MfaPage fullPage />);
  await act(async () => fireEvent.change(screen.getByLabelText("Authentication code"), { target: { value: totp(secret) } }));
  await screen.findByRole("heading", { name: "This sign-in has expired" });
  expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/handler/sign-in");
  await expectNoAxeViolations(first.container);
  first.unmount();

  sessionStorage.clear();
  const second = renderWithApp(app, <MfaPage />);
  await screen.findByRole("heading", { name: "No sign-in is waiting for a code" });
  await expectNoAxeViolations(second.container);
});

test("onSuccess replaces the redirect; onCancel shows a Cancel button", async () => {
  const { app, navigations, secret } = await stoppedAtMfa();
  const onSuccess = jest.fn();
  const onCancel = jest.fn();
  renderWithApp(app, <MfaPage onSuccess={onSuccess} onCancel={onCancel} />);
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Cancel" })));
  expect(onCancel).toHaveBeenCalledTimes(1);
  await awayFromStepBoundary();
  await act(async () => fireEvent.change(screen.getByLabelText("Authentication code"), { target: { value: totp(secret) } }));
  await screen.findByRole("status");
  expect(onSuccess).toHaveBeenCalledTimes(1);
  expect(navigations).toEqual([]);
  expect(await app.getUser()).not.toBeNull();
});
