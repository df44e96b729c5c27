/**
 * Which origins and redirect targets a project trusts: passkey origins on a wildcard trusted domain, and hosts
 * spelled as numeric or encoded aliases of localhost.
 */
import type { RunningEmulator } from "../../src/emulator";
import { call, expectKnown, freshEmail, signUp, startTestEmulator } from "./helpers";
import { SoftwareAuthenticator } from "./webauthn-authenticator";

let em: RunningEmulator;
beforeAll(async () => {
  em = await startTestEmulator();
});
afterAll(() => em.stop());

const project = () => em.core.store.projects.get(em.projectId)!;

/** Registers a passkey from `origin` for a new user; the register answer and the authenticator. */
async function registerFrom(origin: string) {
  const user = await signUp(em);
  const authenticator = new SoftwareAuthenticator(origin);
  const init = (await call(em, "/auth/passkey/initiate-passkey-registration", { body: {}, accessToken: user.access_token })).json;
  const r = await call(em, "/auth/passkey/register", { accessToken: user.access_token, body: { credential: authenticator.register(init.options_json), code: init.code } });
  return { r, authenticator };
}

async function signInWith(authenticator: SoftwareAuthenticator, origin?: string) {
  const init = (await call(em, "/auth/passkey/initiate-passkey-authentication", { body: {} })).json;
  const authentication_response = authenticator.authenticate(init.options_json, origin ? { origin, rpId: new URL(origin).hostname } : {});
  return call(em, "/auth/passkey/sign-in", { body: { authentication_response, code: init.code } });
}

describe("passkeys on a trusted wildcard domain with localhost disallowed", () => {
  // The platform checks a passkey's origin only against the trusted domains (validateRedirectUrl):
  // apps/backend/src/app/api/latest/auth/passkey/{register,sign-in}/verification-code-handler.tsx, as in
  // apps/e2e/tests/backend/endpoints/api/v1/auth/passkey/wildcard-domains.test.ts. Backends before the wildcard
  // domains change (ae620bb1b, 2025-08) refused localhost with "… because localhost is not allowed"; the emulator
  // follows the newest backend.
  let saved: ReturnType<typeof project>["config"];
  beforeAll(async () => {
    saved = structuredClone(project().config);
    const r = await call(em, "/internal/config/override/environment", {
      access: "admin",
      method: "PATCH",
      body: {
        config_override_string: JSON.stringify({
          "domains.trustedDomains.wildcard": { baseUrl: "http://*:8103", handlerPath: "/" },
          "domains.allowLocalhost": false,
        }),
      },
    });
    expect(r.status).toBe(200);
    expect(project().config).toMatchObject({ allowLocalhost: false, domains: expect.arrayContaining([expect.objectContaining({ domain: "http://*:8103" })]) });
  });
  afterAll(() => {
    project().config = saved;
  });

  test("registering and signing in from http://localhost:8103 succeed", async () => {
    const { r, authenticator } = await registerFrom("http://localhost:8103");
    expect([r.status, r.json]).toEqual([200, { user_handle: authenticator.id }]);
    const signIn = await signInWith(authenticator);
    expect(signIn.status).toBe(200);
  });

  test("an origin the wildcard does not match gets the platform's \"origin is not allowed\" wording", async () => {
    // `*` stands for one host label (matchHostnamePattern, packages/stack-shared/src/utils/urls.tsx)
    const { r } = await registerFrom("http://shop.example.com:8103");
    expect(expectKnown(r, 400, "PASSKEY_REGISTRATION_FAILED").error).toBe("Passkey registration failed because the origin is not allowed");
    const { authenticator } = await registerFrom("http://localhost:8103");
    const signIn = await signInWith(authenticator, "http://shop.example.com:8103");
    expect(expectKnown(signIn, 400, "PASSKEY_AUTHENTICATION_FAILED").error).toBe("Passkey authentication failed because the origin is not allowed");
  });
});

describe("hosts spelled as numeric or encoded aliases are never trusted", () => {
  // The platform's validateRedirectUrl (apps/backend/src/lib/redirect-urls.tsx) reads the parsed hostname, and its
  // isLocalhost (packages/stack-shared/src/utils/urls.tsx) is localhost, *.localhost and 127.x.x.x, so it would
  // trust these spellings of 127.0.0.1 / localhost. The emulator (like the SDK) refuses any host not spelled as the
  // URL parser gives it back, with the platform's answer for an untrusted URL: REDIRECT_URL_NOT_WHITELISTED
  // (packages/stack-shared/src/known-errors.tsx), or "… because the origin is not allowed" for a passkey.
  const ALIASES = ["0x7f000001", "2130706433", "0177.0.0.1", "127.1", "%6cocalhost"];
  const sendCode = (callbackUrl: string) => call(em, "/auth/otp/send-sign-in-code", { body: { email: freshEmail("alias"), callback_url: callbackUrl } });

  test.each(ALIASES)("a callback URL on http://%s:3000 → REDIRECT_URL_NOT_WHITELISTED", async (host) => {
    expect(project().config.allowLocalhost).toBe(true);
    const body = expectKnown(await sendCode(`http://${host}:3000/handler/magic-link-callback`), 400, "REDIRECT_URL_NOT_WHITELISTED");
    expect(body.error).toBe("Redirect URL not whitelisted. Did you forget to add this domain to the trusted domains list on the Stack Auth dashboard?");
  });

  test("canonical spellings still pass: localhost in capitals, 127.0.0.1 and, as on the platform, all of 127.x.x.x", async () => {
    for (const host of ["LOCALHOST", "127.0.0.1", "127.0.0.2"]) expect((await sendCode(`http://${host}:3000/handler/magic-link-callback`)).status).toBe(200);
  });

  test("[::1] is not localhost on the platform (isLocalhost), so it needs a trusted domain", async () => {
    expectKnown(await sendCode("http://[::1]:3000/handler/magic-link-callback"), 400, "REDIRECT_URL_NOT_WHITELISTED");
  });

  test("a passkey from http://127.1:3000 is refused", async () => {
    const { r } = await registerFrom("http://127.1:3000");
    expect(expectKnown(r, 400, "PASSKEY_REGISTRATION_FAILED").error).toBe("Passkey registration failed because the origin is not allowed");
  });
});
