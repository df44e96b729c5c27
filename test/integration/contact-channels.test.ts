import { ArgumentError, KnownErrors } from "../../src/index";
import { caught } from "../helpers/http";
import { clientFor, codeFromOutbox, serverFor, startTestEmulator, uniqueEmail } from "../helpers/emulator";
import type { Emulator } from "../helpers/emulator";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.stop());

async function signedInUser() {
  const { app } = clientFor(emulator);
  const email = uniqueEmail("cc");
  await app.signUpWithCredential({ email, password: "contact me please" });
  return { app, email, user: await app.getUser({ or: "throw" }) };
}

test("list, create, update, verify and delete contact channels; each change is visible to the next read", async () => {
  const { app, email, user } = await signedInUser();
  const initial = await user.listContactChannels();
  expect(initial).toHaveLength(1);
  expect(initial[0]).toMatchObject({ value: email, type: "email", isPrimary: true, isVerified: false, usedForAuth: true });

  const work = uniqueEmail("work");
  const created = await user.createContactChannel({ type: "email", value: work, usedForAuth: false });
  expect(created).toMatchObject({ value: work, isPrimary: false, isVerified: false, usedForAuth: false });
  expect((await user.listContactChannels()).map((c) => c.value).sort()).toEqual([email, work].sort());

  await created.update({ usedForAuth: true });
  expect((await user.listContactChannels()).find((c) => c.id === created.id)?.usedForAuth).toBe(true);

  await created.sendVerificationEmail({ callbackUrl: "http://localhost:3000/handler/email-verification" });
  const code = await codeFromOutbox(emulator, work);
  expect((await app.verifyEmail(code)).status).toBe("ok");
  expect((await user.listContactChannels()).find((c) => c.id === created.id)?.isVerified).toBe(true);

  await created.update({ isPrimary: true });
  expect((await app.getUser({ or: "throw" })).primaryEmail).toBe(work);

  const old = (await user.listContactChannels()).find((c) => c.value === email)!;
  await old.delete();
  expect((await user.listContactChannels()).map((c) => c.value)).toEqual([work]);
});

test("concurrent reads share one request; a later read asks again and sees a change made elsewhere", async () => {
  const { user } = await signedInUser();
  const requests = async () => ((await (await fetch(`${emulator.url}/emulator/stats`)).json()).routes["GET /contact-channels"]?.requests ?? 0) as number;
  const before = await requests();
  await Promise.all([user.listContactChannels(), user.listContactChannels(), user.listContactChannels()]);
  expect((await requests()) - before).toBe(1);
  const elsewhere = await serverFor(emulator).getUser(user.id);
  await elsewhere!.createContactChannel({ type: "email", value: uniqueEmail("other-device"), usedForAuth: false });
  expect(await user.listContactChannels()).toHaveLength(2);
  expect((await requests()) - before).toBe(2);
});

test("a client cannot read or change another user's contact channels", async () => {
  const a = await signedInUser();
  const b = await signedInUser();
  const [channel] = await a.user.listContactChannels();
  const res = await fetch(`${emulator.url}/api/v1/contact-channels/${(await a.app.getUser())!.id}/${channel.id}`, {
    headers: {
      "x-stack-access-type": "client",
      "x-stack-project-id": emulator.projectId,
      "x-stack-publishable-client-key": emulator.keys.publishableClientKey,
      "x-stack-access-token": (await b.app.getAccessToken())!,
    },
  });
  expect(res.status).toBe(403);
});

test("bad input is refused before any request", async () => {
  const { user } = await signedInUser();
  await expect(user.createContactChannel({ type: "phone" as never, value: "x", usedForAuth: false })).rejects.toThrow(ArgumentError);
  // An address the platform's e-mail rule refuses: its very SCHEMA_ERROR, before any request.
  const refused = await caught(user.createContactChannel({ type: "email", value: "not an e-mail", usedForAuth: false }));
  expect(KnownErrors.SchemaError.isInstance(refused)).toBe(true);
  expect((refused as Error).message).toBe("Request validation failed on POST /api/v1/contact-channels:\n  - body.value must be a valid email");
  // What the platform takes is not refused here: its e-mail rule lets the empty string through.
  expect((await user.createContactChannel({ type: "email", value: "", usedForAuth: false })).value).toBe("");
  const [channel] = await user.listContactChannels();
  expect(ArgumentError.isInstance(await caught(channel.update({ usedForAuth: "yes" as never })))).toBe(true);
  await expect(channel.sendVerificationEmail()).rejects.toThrow(/callbackUrl/);
});

test("on a server, a malformed address is refused with the SCHEMA_ERROR the platform answers, word for word", async () => {
  const server = serverFor(emulator);
  const user = await server.createUser({ primaryEmail: uniqueEmail("server-channel") });
  const local = await caught(user.createContactChannel({ type: "email", value: "not an e-mail", usedForAuth: false }));
  const raw = await fetch(`${emulator.url}/api/v1/contact-channels`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-stack-project-id": emulator.projectId, "x-stack-access-type": "server", "x-stack-secret-server-key": emulator.keys.secretServerKey },
    body: JSON.stringify({ user_id: user.id, type: "email", value: "not an e-mail", used_for_auth: false }),
  });
  const answer = (await raw.json()) as { code: string; error: string; details: unknown };
  expect([raw.status, answer.code]).toEqual([400, "SCHEMA_ERROR"]);
  expect([KnownErrors.SchemaError.isInstance(local), (local as Error).message, (local as { details?: unknown }).details]).toEqual([true, answer.error, answer.details]);
  const [channel] = await user.listContactChannels();
  const patched = await caught(channel.update({ value: "still not one" }));
  expect((patched as Error).message).toBe(`Request validation failed on PATCH /api/v1/contact-channels/${user.id}/${channel.id}:\n  - body.value must be a valid email`);
  expect((await user.createContactChannel({ type: "email", value: "", usedForAuth: false })).value).toBe("");
});
