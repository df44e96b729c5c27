/**
 * Navigations in a jsdom page, for apps whose redirect method is a router stand-in `{ navigate }`: the router gets
 * same-origin URLs, and a URL on another origin leaves the page with `window.location`, which the test environment
 * reports as a "jsdom-navigation" event (test/support/jsdom-navigation.cjs). {@link recordLeaving} hands those URLs
 * to the same spy, so a test sees every navigation in order.
 * @example
 * const navigate = jest.fn();
 * recordLeaving(navigate);
 * const app = new ClientApp({ …, redirectMethod: { navigate } });
 */

let stopRecording: (() => void) | undefined;

/** Gives `navigate` the URLs the page is left for from now on, until the next call (the page has one location). */
export function recordLeaving(navigate: (url: string) => void): void {
  stopRecording?.();
  if (typeof window === "undefined") return; // no page to leave (a server render's test)
  const left = (e: Event) => navigate((e as CustomEvent<{ url: string }>).detail.url);
  window.addEventListener("jsdom-navigation", left);
  stopRecording = () => window.removeEventListener("jsdom-navigation", left);
}

/**
 * Resolves once `done()` holds, checked every 5 ms for up to 2 s. For navigations that leave the page, whose promise
 * then waits out the page's last moments (2 s) instead of settling.
 */
export async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !done(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(done()).toBe(true);
}
