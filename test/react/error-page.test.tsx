/**
 * @jest-environment ./test/support/jsdom-env.cjs
 */
import { act, fireEvent, screen } from "@testing-library/react";
import { ErrorPage } from "../../src/react/index";
import { expectNoAxeViolations } from "./axe";
import { at } from "./flow-helpers";
import { appFor, renderWithApp, useEmulator } from "./helpers";

const emulator = useEmulator();

test("reads errorCode, message and details from the address and says what happened, with sign in again and home", async () => {
  const { app, navigations } = appFor(emulator.current);
  const query = new URLSearchParams({ errorCode: "OAUTH_PROVIDER_ACCESS_DENIED", message: "The OAuth provider denied access.", details: "{}" });
  at(`/handler/error?${query}`);
  const { container } = renderWithApp(app, <ErrorPage fullPage />);
  expect(screen.getByRole("heading", { level: 1, name: "Sign-in cancelled" })).toBeTruthy();
  expect(screen.getByText("The sign-in was cancelled or refused at the provider.")).toBeTruthy();
  expect(screen.getByText("Error code: OAUTH_PROVIDER_ACCESS_DENIED")).toBeTruthy();
  expect(screen.getByRole("link", { name: "Sign in again" }).getAttribute("href")).toBe("/handler/sign-in");
  expect(screen.getByRole("link", { name: "Go home" }).getAttribute("href")).toBe("/");
  await expectNoAxeViolations(container);
  // With a router (redirectMethod { navigate }), the link navigates through it.
  await act(async () => fireEvent.click(screen.getByRole("link", { name: "Go home" })));
  expect(navigations).toEqual(["/"]);
});

test("an account connected to another user gets its own title and sentence", async () => {
  const { app } = appFor(emulator.current);
  const searchParams = { errorCode: "OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER", message: "This OAuth account is already connected to another user." };
  const { container } = renderWithApp(app, <ErrorPage searchParams={searchParams} />);
  expect(screen.getByRole("heading", { name: "Failed to connect account" })).toBeTruthy();
  expect(screen.getByText("This account is already connected to another user. Please connect a different account.")).toBeTruthy();
  expect(screen.queryByRole("link", { name: "Sign in again" })).toBeNull();
  await expectNoAxeViolations(container);
});

test("a code without a sentence of ours shows the platform's message; malformed details are ignored", () => {
  const { app } = appFor(emulator.current);
  const searchParams = { errorCode: "SOMETHING_NEWER", message: "A newer platform error.", details: "{not json" };
  renderWithApp(app, <ErrorPage searchParams={searchParams} />);
  expect(screen.getByRole("heading", { name: "Something went wrong" })).toBeTruthy();
  expect(screen.getByText("A newer platform error.")).toBeTruthy();
  expect(screen.getByText("Error code: SOMETHING_NEWER")).toBeTruthy();
});

test("an address without an error shows an unknown error with a link home", async () => {
  const { app } = appFor(emulator.current);
  at("/handler/error?errorCode=OAUTH_PROVIDER_ACCESS_DENIED");
  const { container } = renderWithApp(app, <ErrorPage />);
  expect(screen.getByRole("heading", { name: "An unknown error occurred" })).toBeTruthy();
  expect(screen.getByRole("link", { name: "Go home" })).toBeTruthy();
  await expectNoAxeViolations(container);
});

test("the words follow translationOverrides", () => {
  const { app } = appFor(emulator.current);
  renderWithApp(app, <ErrorPage searchParams={{}} />, { "An unknown error occurred": "Une erreur inconnue", "Go home": "Accueil" });
  expect(screen.getByRole("heading", { name: "Une erreur inconnue" })).toBeTruthy();
  expect(screen.getByRole("link", { name: "Accueil" })).toBeTruthy();
});
