/**
 * @jest-environment ./test/support/jsdom-env.cjs
 */
// latchkey's dev tools (src/react/dev-tools): the panel <LatchkeyProvider> mounts in development builds, against
// the real emulator. Development is `NODE_ENV=development`, read when the provider renders; jest's own "test" is
// not (the other React tests never see the panel). That a production bundle holds none of their code is checked by
// `npm run bench:size` (scripts/bench/size.mjs).
import { act, fireEvent, screen, within } from "@testing-library/react";
import { appFor, renderWithApp, settled, signedUp, uniqueEmail, useEmulator } from "./helpers";

const emulator = useEmulator();
const TOGGLE = { name: "Toggle latchkey dev tools" };

const nodeEnv = process.env.NODE_ENV;
beforeEach(() => {
  process.env.NODE_ENV = "development";
});
afterEach(() => {
  process.env.NODE_ENV = nodeEnv;
});

/** Waits, inside act (the dev tools load and read while suspended), until `found` gives an element. */
async function until<T>(found: () => T | null): Promise<T> {
  for (let i = 0; i < 300; i++) {
    const value = found();
    if (value) return value;
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  }
  throw new Error("not found in time");
}

/** Waits until the dev tools' module has loaded and rendered. */
const loaded = () => until(() => screen.queryByRole("button", TOGGLE));

/** Opens the panel and returns it. */
async function openPanel() {
  await loaded();
  fireEvent.click(await screen.findByRole("button", TOGGLE));
  return screen.getByRole("region", { name: "latchkey dev tools" });
}

/** Selects the tab named `name` and returns its panel. */
function selectTab(panel: HTMLElement, name: string) {
  fireEvent.click(within(panel).getByRole("tab", { name }));
  return within(panel).getByRole("tabpanel");
}

test("in development the provider mounts a collapsed toggle; Escape closes the panel and focus returns to it", async () => {
  const { app } = appFor(emulator.current);
  renderWithApp(app, <p>Page</p>);
  await loaded();
  const toggle = await screen.findByRole("button", TOGGLE);
  expect(toggle.getAttribute("aria-expanded")).toBe("false");
  expect(screen.queryByRole("region", { name: "latchkey dev tools" })).toBeNull();
  fireEvent.click(toggle);
  const panel = screen.getByRole("region", { name: "latchkey dev tools" });
  expect(toggle.getAttribute("aria-expanded")).toBe("true");
  expect(within(panel).getAllByRole("tab").map((t) => t.textContent)).toEqual(["User", "Project", "Requests"]);
  await until(() => within(panel).queryByText("Not signed in."));
  // The tabs move with the arrow keys.
  const userTab = within(panel).getByRole("tab", { name: "User" });
  userTab.focus();
  fireEvent.keyDown(userTab, { key: "ArrowRight" });
  expect(within(panel).getByRole("tab", { name: "Project" }).getAttribute("aria-selected")).toBe("true");
  expect(document.activeElement).toBe(within(panel).getByRole("tab", { name: "Project" }));
  await until(() => within(panel).queryByLabelText("Project settings"));
  fireEvent.keyDown(document.activeElement!, { key: "Escape" });
  expect(screen.queryByRole("region", { name: "latchkey dev tools" })).toBeNull();
  expect(document.activeElement).toBe(toggle);
});

test("no dev tools in production, with devTool={false} or with the app option devTool: false", async () => {
  const { app } = appFor(emulator.current);
  process.env.NODE_ENV = "production";
  const prod = renderWithApp(app, <p>Production page</p>);
  await settled();
  expect(screen.getByText("Production page")).toBeTruthy();
  expect(screen.queryByRole("button", TOGGLE)).toBeNull();
  prod.unmount();

  process.env.NODE_ENV = "development";
  const { LatchkeyProvider } = await import("../../src/react/index");
  const { render } = await import("@testing-library/react");
  const off = render(<LatchkeyProvider app={app} devTool={false}><p>Off by prop</p></LatchkeyProvider>);
  await settled();
  expect(screen.getByText("Off by prop")).toBeTruthy();
  expect(screen.queryByRole("button", TOGGLE)).toBeNull();
  off.unmount();

  const { app: quiet } = appFor(emulator.current, { devTool: false });
  renderWithApp(quiet, <p>Off by option</p>);
  await settled();
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(screen.getByText("Off by option")).toBeTruthy();
  expect(screen.queryByRole("button", TOGGLE)).toBeNull();
});

