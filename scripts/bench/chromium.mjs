// How the bench and the screenshot script start Chromium: Debian's browser, headless.
//
// Chromium 156 opens its omnibox pop-up in every new window, headless too: two WebUI pages
// (chrome://omnibox-popup.top-chrome/), a renderer each, loading beside the page under test. On two cores that took
// CPU from every timed load, the faster page losing the larger share: the sign-in race measured latchkey at 179-206 ms
// and the official UI at 600-640 ms with it, 123 ms and 510 ms without. No visitor's browser does this on a page load.

/** The Chromium binary: LATCHKEY_CHROMIUM, else Debian's. */
export const CHROMIUM = process.env.LATCHKEY_CHROMIUM ?? "/usr/bin/chromium";

/** Command-line switches for a headless, quiet Chromium. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-dev-shm-usage",
  "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup",
];
