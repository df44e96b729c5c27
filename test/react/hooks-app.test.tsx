/**
 * @jest-environment ./test/support/jsdom-env.cjs
 */
// The app's hooks (useProject, useUser with each `or` and includeRestricted, the token hooks, useNavigate) and
// the redirect methods a provider navigates with, including the router-hook form `{ useNavigate }`.
import { act, screen, waitFor } from "@testing-library/react";
import { createContext, useContext } from "react";
import type { ReactNode } from "react";
import { AdminApp } from "../../src/index";
import type { ClientAppOptions, GetUserOptions } from "../../src/index";
import { LatchkeyProvider, UserButton, useApp, useUser } from "../../src/react/index";
import { codeFromOutbox } from "../helpers/emulator";
import { keyed } from "../integration/team-helpers";
import { appFor, renderWithApp, settled, signedUp, uniqueEmail, useEmulator } from "./helpers";
import { probe } from "./probe";

const emulator = useEmulator();
// useUser's type follows `or`; the probes show any user (or null) the same way.
const who = (options?: GetUserOptions) => () => useUser(options) as ReturnType<typeof useUser> | null;
const shown = (user: { primaryEmail: string | null; isAnonymous: boolean; isRestricted: boolean } | null) =>
  user ? `${user.isAnonymous ? "anonymous" : user.primaryEmail}${user.isRestricted ? " (restricted)" : ""}` : "nobody";

describe("useUser", () => {
  test('or "return-null" (the default): null signed out, then the user after sign-in and each change, null after sign-out', async () => {
    const { app } = appFor(emulator.current);
    const p = await probe(app, who(), (u) => (u ? `${u.displayName ?? "-"} ${u.primaryEmail}` : "nobody"));
    expect(p.value()).toBe("nobody");
    let email = "";
    await p.after(async () => ({ email } = await signedUp(app)), /^- react-/);
    expect(p.value()).toBe(`- ${email}`);
    await p.after(async () => (await app.getUser({ or: "throw" })).update({ displayName: "Ada" }), `Ada ${email}`);
    await p.after(() => app.signOut(), "nobody");
    const explicit = await probe(app, who({ or: "return-null" }), (u) => String(u));
    expect(explicit.value()).toBe("null");
  });

  test('or "throw": the error reaches the error boundary when signed out', async () => {
    const { app } = appFor(emulator.current);
    jest.spyOn(console, "error").mockImplementation(() => {});
    const p = await probe(app, who({ or: "throw" }), (u) => u!.id);
    expect(p.value()).toMatch(/^error: No user is signed in/);
  });

  test('or "redirect": signed out it navigates to sign-in and keeps suspending', async () => {
    const { app, navigations } = appFor(emulator.current);
    await probe(app, who({ or: "redirect" }), (u) => u!.id);
    await waitFor(() => expect(navigations).toHaveLength(1));
    expect(navigations[0].startsWith(app.urls.signIn)).toBe(true);
    expect(screen.getByRole("status").textContent).toBe("Loading");
  });

  test('or "anonymous": signs an anonymous user up and shows them', async () => {
    const { app } = appFor(emulator.current);
    const p = await probe(app, who({ or: "anonymous" }), shown);
    await waitFor(() => expect(p.value()).toMatch(/^anonymous/));
    expect((await app.getUser({ or: "anonymous" })).isAnonymous).toBe(true);
    // An anonymous user is nobody to the default read.
    const plain = await probe(app, who(), shown);
    expect(plain.value()).toBe("nobody");
  });
});

describe("useUser with a project that requires e-mail verification", () => {
  const strict = useEmulator();
  beforeAll(async () => {
    expect((await keyed(strict.current, "admin", "PATCH", "/internal/projects/current", { require_email_verification: true })).status).toBe(200);
  });

  test("includeRestricted shows the restricted user, the default read does not; verifying shows them to both; redirect goes to onboarding", async () => {
    const { app, navigations } = appFor(strict.current);
    const email = uniqueEmail("restricted");
    const callback = "http://localhost:3000/handler/email-verification";
    expect((await app.signUpWithCredential({ email, password: "verify me first", noRedirect: true, verificationCallbackUrl: callback })).status).toBe("ok");
    const plain = await probe(app, who(), shown);
    const restricted = await probe(app, who({ includeRestricted: true }), shown);
    expect(plain.value()).toBe("nobody");
    expect(restricted.value()).toBe(`${email} (restricted)`);
    await probe(app, who({ or: "redirect" }), shown);
    await waitFor(() => expect(navigations).toHaveLength(1));
    expect(navigations[0].startsWith(app.urls.onboarding)).toBe(true);
    await restricted.after(async () => app.verifyEmail(await codeFromOutbox(strict.current, email, /verif/i)), email);
    await plain.after(async () => {}, email);
  });
});

