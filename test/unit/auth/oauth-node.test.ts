// Outside a browser page (Node): the OAuth flows refuse at once, naming the reason, and send nothing.
import { ArgumentError } from "../../../src/index";
import { testClientApp } from "../../helpers/app";
import { caught } from "../../helpers/http";

const noFetch = (async () => {
  throw new Error("no request may be sent");
}) as unknown as typeof fetch;

test.each([
  ["signInWithOAuth", (app: ReturnType<typeof testClientApp>["app"]) => app.signInWithOAuth("github")],
  ["callOAuthCallback", (app: ReturnType<typeof testClientApp>["app"]) => app.callOAuthCallback()],
])("%s outside a browser is an ArgumentError", async (method, call) => {
  const { app } = testClientApp({ fetch: noFetch });
  const error = await caught(call(app));
  expect(ArgumentError.isInstance(error) && error.message).toBe(
    `${method} only works in a browser page: the OAuth flow navigates the window and keeps its verifier in a cookie.`,
  );
});
