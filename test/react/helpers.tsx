// Shared setup of the React tests: an emulator, apps of its demo project, and rendering inside the provider.
// Tests using it run in jsdom: `@jest-environment ./test/support/jsdom-env.cjs`.
import { recordLeaving } from "../helpers/navigations";
import { act, configure, render, screen } from "@testing-library/react";
import { Suspense } from "react";
import type { ReactElement, ReactNode } from "react";
import { ClientApp } from "../../src/index";
import type { ClientAppOptions } from "../../src/index";
import { LatchkeyProvider } from "../../src/react/index";
import type { TranslationOverrides } from "../../src/react/index";
import { startTestEmulator, uniqueEmail } from "../helpers/emulator";
import type { Emulator } from "../helpers/emulator";

export { uniqueEmail };
export type { Emulator };

// React warns unless it knows the test environment wraps updates in act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// findBy* and waitFor wait for what a test expects to appear. Testing Library gives up after 1 s, which a busy
// machine running several test files at once can exceed between an emulator answer and the re-render (a role
// query over a settings page alone takes a few hundred ms there); 5 s waits out the load, never a wrong page.
configure({ asyncUtilTimeout: 5000 });

/** Starts one emulator for the file (beforeAll/afterAll); read `.current` inside tests. */
export function useEmulator(options: Parameters<typeof startTestEmulator>[0] = {}): { current: Emulator } {
  const holder = {} as { current: Emulator };
  beforeAll(async () => {
    holder.current = await startTestEmulator(options);
  });
  afterAll(() => holder.current?.stop());
  return holder;
}

/** A client app of the emulator's demo project, memory token store, recording its navigations (the newest app's). */
export function appFor(emulator: Emulator, options: ClientAppOptions = {}) {
  const navigations: string[] = [];
  // A URL on another origin (an OAuth provider) leaves the page instead of going through `navigate`.
  recordLeaving((url) => void navigations.push(url));
  const app = new ClientApp({
    projectId: emulator.projectId,
    publishableClientKey: emulator.keys.publishableClientKey,
    baseUrl: emulator.url,
    tokenStore: "memory",
    noAutomaticPrefetch: true,
    redirectMethod: { navigate: (url) => void navigations.push(url) },
    retry: { sleep: async () => {}, random: () => 0.5 },
    ...options,
  });
  return { app, navigations };
}

/** Signs a new user up in `app` (no redirect) and returns their e-mail and password. */
export async function signedUp(app: ClientApp, email = uniqueEmail("react")) {
  const password = "correct-horse-battery";
  const result = await app.signUpWithCredential({ email, password, noRedirect: true, noVerificationCallback: true });
  if (result.status !== "ok") throw result.error;
  return { email, password };
}

/**
 * `ui` inside `<LatchkeyProvider app>` (with `translationOverrides` and `lang` when given) and a Suspense boundary
 * whose fallback is a "Loading" status.
 */
export function renderWithApp(
  app: ClientApp,
  ui: ReactNode,
  translationOverrides?: TranslationOverrides,
  lang?: string,
): { container: HTMLElement; unmount: () => void; rerender: (node: ReactNode) => void } {
  const wrap = (node: ReactNode): ReactElement => (
    <LatchkeyProvider app={app} translationOverrides={translationOverrides} lang={lang}>
      <Suspense fallback={<p role="status">Loading</p>}>{node}</Suspense>
    </LatchkeyProvider>
  );
  const result = render(wrap(ui));
  return { container: result.container, unmount: result.unmount, rerender: (node: ReactNode) => result.rerender(wrap(node)) };
}

/** Waits until nothing suspends any more (the "Loading" fallback is gone). */
export async function settled() {
  for (let i = 0; i < 200 && screen.queryAllByText(/^Loading/).length; i++) {
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  }
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}
