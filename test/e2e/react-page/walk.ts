/**
 * Helpers of the React pages walk (test/e2e/react-pages.e2e.test.ts): screenshots as test artifacts, the emulator's
 * e-mails (through latchkey/testing), and waits on what a person sees (headings, addresses). Elements are found by
 * role and accessible name or label only.
 */
import { mkdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Locator, Page } from "playwright-core";
import { connectTestEmulator, type ReceivedEmail } from "../../../src/testing";

/** Where the walk's screenshots go (gitignored): one PNG per page visited, numbered in the order of the walk. */
export const ARTIFACTS = resolve(__dirname, "../../../test-artifacts/react-pages");

let shots = 0;
/** Empties the artifacts folder (once, before the walk). */
export function resetArtifacts(): void {
  rmSync(ARTIFACTS, { recursive: true, force: true });
  mkdirSync(ARTIFACTS, { recursive: true });
  shots = 0;
}

/** Saves a full-page screenshot of what `page` shows now, as `<nn>-<name>.png`. */
export async function shot(page: Page, name: string): Promise<void> {
  shots += 1;
  await page.screenshot({ path: join(ARTIFACTS, `${String(shots).padStart(2, "0")}-${name}.png`), fullPage: true });
}

/** Waits for the heading named `name` (exact) and returns it. */
export async function heading(page: Page, name: string | RegExp): Promise<Locator> {
  const h = page.getByRole("heading", { name, exact: typeof name === "string" });
  await h.waitFor({ timeout: 15_000 });
  return h;
}

/**
 * Waits until the page's address has the path `path` (and, when `query` is given, each of its parameters). A
 * navigation there that the browser abandons for another one (the page asked twice) is waited past.
 */
export async function at(page: Page, path: string, query: Record<string, string> = {}): Promise<URL> {
  const deadline = Date.now() + 15_000;
  const wanted = (u: URL) => u.pathname === path && Object.entries(query).every(([k, v]) => u.searchParams.get(k) === v);
  for (;;) {
    try {
      await page.waitForURL(wanted, { timeout: Math.max(1, deadline - Date.now()), waitUntil: "commit" });
      return new URL(page.url());
    } catch (e) {
      if (!/ERR_ABORTED|frame was detached/.test(String(e)) || Date.now() >= deadline) throw e;
    }
  }
}

/** Waits for an alert (role=alert) whose text contains `text`. */
export async function alert(page: Page, text: string | RegExp): Promise<Locator> {
  const a = page.getByRole("alert").filter({ hasText: text });
  await a.waitFor({ timeout: 15_000 });
  return a;
}

/**
 * The newest e-mail of `kind` to `to`, waiting until the emulator captures it (latchkey/testing's `waitForEmail`, a
 * long poll); fails after 10 s with what the outbox holds.
 */
export function latestMail(emulatorUrl: string, to: string, kind: string): Promise<ReceivedEmail> {
  return connectTestEmulator({ url: emulatorUrl }).waitForEmail({ to, kind });
}

/** The link of `mail` whose path is `path` (at the test page's origin). */
export function linkTo(mail: ReceivedEmail, path: string): string {
  const link = mail.links.find((l) => new URL(l).pathname === path);
  if (!link) throw new Error(`the ${mail.kind} e-mail has no link to ${path}: ${mail.links.join(", ")}`);
  return link;
}

/** The text input named `name` (by its label). */
export const field = (page: Page, name: string): Locator => page.getByRole("textbox", { name, exact: true });

/** The password input labelled `label` (password inputs have no ARIA role: found by their label). */
export const passwordField = (page: Page, label: string): Locator => page.getByLabel(label, { exact: true });

/** The bytes of an RFC 4648 base32 text (as an authenticator app reads a TOTP key; spaces and padding ignored). */
export function base32Bytes(text: string): Uint8Array {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const ch of text.toUpperCase().replace(/[\s=]/g, "")) {
    const index = alphabet.indexOf(ch);
    if (index < 0) throw new Error(`not base32: ${text}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((value >> bits) & 0xff);
    }
  }
  return new Uint8Array(bytes);
}
