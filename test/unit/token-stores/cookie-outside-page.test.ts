// Plain Node (no jsdom): the cookie store has no page to work in.
import { ArgumentError, ClientApp } from "../../../src/index";
import { createCookieTokenStore } from "../../../src/token-stores/cookie";
import { createNextjsCookieTokenStore } from "../../../src/token-stores/nextjs-cookie";
import { resolveTokenStore } from "../../../src/token-stores/resolve";
import { caught, PROJECT } from "../../helpers/http";
import { fakeAccessToken, fakeRefreshToken } from "../../helpers/tokens";
import { PID } from "./helpers";

function thrown(create: () => unknown): any {
  try {
    create();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

/** The message names what to use instead of the cookie store. */
function expectAlternatives(error: any) {
  expect(ArgumentError.isInstance(error)).toBe(true);
  expect(error).not.toBeInstanceOf(ReferenceError);
  expect(error.message).toMatch(/"cookie" token store only works in a browser page/);
  expect(error.message).toContain('"memory"');
  expect(error.message).toContain("the incoming request");
  expect(error.message).toContain("{ accessToken, refreshToken }");
  expect(error.message).toContain('"nextjs-cookie" on a Next.js server');
}

test("in Node the cookie store is an ArgumentError that names the stores to use instead", () => {
  expect(typeof document).toBe("undefined");
  expectAlternatives(thrown(() => createCookieTokenStore({ projectId: PID })));
  expectAlternatives(thrown(() => resolveTokenStore("cookie", { projectId: PID })));
});

describe("with a DOM shim that has a document but no location (server rendering)", () => {
  beforeEach(() => Object.defineProperty(globalThis, "document", { value: { cookie: "" }, configurable: true }));
  afterEach(() => delete (globalThis as { document?: unknown }).document);

  test("the cookie store throws the ArgumentError, not a ReferenceError on location", () => {
    expect(typeof location).toBe("undefined");
    expectAlternatives(thrown(() => createCookieTokenStore({ projectId: PID })));
  });

  test('"nextjs-cookie" takes its server path instead of the cookie store', () => {
    const store = createNextjsCookieTokenStore({ projectId: PID });
    expect(store.subscribe).toBeUndefined(); // the browser variant (the cookie store) has subscribe
  });
});

describe('a ClientApp created with tokenStore: "cookie" outside a browser', () => {
  const app = () => new ClientApp({ projectId: PROJECT, baseUrl: "https://api.example.test", tokenStore: "cookie" });

  test("can be created (a module shared with server rendering), and says what to use when its store is needed", async () => {
    expect(app).not.toThrow();
    expectAlternatives(await caught(app().getUser()));
    expectAlternatives(await caught(app().getAccessToken()));
  });

  test("works with a store given per call", async () => {
    const tokens = { accessToken: fakeAccessToken(600), refreshToken: fakeRefreshToken() };
    expect(await app().getAccessToken({ tokenStore: tokens })).toBe(tokens.accessToken);
  });

  test("a misspelt store name is still refused when the app is created", () => {
    expect(() => new ClientApp({ projectId: PROJECT, tokenStore: "cookies" as never })).toThrow(ArgumentError);
  });
});
