/**
 * @jest-environment ./test/support/jsdom-env.cjs
 * @jest-environment-options {"url": "http://127.0.0.1:3000/"}
 */
// A page served from an IP address cannot use passkeys (browsers refuse WebAuthn there): both flows answer
// ERROR_INVALID_DOMAIN before any request or ceremony.
import { KnownErrors } from "../../../src/index";
import { installFakeWebAuthn } from "../../helpers/fake-webauthn";
import { browserApp, signedInUser } from "./passkey-app-helpers";

test("registration and sign-in on 127.0.0.1 are PasskeyWebAuthnError ERROR_INVALID_DOMAIN, with no passkey request", async () => {
  expect(location.hostname).toBe("127.0.0.1");
  const webauthn = installFakeWebAuthn();
  const { app, calls } = browserApp({});
  const user = await signedInUser(app);
  for (const result of [await user.registerPasskey(), await user.registerPasskey({ hostname: "localhost" }), await app.signInWithPasskey()]) {
    expect(result.status === "error" && KnownErrors.PasskeyWebAuthnError.isInstance(result.error) && result.error.details).toEqual({
      code: "ERROR_INVALID_DOMAIN",
      message: "127.0.0.1 is not a valid domain for passkeys: it must be localhost or a dotted hostname such as example.com.",
    });
  }
  expect(calls.filter((c) => c.path.startsWith("/auth/passkey"))).toEqual([]);
  expect(webauthn.created.length + webauthn.requested.length).toBe(0);
});
