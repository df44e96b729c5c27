import type { RunningEmulator } from "../../src/emulator";
import { call, expectKnown, signUp, startTestEmulator } from "./helpers";
import { SoftwareAuthenticator } from "./webauthn-authenticator";

// `deterministic: true` (CLI `--deterministic`): passkey options carry the platform's fixed test challenge, so a
// recorded passkey registration and sign-in can be replayed on a fresh emulator.
const TEST_CHALLENGE = Buffer.from("MOCK").toString("base64url");

async function record(em: RunningEmulator) {
  const user = await signUp(em);
  const authenticator = new SoftwareAuthenticator();
  const reg = (await call(em, "/auth/passkey/initiate-passkey-registration", { body: {}, accessToken: user.access_token })).json;
  const registration = authenticator.register(reg.options_json);
  const auth = (await call(em, "/auth/passkey/initiate-passkey-authentication", { body: {} })).json;
  const authentication = authenticator.authenticate(auth.options_json);
  return { reg, auth, registration, authentication };
}

async function replay(em: RunningEmulator, recorded: Awaited<ReturnType<typeof record>>) {
  const user = await signUp(em);
  const reg = (await call(em, "/auth/passkey/initiate-passkey-registration", { body: {}, accessToken: user.access_token })).json;
  const registered = await call(em, "/auth/passkey/register", { accessToken: user.access_token, body: { credential: recorded.registration, code: reg.code } });
  const auth = (await call(em, "/auth/passkey/initiate-passkey-authentication", { body: {} })).json;
  const signedIn = await call(em, "/auth/passkey/sign-in", { body: { authentication_response: recorded.authentication, code: auth.code } });
  return { user, registered, signedIn };
}

test("deterministic mode: every registration and sign-in option carries the challenge TU9DSw", async () => {
  const em = await startTestEmulator({ deterministic: true });
  try {
    const first = await record(em);
    const second = await record(em);
    for (const o of [first.reg, second.reg, first.auth, second.auth]) expect(o.options_json.challenge).toBe(TEST_CHALLENGE);
    expect(first.reg.code).not.toBe(second.reg.code);
  } finally {
    await em.stop();
  }
});

test("a passkey recorded on one deterministic emulator registers and signs in on a fresh one", async () => {
  const a = await startTestEmulator({ deterministic: true });
  const recorded = await record(a).finally(() => a.stop());
  const b = await startTestEmulator({ deterministic: true });
  try {
    const { user, registered, signedIn } = await replay(b, recorded);
    expect(registered.status).toBe(200);
    expect(signedIn.status).toBe(200);
    expect(signedIn.json.user_id).toBe(user.user_id);
  } finally {
    await b.stop();
  }
});

test("without deterministic mode challenges are random, so a recorded registration is refused", async () => {
  const a = await startTestEmulator();
  const recorded = await record(a).finally(() => a.stop());
  expect(recorded.reg.options_json.challenge).not.toBe(TEST_CHALLENGE);
  const b = await startTestEmulator();
  try {
    const { registered } = await replay(b, recorded);
    expectKnown(registered, 400, "PASSKEY_REGISTRATION_FAILED");
  } finally {
    await b.stop();
  }
});
