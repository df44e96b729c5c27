// Shared setup of the handler pages' tests: the page's address, codes from the emulator, and faults.
import type { ClientApp } from "../../src/index";
import { codeFromOutbox } from "../helpers/emulator";
import { uniqueEmail } from "./helpers";
import type { Emulator } from "./helpers";

/** Puts the jsdom page at `path` (path, query and fragment), as a browser would show it. */
export function at(path: string) {
  window.history.replaceState(null, "", path);
}

/** Makes the e-mailed code `code` expired in the emulator's store (its lifetime is days). */
export function expireCode(emulator: Emulator, code: string) {
  for (const record of emulator.core.store.verificationCodes.values()) {
    if (record.code === code.toLowerCase()) record.expiresAtMillis = Date.now() - 1000;
  }
}

/** A code of the right shape that the emulator never issued. */
export const UNKNOWN_CODE = "a".repeat(45);

/** How many requests the emulator got on `route` (e.g. "DELETE /auth/sessions/current"). */
export async function requestsTo(emulator: Emulator, route: string): Promise<number> {
  const stats = await (await fetch(`${emulator.url}/emulator/stats`)).json();
  return stats.routes?.[route]?.requests ?? 0;
}

/** Signs a new user up in `app` and verifies their e-mail from the outbox; returns the e-mail and password. */
export async function verifiedUser(emulator: Emulator, app: ClientApp, prefix = "verified") {
  const email = uniqueEmail(prefix);
  const password = "correct-horse-battery";
  const verificationCallbackUrl = "http://localhost:3000/handler/email-verification";
  const signUp = await app.signUpWithCredential({ email, password, noRedirect: true, verificationCallbackUrl });
  if (signUp.status !== "ok") throw signUp.error;
  const verified = await app.verifyEmail(await codeFromOutbox(emulator, email, /verif/i));
  if (verified.status !== "ok") throw verified.error;
  return { email, password };
}