test("User shows the signed-in user and the access token's claims, its expiry counting down", async () => {
  const { app } = appFor(emulator.current);
  const { email } = await signedUp(app);
  const user = await app.getUser({ or: "throw" });
  renderWithApp(app, <p>Page</p>);
  const panel = await openPanel();
  const tab = within(panel).getByRole("tabpanel");
  const claims = await until(() => within(tab).queryByLabelText("Access token claims"));
  const shown = within(within(tab).getByLabelText("User"));
  expect(shown.getByText(`${email} (not verified)`)).toBeTruthy();
  expect(shown.getByText(user.id)).toBeTruthy();
  const terms = within(claims).getAllByRole("term").map((t) => t.textContent);
  expect(terms).toEqual(expect.arrayContaining(["sub", "exp", "iat"]));
  const sub = within(claims).getAllByRole("definition")[terms.indexOf("sub")];
  expect(sub.textContent).toBe(user.id);
  const timer = within(tab).getByRole("timer", { name: "Access token expires in" });
  const seconds = () => Number(/Expires in (\d+) s/.exec(timer.textContent ?? "")?.[1]);
  const first = seconds();
  expect(first).toBeGreaterThan(0);
  await act(() => new Promise((resolve) => setTimeout(resolve, 2100)));
  expect(seconds()).toBeLessThan(first);
});

test("User says so when nobody is signed in", async () => {
  const { app } = appFor(emulator.current);
  renderWithApp(app, <p>Page</p>);
  const panel = await openPanel();
  await until(() => within(within(panel).getByRole("tabpanel")).queryByText("Not signed in."));
});

test("Project shows the project's sign-in settings", async () => {
  const { app } = appFor(emulator.current);
  const project = await app.getProject();
  renderWithApp(app, <p>Page</p>);
  const tab = selectTab(await openPanel(), "Project");
  const settings = await until(() => within(tab).queryByLabelText("Project settings"));
  const rows = Object.fromEntries(
    within(settings)
      .getAllByRole("term")
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );
  expect(rows).toMatchObject({
    Project: `${project.displayName} (${project.id})`,
    "Sign-up": project.config.signUpEnabled ? "on" : "off",
    Password: project.config.credentialEnabled ? "on" : "off",
    "Magic link": project.config.magicLinkEnabled ? "on" : "off",
    Passkey: project.config.passkeyEnabled ? "on" : "off",
    "OAuth providers": project.config.oauthProviders.map((p) => p.id).join(", ") || "none",
  });
});

test("Requests lists a failing call with its status and known error code", async () => {
  const { app } = appFor(emulator.current);
  renderWithApp(app, <p>Page</p>);
  const panel = await openPanel();
  const attempt = await act(() => app.signInWithCredential({ email: uniqueEmail("nobody"), password: "not-the-password", noRedirect: true }));
  expect(attempt.status).toBe("error");
  const tab = selectTab(panel, "Requests");
  const table = within(tab).getByRole("table", { name: "Requests" });
  const row = within(table).getByRole("row", { name: /POST \/auth\/password\/sign-in/ });
  const cells = within(row).getAllByRole("cell").map((c) => c.textContent);
  expect(cells[2]).toBe("400");
  expect(cells[3]).toBe("EMAIL_PASSWORD_MISMATCH");
  expect(cells[0]).toMatch(/\d+ ms\)$/);
});

test("Outbox (the app talks to the emulator) lists the e-mails sent, each with a link to its action", async () => {
  const { app } = appFor(emulator.current);
  const { email } = await signedUp(app);
  renderWithApp(app, <p>Page</p>);
  const panel = await openPanel();
  const outboxTab = await until(() => within(panel).queryByRole("tab", { name: "Outbox" }));
  await act(() => app.sendForgotPasswordEmail(email, { callbackUrl: "http://localhost/handler/password-reset" }));
  fireEvent.click(outboxTab);
  const tab = within(panel).getByRole("tabpanel");
  const link = await until(() => within(tab).queryByRole("link", { name: /^Reset password: / }));
  const url = new URL(link.getAttribute("href")!);
  expect(url.pathname).toBe("/handler/password-reset");
  expect(url.searchParams.get("code")).toBeTruthy();
  // The same link the emulator's outbox holds for that e-mail.
  const { items } = (await (await fetch(`${emulator.current.url}/emulator/outbox?to=${encodeURIComponent(email)}&kind=password_reset`)).json()) as { items: { links: string[] }[] };
  expect(items.at(-1)!.links).toContain(link.getAttribute("href"));
});

test("no Outbox tab when the app's API is not the emulator", async () => {
  const { app } = appFor(emulator.current, {
    // An API whose /emulator/info is not found, as on the real platform.
    fetch: async (input, init) => (String(input).includes("/emulator/info") ? new Response("Not found", { status: 404 }) : fetch(input, init)),
  });
  renderWithApp(app, <p>Page</p>);
  const panel = await openPanel();
  await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
  expect(within(panel).queryByRole("tab", { name: "Outbox" })).toBeNull();
});

test("the open panel has no axe violations", async () => {
  const { app } = appFor(emulator.current);
  await signedUp(app);
  const { container } = renderWithApp(app, <main><p>Page</p></main>);
  const panel = await openPanel();
  await until(() => within(panel).queryByLabelText("Access token claims"));
  const { expectNoAxeViolations } = await import("./axe");
  await expectNoAxeViolations(container.ownerDocument.body);
});
