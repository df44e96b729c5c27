/**
 * @jest-environment ./test/support/jsdom-env.cjs
 */
// The handler's OAuth callback page at the app's end of a cross-domain hand-off: with the hand-off marker (either
// family) it is the app's own page even where the app's OAuth callback is hosted; without it, it goes there.
import { screen, waitFor } from "@testing-library/react";
import { LatchkeyHandler } from "../../src/react/index";
import { readHandoffParams } from "../../src/urls/cross-domain-params";
import { at } from "./flow-helpers";
import { appFor, renderWithApp, useEmulator } from "./helpers";

const emulator = useEmulator();
afterEach(() => at("/"));

test.each(["hexclave_cross_domain_auth", "stack_cross_domain_auth"])("with %s=1 the callback runs here, not on the hosted page", async (marker) => {
  const { app, navigations } = appFor(emulator.current, { urls: { default: { type: "hosted" } } });
  renderWithApp(app, <LatchkeyHandler location={`/handler/oauth-callback?${marker}=1`} />);
  // No code in this address: the local callback page runs and reports it.
  await screen.findByRole("heading", { level: 1, name: "Signing in failed" });
  expect(navigations).toEqual([]);
});

test("without the marker, a hosted OAuth callback is redirected to", async () => {
  const { app, navigations } = appFor(emulator.current, { urls: { default: { type: "hosted" } } });
  renderWithApp(app, <LatchkeyHandler location="/handler/oauth-callback?x=1" />);
  await waitFor(() => expect(navigations).toEqual([`https://${emulator.current.projectId}.built-with-stack-auth.com/handler/oauth-callback?x=1`]));
});

test("the handler's sign-in page, hosted elsewhere, sends the user there with a hand-off back to the requested page", async () => {
  const { app, navigations } = appFor(emulator.current, { urls: { signIn: { type: "hosted" } } });
  at("/handler/sign-in?after_auth_return_to=%2Fcart");
  renderWithApp(app, <LatchkeyHandler />);
  await waitFor(() => expect(navigations).toHaveLength(1));
  const hosted = new URL(navigations[0]);
  expect(hosted.origin + hosted.pathname).toBe(`https://${emulator.current.projectId}.built-with-stack-auth.com/handler/sign-in`);
  const params = readHandoffParams(hosted.searchParams);
  expect(params.afterCallbackRedirectUrl).toBe("http://localhost/cart");
  expect(document.cookie).toContain(`stack-oauth-outer-${params.state}=`);
  const callback = new URL(hosted.searchParams.get("after_auth_return_to")!);
  expect([callback.origin + callback.pathname, callback.searchParams.get("stack_cross_domain_auth")]).toEqual(["http://localhost/handler/oauth-callback", "1"]);
});
