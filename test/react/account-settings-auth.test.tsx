/**
 * @jest-environment ./test/support/jsdom-env.cjs
 */
// AccountSettings, "Emails & Auth": e-mail addresses (add, verify, make primary), password (set, update, errors),
// passkey registration, and TOTP enrolment checked with a real code before the secret is saved.
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { ClientApp, KnownErrors } from "../../src/index";
import { AccountSettings } from "../../src/react/index";
import { codeFromOutbox, serverFor } from "../helpers/emulator";
import { installFakeWebAuthn } from "../helpers/fake-webauthn";
import { awayFromStepBoundary, totp } from "../helpers/totp";
import { expectNoAxeViolations } from "./axe";
import { appFor, renderWithApp, settled, signedUp, uniqueEmail, useEmulator } from "./helpers";

const emulator = useEmulator();

async function openAuth(app?: ClientApp) {
  const made = app ? { app, navigations: [] } : appFor(emulator.current);
  const who = app ? { email: "", password: "" } : await signedUp(made.app);
  const view = renderWithApp(made.app, <AccountSettings />);
  await settled();
  fireEvent.click(within(screen.getByRole("navigation", { name: "Account settings" })).getByRole("button", { name: "Emails & Auth" }));
  await settled();
  return { ...made, ...who, ...view };
}

const type = (name: string, value: string) => fireEvent.change(screen.getByLabelText(name), { target: { value } });
const alertUnder = (label: string) => {
  const field = screen.getByLabelText(label);
  const ids = (field.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent).join(" ");
};

describe("emails", () => {
  test("add an address, send its verification, verify it from the outbox, then make it primary", async () => {
    const { app, container } = await openAuth();
    const added = uniqueEmail("second");
    type("Email", added);
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    const row = await screen.findByRole("group", { name: added });
    expect(within(row).getByText("Unverified")).toBeTruthy();
    expect(within(row).queryByRole("button", { name: "Make primary" })).toBeNull(); // only verified addresses
    expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe("");
    await expectNoAxeViolations(container);

    fireEvent.click(within(row).getByRole("button", { name: "Send verification email" }));
    await within(row).findByText(`Verification email sent to ${added}.`);
    const code = await codeFromOutbox(emulator.current, added, /verif/i);
    await act(async () => void expect((await app.verifyEmail(code)).status).toBe("ok"));
    const verified = await screen.findByRole("group", { name: added });
    await within(verified).findByText("Verified");

    fireEvent.click(within(verified).getByRole("button", { name: "Make primary" }));
    await waitFor(() => expect(within(screen.getByRole("group", { name: added })).queryByText("Primary")).toBeTruthy());
    expect((await app.getUser({ or: "throw" })).primaryEmail).toBe(added);
    // The list puts the primary address first.
    expect(within(screen.getByRole("list", { name: "Email addresses" })).getAllByRole("group")[0]).toBe(screen.getByRole("group", { name: added }));
    await expectNoAxeViolations(container);
  });

  test("a malformed or duplicate address is refused next to the field, keeping what was typed", async () => {
    const { email } = await openAuth();
    type("Email", "not-an-address");
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    expect(alertUnder("Email")).toBe("Please enter a valid email address.");
    expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe("not-an-address");
    type("Email", email.toUpperCase());
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    expect(alertUnder("Email")).toBe("This email address is already on your account.");
  });

  test("using an address for sign-in that another account signs in with shows why, in the row", async () => {
    const other = appFor(emulator.current).app;
    const { email: taken } = await signedUp(other);
    const { app } = await openAuth();
    type("Email", taken);
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    fireEvent.click(within(await screen.findByRole("group", { name: taken })).getByRole("button", { name: "Send verification email" }));
    await within(screen.getByRole("group", { name: taken })).findByText(`Verification email sent to ${taken}.`);
    const code = await codeFromOutbox(emulator.current, taken, /verif/i);
    await act(async () => void expect((await app.verifyEmail(code)).status).toBe("ok"));
    const row = await screen.findByRole("group", { name: taken });
    fireEvent.click(await within(row).findByRole("button", { name: "Use for sign-in" }));
    expect((await within(row).findByRole("alert")).textContent).toBe("This email address is already used to sign in to another account.");
  });

  test("the only sign-in address cannot be removed; another one can", async () => {
    const { email } = await openAuth();
    const primary = screen.getByRole("group", { name: email });
    expect(within(primary).queryByRole("button", { name: "Remove" })).toBeNull();
    const extra = uniqueEmail("extra");
    type("Email", extra);
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    fireEvent.click(within(await screen.findByRole("group", { name: extra })).getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(screen.queryByRole("group", { name: extra })).toBeNull());
  });
});