test("useAccessToken, useRefreshToken, useAuthorizationHeader and useAuthJson follow sign-in and sign-out", async () => {
  const { app } = appFor(emulator.current);
  const token = await probe(app, () => useApp().useAccessToken(), (t) => (t ? "token" : "none"));
  const refresh = await probe(app, () => useApp().useRefreshToken(), (t) => (t ? "refresh" : "none"));
  const header = await probe(app, () => useApp().useAuthorizationHeader(), (h) => (h ? h.split(" ")[0] : "none"));
  const json = await probe(app, () => useApp().useAuthJson(), (j) => `${!!j.accessToken},${!!j.refreshToken}`);
  expect([token.value(), refresh.value(), header.value(), json.value()]).toEqual(["none", "none", "none", "false,false"]);
  await token.after(() => signedUp(app), "token");
  await refresh.after(async () => {}, "refresh");
  await header.after(async () => {}, "Bearer");
  await json.after(async () => {}, "true,true");
  expect(screen.getAllByRole("status", { name: "Value" }).length).toBe(4);
  await token.after(() => app.signOut(), "none");
  await refresh.after(async () => {}, "none");
  await header.after(async () => {}, "none");
  await json.after(async () => {}, "false,false");
});

test("useProject: the project; an AdminApp's, after project.update", async () => {
  const client = await probe(appFor(emulator.current).app, () => useApp().useProject(), (p) => p.displayName);
  expect(client.value()).toBe("Latchkey Demo");
  const admin = new AdminApp({ projectId: emulator.current.projectId, baseUrl: emulator.current.url, superSecretAdminKey: emulator.current.keys.superSecretAdminKey, tokenStore: null });
  const p = await probe(admin, () => useApp<AdminApp>().useProject(), (project) => `${project.displayName}: ${project.config.signUpEnabled}`);
  expect(p.value()).toBe("Latchkey Demo: true");
  const project = await admin.getProject();
  try {
    await p.after(() => project.update({ displayName: "Renamed Demo" }), "Renamed Demo: true");
  } finally {
    await project.update({ displayName: "Latchkey Demo" });
  }
});

test("useNavigate: navigates the way the app's redirect method does, and refuses untrusted URLs", async () => {
  const { app, navigations } = appFor(emulator.current);
  let navigate: ((url: string) => Promise<void>) | undefined;
  await probe(app, () => (navigate = useApp().useNavigate()), () => "ready");
  await act(() => navigate!("/dashboard"));
  expect(navigations).toEqual(["/dashboard"]);
  await expect(navigate!("https://evil.example/")).rejects.toThrow(/not trusted/i);
});

describe("redirectMethod", () => {
  // A stand-in for a router: its useNavigate is a real hook (it reads the router's context).
  const Router = createContext<((url: string) => void) | null>(null);
  function routed(options: ClientAppOptions = {}) {
    const routes: string[] = [];
    let hookCalls = 0;
    const useNavigate = () => {
      hookCalls++;
      const push = useContext(Router);
      if (!push) throw new Error("useNavigate outside the router");
      return push;
    };
    const { app } = appFor(emulator.current, { redirectMethod: { useNavigate }, ...options });
    const wrap = (children: ReactNode) => (
      <Router.Provider value={(url) => void routes.push(url)}>
        <LatchkeyProvider app={app}>{children}</LatchkeyProvider>
      </Router.Provider>
    );
    return { app, routes, wrap, hookCalls: () => hookCalls };
  }

  test("{ useNavigate }: the provider calls the router's hook; a redirect from the core goes through what it returned", async () => {
    const { app, routes, wrap, hookCalls } = routed();
    const { render } = await import("@testing-library/react");
    const { Suspense } = await import("react");
    function Protected() {
      const user = useUser({ or: "redirect" });
      return <p>{user.primaryEmail}</p>;
    }
    render(wrap(<Suspense fallback={<p role="status">Loading</p>}><Protected /></Suspense>));
    expect(hookCalls()).toBeGreaterThan(0);
    await waitFor(() => expect(routes).toHaveLength(1));
    expect(routes[0].startsWith(app.urls.signIn)).toBe(true);
  });

  test("{ useNavigate }: signing out from the user button goes through the router", async () => {
    const { app, routes, wrap } = routed();
    await signedUp(app);
    const { render, fireEvent } = await import("@testing-library/react");
    render(wrap(<UserButton />));
    fireEvent.click(await screen.findByRole("button", { name: /^Account menu for/ }));
    fireEvent.click(screen.getByRole("menuitem", { name: "Sign out" }));
    await waitFor(() => expect(routes).toEqual([app.urls.afterSignOut]));
    expect(await app.getUser()).toBeNull();
  });

  test('"none": a redirecting read cannot navigate, so it throws to the error boundary', async () => {
    const { app } = appFor(emulator.current, { redirectMethod: "none" });
    jest.spyOn(console, "error").mockImplementation(() => {});
    const p = await probe(app, who({ or: "redirect" }), (u) => u!.id);
    expect(p.value()).toMatch(/cannot navigate here/);
  });

  test('"window" (the default in a browser page): navigating sets the page\'s location', async () => {
    const { app } = appFor(emulator.current, { redirectMethod: undefined });
    let navigate: ((url: string) => Promise<void>) | undefined;
    await probe(app, () => (navigate = useApp().useNavigate()), () => "ready");
    const done = navigate!("/#account"); // jsdom cannot leave the page, but follows a change of its hash
    await waitFor(() => expect(window.location.hash).toBe("#account"));
    await act(() => done);
  });
});
