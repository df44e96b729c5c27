/**
 * @jest-environment ./test/support/jsdom-env.cjs
 */
import { act, fireEvent, screen } from "@testing-library/react";
import { KnownErrors } from "../../src/index";
import { MessageCard } from "../../src/react/index";
import { expectNoAxeViolations } from "./axe";
import { appFor, renderWithApp, useEmulator } from "./helpers";

const emulator = useEmulator();

test("a titled card with its message and two buttons, the main one last", async () => {
  const { app } = appFor(emulator.current);
  const primary = jest.fn();
  const secondary = jest.fn();
  const { container } = renderWithApp(
    app,
    <MessageCard title="Check your inbox" fullPage primaryButtonText="Resend" primaryAction={primary} secondaryButtonText="Go home" secondaryAction={secondary}>
      We sent you a link.
    </MessageCard>,
  );
  expect(screen.getByRole("heading", { level: 1, name: "Check your inbox" })).toBeTruthy();
  expect(screen.getByRole("main")).toBeTruthy(); // fullPage
  expect(screen.getByText("We sent you a link.")).toBeTruthy();
  const buttons = screen.getAllByRole("button").map((b) => b.textContent);
  expect(buttons).toEqual(["Go home", "Resend"]);
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Resend" })));
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Go home" })));
  expect(primary).toHaveBeenCalledTimes(1);
  expect(secondary).toHaveBeenCalledTimes(1);
  await expectNoAxeViolations(container);
});

test("while an async action runs both buttons are disabled and the pressed one is busy; a second press does nothing", async () => {
  const { app } = appFor(emulator.current);
  let finish!: () => void;
  const action = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
  const { container } = renderWithApp(app, <MessageCard title="Join?" primaryButtonText="Join" primaryAction={action} secondaryButtonText="Ignore" />);
  const join = screen.getByRole("button", { name: "Join" });
  await act(async () => fireEvent.click(join));
  expect(join.getAttribute("aria-busy")).toBe("true");
  expect((join as HTMLButtonElement).disabled).toBe(true);
  expect((screen.getByRole("button", { name: "Ignore" }) as HTMLButtonElement).disabled).toBe(true);
  expect(screen.getByRole("button", { name: "Ignore" }).getAttribute("aria-busy")).toBeNull();
  await expectNoAxeViolations(container);
  fireEvent.click(join);
  expect(action).toHaveBeenCalledTimes(1);
  await act(async () => finish());
  expect((join as HTMLButtonElement).disabled).toBe(false);
  expect(screen.queryByRole("alert")).toBeNull();
});

test("an action's error (thrown, or an error Result) is shown readably under the buttons, and the buttons work again", async () => {
  const { app } = appFor(emulator.current);
  let fail: () => unknown = () => {
    throw new KnownErrors.VerificationCodeExpired();
  };
  const { container } = renderWithApp(app, <MessageCard title="Verify?" primaryButtonText="Verify" primaryAction={() => fail()} />);
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Verify" })));
  expect(screen.getByRole("alert").textContent).toBe("This code has expired.");
  await expectNoAxeViolations(container);
  fail = async () => ({ status: "error", error: new KnownErrors.VerificationCodeAlreadyUsed() });
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Verify" })));
  expect(screen.getByRole("alert").textContent).toBe("This code has already been used.");
  fail = async () => ({ status: "error", error: new KnownErrors.TeamMembershipAlreadyExists() });
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Verify" })));
  expect(screen.getByRole("alert").textContent).toBe("You are already a member of this team.");
    fail = async () => ({ status: "ok", data: undefined });
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Verify" })));
  expect(screen.queryByRole("alert")).toBeNull();
});

test("without button texts there are no buttons; not fullPage means no main landmark", () => {
  const { app } = appFor(emulator.current);
  renderWithApp(app, <MessageCard title="Done">All good.</MessageCard>);
  expect(screen.queryAllByRole("button")).toEqual([]);
  expect(screen.queryByRole("main")).toBeNull();
  expect(screen.getByRole("heading", { name: "Done" })).toBeTruthy();
});
