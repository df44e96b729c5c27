/**
 * @jest-environment ./test/support/jsdom-env.cjs
 */
// The sign-in page's first render in a browser: it shows its own "Loading…" while the user and the project load (a
// Suspense fallback, once shown, makes React hold the form back for 300 ms), and reads the project the app
// prefetched when it was made instead of asking the platform again.
import { act, screen } from "@testing-library/react";
import { SignIn } from "../../src/react/index";
import { useReadState } from "../../src/react/hooks/app-hooks";
import { appFor, renderWithApp, settled, useEmulator } from "./helpers";

const emulator = useEmulator();

const projectReads = () => emulator.current.stats.toJSON().routes["GET /projects/current"]?.requests ?? 0;

test("the page and its useProject read the project the app prefetched: one GET /projects/current in all", async () => {
  const before = projectReads();
  const { app } = appFor(emulator.current, { noAutomaticPrefetch: false });
  renderWithApp(app, <SignIn />);
  await screen.findByRole("textbox", { name: "Email" });
  await settled();
  expect(projectReads() - before).toBe(1);
  // A read of its own (getProject) still asks the platform, as the official SDK's does.
  await app.getProject();
  expect(projectReads() - before).toBe(2);
});

test("without the prefetch the page reads the project itself, once", async () => {
  const before = projectReads();
  const { app } = appFor(emulator.current);
  renderWithApp(app, <SignIn />);
  await screen.findByRole("textbox", { name: "Email" });
  await settled();
  expect(projectReads() - before).toBe(1);
});

test("useReadState renders while its read is pending, without suspending, then the value", async () => {
  const { app } = appFor(emulator.current);
  let release!: (value: string) => void;
  const gate = new Promise<string>((resolve) => (release = resolve));
  function Probe() {
    const { state } = useReadState(app, "test:gate", [], () => gate);
    return <p>{state.status === "done" ? `value ${String(state.value)}` : state.status}</p>;
  }
  renderWithApp(app, <Probe />);
  // The wrapper's Suspense fallback ("Loading") never shows: the component rendered its own pending state.
  expect(screen.queryByText("Loading")).toBeNull();
  expect(screen.getByText("pending")).toBeTruthy();
  await act(async () => release("ready"));
  expect(await screen.findByText("value ready")).toBeTruthy();
});

test("while the user and the project load, the sign-in page shows its own status, then the form", async () => {
  const { app } = appFor(emulator.current);
  renderWithApp(app, <SignIn />);
  expect(screen.queryByText("Loading")).toBeNull(); // not the wrapper's Suspense fallback
  expect(screen.getByText("Loading…")).toBeTruthy(); // the page's own
  expect(await screen.findByRole("heading", { name: "Sign in to your account" })).toBeTruthy();
  expect(screen.queryByText("Loading…")).toBeNull();
});
