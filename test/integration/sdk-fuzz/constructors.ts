import fc from "fast-check";
import { AdminApp, ClientApp, LatchkeyError, ServerApp } from "../../../src/index";
import { anyValue, describeArgs } from "./arguments";

/** The options the app constructors read (ClientApp's, plus the server and admin keys and the owner session). */
const OPTION_KEYS = [
  "projectId", "publishableClientKey", "secretServerKey", "superSecretAdminKey", "baseUrl", "tokenStore", "urls", "redirectMethod",
  "extraRequestHeaders", "fetch", "retry", "oauthScopesOnSignIn", "inheritsFrom", "noAutomaticPrefetch", "projectOwnerSession",
] as const;

/** Plausible values too, so a random options object gets past the first checks. */
const plausible = fc.constantFrom<unknown>(
  "3f9c2a6e-7b41-4d8a-9e05-1c2b3d4e5f60", "http://127.0.0.1:1", "memory", "cookie", "nextjs-cookie", null, { accessToken: "a", refreshToken: "b" },
  { signIn: "/sign-in" }, { maxAttempts: 0 }, { github: ["repo"] }, { "x-extra": "1" }, { browser: "http://a.example", server: "ftp://b" }, "window",
);

const options = fc
  .array(fc.tuple(fc.constantFrom(...OPTION_KEYS), fc.oneof(anyValue, plausible)), { maxLength: 6 })
  .map((entries) => Object.fromEntries(entries));

/**
 * Random options to the three app constructors: each builds an app or throws one of the SDK's errors, and sends
 * nothing while it builds (the global `fetch` is counted; a `fetch` given in the options is one of the random values).
 * Returns the failures, each with its seed.
 */
export function fuzzConstructors(seed: number, runs: number): string[] {
  const failures: string[] = [];
  const original = globalThis.fetch;
  let sent = 0;
  globalThis.fetch = (async () => {
    sent += 1;
    throw new Error("the constructor fuzz sends nothing");
  }) as typeof fetch;
  try {
    for (const [name, App] of [["ClientApp", ClientApp], ["ServerApp", ServerApp], ["AdminApp", AdminApp]] as const) {
      const details = fc.check(
        fc.property(options, (o) => {
          const before = sent;
          try {
            new App(o as never);
          } catch (e) {
            if (!LatchkeyError.isInstance(e)) throw new Error(`threw a raw ${(e as Error)?.name}: ${(e as Error)?.message}`);
          }
          if (sent !== before) throw new Error(`sent ${sent - before} request(s) while being built`);
        }),
        { seed, numRuns: runs },
      );
      if (details.failed) failures.push(`new ${name} [seed ${seed}, path ${details.counterexamplePath}] ${describeArgs([details.counterexample?.[0]])}: ${(details.errorInstance as Error)?.message}`);
    }
  } finally {
    globalThis.fetch = original;
  }
  return failures;
}
