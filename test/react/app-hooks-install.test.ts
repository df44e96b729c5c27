// The app hooks (`app.useUser()`, `app.useProject()`, …) are methods of the app's class, as in the official SDK:
// the provider installs them on the class's prototype once, not on each app, and never over a member the class
// (or a subclass of the user's) defines itself. Each level gets its own: a ServerApp's `useUser` takes a user id.
import { AdminApp, ClientApp, ServerApp } from "../../src/index";
import { installAppHooks } from "../../src/react/hooks/app-hooks";

const projectId = "00000000-0000-4000-8000-000000000001";
const client = () => new ClientApp({ projectId, publishableClientKey: "pck_x", tokenStore: "memory", noAutomaticPrefetch: true });
const server = () => new ServerApp({ projectId, publishableClientKey: "pck_x", secretServerKey: "ssk_x", tokenStore: "memory" });
const admin = () => new AdminApp({ projectId, superSecretAdminKey: "sak_x", tokenStore: "memory" });

test("a client app's hooks are its class's methods: none on the app itself, and every app of the class has them", () => {
  const first = client();
  installAppHooks(first);
  expect(Object.getOwnPropertyNames(first).filter((name) => name.startsWith("use"))).toEqual([]);
  expect(Object.keys(ClientApp.prototype)).toEqual([]); // not enumerable, as class methods
  const second = client() as ClientApp & { useProject?: unknown; useAccessToken?: unknown };
  expect(typeof second.useProject).toBe("function");
  expect(second.useAccessToken).toBe((first as ClientApp & { useAccessToken: unknown }).useAccessToken);
});

test("a ServerApp and an AdminApp get their level's hooks over the client ones; a client app keeps the client useUser", () => {
  const s = server();
  const a = admin();
  const c = client();
  for (const app of [c, s, a]) installAppHooks(app);
  const hooks = (app: object) => app as Record<string, unknown>;
  expect(typeof hooks(s).useUsers).toBe("function");
  expect(hooks(s).useInternalApiKeys).toBeUndefined();
  expect(typeof hooks(a).useInternalApiKeys).toBe("function");
  expect(hooks(c).useUsers).toBeUndefined();
  expect(hooks(s).useUser).not.toBe(hooks(c).useUser);
  expect(hooks(a).useProject).not.toBe(hooks(s).useProject);
});

test("a member a subclass defines itself is kept, and its siblings still get the hooks", () => {
  class MyApp extends ClientApp {
    useProject() {
      return "mine";
    }
  }
  const app = new MyApp({ projectId, publishableClientKey: "pck_x", tokenStore: "memory", noAutomaticPrefetch: true });
  installAppHooks(app);
  expect(app.useProject()).toBe("mine");
  expect(typeof (app as MyApp & { useAuthJson?: unknown }).useAuthJson).toBe("function");
});
