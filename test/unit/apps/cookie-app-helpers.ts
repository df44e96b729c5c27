// Helpers of the cookie-protocol tests (jsdom): what a ClientApp with the cookie store writes to document.cookie.
import type { ClientApp } from "../../../src/index";
import { PROJECT } from "../../helpers/http";
import { fakeAccessToken, fakeRefreshToken } from "../../helpers/tokens";

/** Records every raw `document.cookie = …` string from now on (the browser still stores them). */
export function cookieWrites(): string[] {
  const written: string[] = [];
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, "cookie")!;
  jest.spyOn(document, "cookie", "set").mockImplementation((value: string) => {
    written.push(value);
    descriptor.set!.call(document, value);
  });
  return written;
}

/** A ClientApp with tokenStore "cookie" that signs in with a password against a fake fetch. */
export async function signInThroughApp(App: typeof ClientApp): Promise<ClientApp> {
  const tokens = { access_token: fakeAccessToken(600), refresh_token: fakeRefreshToken(), user_id: "u1" };
  const fetch = (async () => new Response(JSON.stringify(tokens), { headers: { "content-type": "application/json" } })) as unknown as typeof globalThis.fetch;
  const app = new App({ projectId: PROJECT, baseUrl: "https://api.example.test", tokenStore: "cookie", fetch, redirectMethod: "none" });
  const result = await app.signInWithCredential({ email: "a@b.co", password: "12345678", noRedirect: true });
  if (result.status !== "ok") throw new Error("sign-in failed");
  return app;
}
