/**
 * How each redirect method navigates (src/urls/redirect.ts): a router gets only paths on the page's own origin, a URL
 * on another origin leaves with the browser's own navigation; "nextjs" sets window.location in a browser and calls
 * Next's redirect() on a server that latchkey/next gave it; an app checks its redirectMethod when it is made.
 * The browser page is a stand-in (`window` and `document` globals), so window.location.assign can be watched.
 */
import { ClientApp } from "../../../src/apps/client-app";
import { stackAppInternalsSymbol } from "../../../src/compat/internals";
import { ArgumentError } from "../../../src/errors/base";
import { defaultRedirectMethod, hookNavigators, provideServerRedirect } from "../../../src/urls/redirect";
import { canNavigate, navigate } from "../../../src/urls/navigate";
import type { RedirectMethod } from "../../../src/urls/redirect";

const PROJECT = "3f9c2a6e-7b41-4d8a-9e05-1c2b3d4e5f60";
const g = globalThis as Record<string, unknown>;

function fakePage(href = "http://localhost:3000/handler/sign-in") {
  const location = { href, origin: new URL(href).origin, assign: jest.fn(), replace: jest.fn() };
  g.window = { location };
  g.document = {};
  return location;
}
afterEach(() => {
  delete g.window;
  delete g.document;
});

describe("in a browser page", () => {
  test("{ navigate }: same-origin URLs go through the router, another origin leaves with window.location", async () => {
    const location = fakePage();
    const routed: string[] = [];
    const method: RedirectMethod = { navigate: (url) => void routed.push(url) };
    await navigate(method, "/protected");
    await navigate(method, "http://localhost:3000/account?x=1");
    void navigate(method, "https://github.com/login/oauth/authorize?client_id=x");
    expect(routed).toEqual(["/protected", "http://localhost:3000/account?x=1"]);
    expect(location.assign).toHaveBeenCalledWith("https://github.com/login/oauth/authorize?client_id=x");
    void navigate(method, "http://localhost:8102/emulator/oauth/github/authorize?state=s", true);
    expect(location.replace).toHaveBeenCalledWith("http://localhost:8102/emulator/oauth/github/authorize?state=s");
    expect(routed).toHaveLength(2);
  });

  test("{ useNavigate }: the router hook's function gets same-origin paths only", async () => {
    const location = fakePage();
    const routed: string[] = [];
    const method = { useNavigate: () => (url: string) => void routed.push(url) };
    hookNavigators.set(method, (url) => void routed.push(url));
    await navigate(method, "/handler/sign-up");
    void navigate(method, "https://accounts.google.com/o/oauth2/v2/auth");
    expect(routed).toEqual(["/handler/sign-up"]);
    expect(location.assign).toHaveBeenCalledWith("https://accounts.google.com/o/oauth2/v2/auth");
  });

  test('"nextjs" sets window.location, and is what a new app gets only on a server latchkey/next set up', () => {
    const location = fakePage();
    void navigate("nextjs", "/after");
    expect(location.assign).toHaveBeenCalledWith("/after");
    expect(defaultRedirectMethod()).toBe("window");
  });
});

describe("on a server", () => {
  test('"nextjs" cannot navigate until latchkey/next gives it Next\'s redirect(), which then throws Next\'s redirect error', async () => {
    expect(defaultRedirectMethod()).toBe("none");
    expect(canNavigate("nextjs")).toBe(false);
    await expect(navigate("nextjs", "/handler/sign-in")).resolves.toBe(false);

    class NextRedirect extends Error {}
    const redirect = jest.fn((url: string): never => {
      throw new NextRedirect(`NEXT_REDIRECT;${url}`);
    });
    provideServerRedirect(redirect);
    expect(defaultRedirectMethod()).toBe("nextjs");
    expect(canNavigate("nextjs")).toBe(true);
    await expect(navigate("nextjs", "/handler/sign-in")).rejects.toThrow(NextRedirect);
    expect(redirect).toHaveBeenCalledWith("/handler/sign-in");
    // An app made now, without a redirectMethod, has "nextjs" (as the official Next.js package's apps do).
    expect(new ClientApp({ projectId: PROJECT, tokenStore: null })[stackAppInternalsSymbol].getRedirectMethod()).toBe("nextjs");
  });
});

test("an app refuses a redirectMethod it does not know, before anything else", () => {
  for (const bad of ["router", "", 3, {}, { navigate: "/x" }, null]) {
    expect(() => new ClientApp({ projectId: PROJECT, tokenStore: null, redirectMethod: bad as never })).toThrow(ArgumentError);
  }
  expect(() => new ClientApp({ projectId: PROJECT, tokenStore: null, redirectMethod: "router" as never })).toThrow(
    'Invalid redirectMethod ("router"): expected "window", "none", "nextjs", { navigate } or { useNavigate }.',
  );
  for (const good of ["window", "none", "nextjs", { navigate: () => {} }, { useNavigate: () => () => {} }] as RedirectMethod[]) {
    expect(() => new ClientApp({ projectId: PROJECT, tokenStore: null, redirectMethod: good })).not.toThrow();
  }
});
