import { existsSync } from "node:fs";
import { chromium } from "playwright-core";
import type { Browser, Page } from "playwright-core";

/**
 * Debian's Chromium: its headless shell (`apt-get install -y chromium-headless-shell`, the build made for automation,
 * which needs about half the CPU of the full browser per test) when it is installed, else the full browser
 * (`apt-get install -y chromium`). `.ci/run` installs both; `LATCHKEY_CHROMIUM` picks another binary.
 */
export const CHROMIUM =
  process.env.LATCHKEY_CHROMIUM ?? ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((path) => existsSync(path)) ?? "/usr/bin/chromium";

/**
 * Launches headless Chromium. A missing browser is an error that says how to install it: the browser tests
 * never skip.
 */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}. Install it (Debian: apt-get update && apt-get install -y chromium-headless-shell) or set LATCHKEY_CHROMIUM.`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    // Chromium 156 opens its omnibox pop-up (two WebUI pages, a renderer each) in every new window, headless too:
    // CPU taken from the page under test in every browser context.
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-dev-shm-usage", "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup"],
  });
}

/**
 * Gives `page` Chromium's virtual WebAuthn authenticator (a platform authenticator with resident keys and user
 * verification that always succeeds), so passkey ceremonies run without a person. Returns its id.
 */
export async function addVirtualAuthenticator(page: Page): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  return authenticatorId;
}