describe("password", () => {
  test("update: a wrong old password, a mismatch and a short password show under their fields; then it works", async () => {
    const { email, password, container } = await openAuth();
    type("Old password", "wrong-password-here");
    type("New password", "a-brand-new-secret");
    type("Repeat new password", "a-brand-new-secret");
    fireEvent.click(screen.getByRole("button", { name: "Update password" }));
    await waitFor(() => expect(alertUnder("Old password")).toBe("This password is wrong."));
    expect((screen.getByLabelText("New password") as HTMLInputElement).value).toBe("a-brand-new-secret");
    await expectNoAxeViolations(container);

    type("Old password", password);
    type("Repeat new password", "something-else");
    fireEvent.click(screen.getByRole("button", { name: "Update password" }));
    expect(alertUnder("Repeat new password")).toBe("Passwords do not match.");

    type("New password", "short");
    type("Repeat new password", "short");
    fireEvent.click(screen.getByRole("button", { name: "Update password" }));
    await waitFor(() => expect(alertUnder("New password")).toBe("Password must be at least 8 characters long."));

    type("New password", "a-brand-new-secret");
    type("Repeat new password", "a-brand-new-secret");
    fireEvent.click(screen.getByRole("button", { name: "Update password" }));
    expect((await screen.findByRole("status")).textContent).toBe("Your password has been updated.");
    expect((screen.getByLabelText("Old password") as HTMLInputElement).value).toBe("");
    const other = appFor(emulator.current).app;
    expect((await other.signInWithCredential({ email, password: "a-brand-new-secret", noRedirect: true })).status).toBe("ok");
  });

  test("a user without a password sets one", async () => {
    const email = uniqueEmail("nopw");
    const serverUser = await serverFor(emulator.current).createUser({ primaryEmail: email, primaryEmailAuthEnabled: true });
    const tokens = await (await serverUser.createSession()).getTokens();
    const { app } = appFor(emulator.current, { tokenStore: tokens });
    await openAuth(app);
    expect(screen.queryByLabelText("Old password")).toBeNull();
    type("New password", "first-password-ever");
    type("Repeat new password", "first-password-ever");
    fireEvent.click(screen.getByRole("button", { name: "Set password" }));
    expect((await screen.findByRole("status")).textContent).toBe("Your password has been set.");
    await screen.findByLabelText("Old password"); // the form now changes the password
    const other = appFor(emulator.current).app;
    expect((await other.signInWithCredential({ email, password: "first-password-ever", noRedirect: true })).status).toBe("ok");
  });
});

test("passkey: registering one marks it enabled", async () => {
  const fake = installFakeWebAuthn();
  try {
    const { app, container } = await openAuth();
    fireEvent.click(screen.getByRole("button", { name: "Register a passkey" }));
    await screen.findByRole("button", { name: "Register another passkey" });
    expect(fake.created).toHaveLength(1);
    expect((await app.getUser({ or: "throw" })).passkeyAuthEnabled).toBe(true);
    await expectNoAxeViolations(container);
  } finally {
    fake.remove();
  }
});

test("passkey: a refused ceremony shows its error under the button", async () => {
  const fake = installFakeWebAuthn();
  try {
    await openAuth();
    fake.failNext(new DOMException("The user said no.", "NotAllowedError"));
    fireEvent.click(screen.getByRole("button", { name: "Register a passkey" }));
    expect((await screen.findByRole("alert")).textContent).toBe("The browser stopped the passkey request: The user said no.");
  } finally {
    fake.remove();
  }
});

describe("two-factor authentication", () => {
  const base32ToBytes = (text: string) => {
    let bits = "";
    for (const ch of text) bits += "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".indexOf(ch).toString(2).padStart(5, "0");
    return Uint8Array.from(bits.match(/.{8}/g)!, (b) => parseInt(b, 2));
  };

  test("enrolment shows a QR code and the key, refuses a wrong code, saves the secret with the right one", async () => {
    const { app, email, password, container } = await openAuth();
    fireEvent.click(screen.getByRole("button", { name: "Set up two-factor authentication" }));
    const qr = await screen.findByRole("img", { name: "QR code for your authenticator app" });
    expect(qr.querySelector("svg")).toBeTruthy();
    expect(document.activeElement?.textContent).toMatch(/^Scan this QR code/); // focus moves to the instructions
    const key = (screen.getByRole("textbox", { name: "Key" }) as HTMLInputElement).value;
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    const secret = base32ToBytes(key);
    await expectNoAxeViolations(container);

    await awayFromStepBoundary();
    const right = totp(secret);
    type("Code from your app", String((Number(right) + 500_000) % 1_000_000).padStart(6, "0"));
    fireEvent.click(screen.getByRole("button", { name: "Enable two-factor authentication" }));
    await waitFor(() => expect(alertUnder("Code from your app")).toContain("Invalid TOTP code."));
    expect((await app.getUser({ or: "throw" })).isMultiFactorRequired).toBe(false);
    await expectNoAxeViolations(container);

    await awayFromStepBoundary();
    type("Code from your app", totp(secret));
    fireEvent.click(screen.getByRole("button", { name: "Enable two-factor authentication" }));
    await screen.findByRole("button", { name: "Disable two-factor authentication" });
    expect((await app.getUser({ or: "throw" })).isMultiFactorRequired).toBe(true);

    // The platform has the secret the QR code carries: a password sign-in now needs its code.
    const other = appFor(emulator.current).app;
    const attempt = await other.signInWithCredential({ email, password, noRedirect: true }).then(
      (r) => (r.status === "error" ? r.error : null),
      (e) => e,
    );
    expect(KnownErrors.MultiFactorAuthenticationRequired.isInstance(attempt)).toBe(true);
    await awayFromStepBoundary();
    expect((await other.signInWithMfa(totp(secret), attempt.details.attempt_code, { noRedirect: true })).status).toBe("ok");

    fireEvent.click(screen.getByRole("button", { name: "Disable two-factor authentication" }));
    await screen.findByRole("button", { name: "Set up two-factor authentication" });
    expect((await app.getUser({ or: "throw" })).isMultiFactorRequired).toBe(false);
  });

  test("Cancel drops the unsaved secret", async () => {
    const { app } = await openAuth();
    fireEvent.click(screen.getByRole("button", { name: "Set up two-factor authentication" }));
    await screen.findByRole("textbox", { name: "Key" });
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("textbox", { name: "Key" })).toBeNull();
    expect((await app.getUser({ or: "throw" })).isMultiFactorRequired).toBe(false);
  });
});
