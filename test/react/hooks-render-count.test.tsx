/**
 * @jest-environment ./test/support/jsdom-env.cjs
 */
// A mutation re-renders exactly the components that read what it changed, and never the others. Sibling
// components each read one hook (the user's name, teams, contact channels, API keys, the project); each counts
// its renders. They are memoised and get a stable user object, so a parent's render does not leak into them:
// only their own subscriptions can make them render.
import { act, screen, waitFor } from "@testing-library/react";
import { memo, useRef } from "react";
import { AdminApp } from "../../src/index";
import type { ClientApp } from "../../src/index";
import { useApp, useUser } from "../../src/react/index";
import type { UserHooks } from "../../src/react/index";
import { appFor, renderWithApp, settled, signedUp, uniqueEmail, useEmulator } from "./helpers";

const emulator = useEmulator();

type Part = "page" | "name" | "teams" | "channels" | "keys" | "project";
type HookedUser = UserHooks & { displayName: string | null };

function board() {
  const renders: Record<Part, number> = { page: 0, name: 0, teams: 0, channels: 0, keys: 0, project: 0 };
  const Name = memo(function Name() {
    renders.name++;
    return <p aria-label="Name">{useUser({ or: "throw" }).displayName}</p>;
  });
  const Teams = memo(function Teams({ user }: { user: HookedUser }) {
    renders.teams++;
    return <p aria-label="Teams">{user.useTeams().map((t) => t.displayName).sort().join(", ")}</p>;
  });
  const Channels = memo(function Channels({ user }: { user: HookedUser }) {
    renders.channels++;
    return <p aria-label="Channels">{user.useContactChannels().length}</p>;
  });
  const Keys = memo(function Keys({ user }: { user: HookedUser }) {
    renders.keys++;
    return <p aria-label="Keys">{user.useApiKeys().length}</p>;
  });
  const Project = memo(function Project() {
    renders.project++;
    return <p aria-label="Project">{useApp().useProject().displayName}</p>;
  });
  function Page() {
    renders.page++;
    // The hooks of a user object read by the user's id: the first object keeps serving fresh data.
    const user = useRef(useUser({ or: "throw" })).current;
    return (
      <>
        <Name />
        <Teams user={user} />
        <Channels user={user} />
        <Keys user={user} />
        <Project />
      </>
    );
  }
  return { renders, Page };
}

const text = (name: string) => screen.getByLabelText(name).textContent;

/** Runs `mutation`, waits until `done()` holds and a while more, and returns how many times each part rendered. */
async function rendersOf(renders: Record<Part, number>, mutation: () => Promise<unknown>, done: () => void) {
  const before = { ...renders };
  await act(async () => void (await mutation()));
  await waitFor(done, { timeout: 5000 });
  await act(() => new Promise((resolve) => setTimeout(resolve, 150))); // late reloads, if any, land now
  await settled();
  return Object.fromEntries(Object.entries(renders).map(([k, v]) => [k, v - before[k as Part]]).filter(([, v]) => v !== 0));
}

async function mounted(app: ClientApp) {
  const { renders, Page } = board();
  renderWithApp(app, <Page />);
  await settled();
  await waitFor(() => expect(text("Channels")).toBe("1"));
  return renders;
}

/** Each mutation re-renders only what read the data it changed (a re-render is at most two renders). */
function expectOnly(changed: Record<string, number>, parts: Part[]) {
  expect(Object.keys(changed).sort()).toEqual([...parts].sort());
  for (const part of parts) expect(changed[part]).toBeLessThanOrEqual(2);
}

test("a client app: name, teams, contact channels and API keys each re-render only their reader", async () => {
  const { app } = appFor(emulator.current);
  await signedUp(app);
  const renders = await mounted(app);
  const user = await app.getUser({ or: "throw" });

  expectOnly(await rendersOf(renders, () => user.update({ displayName: "Ada" }), () => expect(text("Name")).toBe("Ada")), ["page", "name"]);
  expectOnly(
    await rendersOf(renders, () => user.createContactChannel({ type: "email", value: uniqueEmail("work"), usedForAuth: false }), () => expect(text("Channels")).toBe("2")),
    ["channels"],
  );
  expectOnly(await rendersOf(renders, () => user.createApiKey({ description: "CI", expiresAt: null }), () => expect(text("Keys")).toBe("1")), ["keys"]);
  // A new team becomes the selected one: the user (which embeds it) changed too.
  const personal = (await user.listTeams())[0];
  expectOnly(await rendersOf(renders, () => user.createTeam({ displayName: "Rocket" }), () => expect(text("Teams")).toContain("Rocket")), ["teams", "page", "name"]);
  // Renaming a team that is not selected changes the team list only.
  expectOnly(await rendersOf(renders, () => personal.update({ displayName: "Zeppelin" }), () => expect(text("Teams")).toBe("Rocket, Zeppelin")), ["teams"]);
  // A write to data no part reads (the project's reader re-reads after any PATCH) re-renders nothing.
  const marketing = (await user.listNotificationCategories()).find((c) => c.name === "Marketing")!;
  expectOnly(await rendersOf(renders, () => marketing.setEnabled(false), () => undefined), []);
});

test("an admin app: a project change re-renders only the project's reader", async () => {
  const app = new AdminApp({
    projectId: emulator.current.projectId,
    baseUrl: emulator.current.url,
    superSecretAdminKey: emulator.current.keys.superSecretAdminKey,
    publishableClientKey: emulator.current.keys.publishableClientKey,
    tokenStore: "memory",
    noAutomaticPrefetch: true,
    redirectMethod: "none",
  });
  await signedUp(app);
  const renders = await mounted(app);
  const project = await app.getProject();
  try {
    expectOnly(await rendersOf(renders, () => project.update({ displayName: "Renamed Demo" }), () => expect(text("Project")).toBe("Renamed Demo")), ["project"]);
    const user = await app.getUser({ or: "throw" });
    expectOnly(await rendersOf(renders, () => user.update({ displayName: "Grace" }), () => expect(text("Name")).toBe("Grace")), ["page", "name"]);
    expectOnly(await rendersOf(renders, () => user.createApiKey({ description: "CI", expiresAt: null }), () => expect(text("Keys")).toBe("1")), ["keys"]);
  } finally {
    await project.update({ displayName: "Latchkey Demo" });
  }
});
