import type { RunningEmulator } from "../../src/emulator";
import { call, expectKnown, signUp, startTestEmulator } from "./helpers";

/** The statuses and error bodies the platform answers where the emulator used to answer differently. */
let em: RunningEmulator;
beforeAll(async () => {
  em = await startTestEmulator();
});
afterAll(() => em.stop());

const UNKNOWN = "00000000-0000-4000-8000-000000000000";
const CALLBACK = "http://localhost:3000/handler/email-verification";

test("a client reading /users/{id} gets 401 INSUFFICIENT_ACCESS_TYPE, even for its own id; /users/me still works", async () => {
  const user = await signUp(em);
  for (const id of [user.user_id, UNKNOWN, "not-a-uuid"]) {
    const r = expectKnown(await call(em, `/users/${id}`, { accessToken: user.access_token }), 401, "INSUFFICIENT_ACCESS_TYPE");
    expect(r).toEqual({
      code: "INSUFFICIENT_ACCESS_TYPE",
      details: { actual_access_type: "client", allowed_access_types: ["server", "admin"] },
      error: "The x-stack-access-type header must be 'server' or 'admin', but was 'client'.",
    });
  }
  expect((await call(em, "/users/me", { accessToken: user.access_token })).json.id).toBe(user.user_id);
  expect((await call(em, `/users/${user.user_id}`, { access: "server" })).json.id).toBe(user.user_id);
  expectKnown(await call(em, "/users/me"), 400, "CANNOT_GET_OWN_USER_WITHOUT_USER");
});

test("a client listing another user's invitations gets 400 CANNOT_GET_OWN_USER_WITHOUT_USER, never a plain-text 403", async () => {
  const alice = await signUp(em);
  const bob = await signUp(em);
  expectKnown(await call(em, `/team-invitations?user_id=${bob.user_id}`, { accessToken: alice.access_token }), 400, "CANNOT_GET_OWN_USER_WITHOUT_USER");
  expectKnown(await call(em, `/team-invitations?user_id=${bob.user_id}`), 400, "CANNOT_GET_OWN_USER_WITHOUT_USER");
  expect((await call(em, "/team-invitations?user_id=me", { accessToken: alice.access_token })).json).toEqual({ items: [], is_paginated: false });
  expect((await call(em, `/team-invitations?user_id=${UNKNOWN}`, { access: "server" })).json).toEqual({ items: [], is_paginated: false });
  const neither = await call(em, "/team-invitations", { accessToken: alice.access_token });
  expect([neither.status, neither.text]).toEqual([400, "Must specify either team_id or user_id"]);
});

test("deleting or updating an unknown contact channel is a 400; reading one is a 404", async () => {
  const user = await signUp(em);
  const path = `/contact-channels/me/${UNKNOWN}`;
  const deleted = await call(em, path, { method: "DELETE", accessToken: user.access_token });
  expect([deleted.status, deleted.text]).toEqual([400, "Contact channel not found"]);
  const updated = await call(em, path, { method: "PATCH", accessToken: user.access_token, body: { is_primary: true } });
  expect([updated.status, updated.text]).toEqual([400, "Contact channel not found"]);
  const serverDelete = await call(em, `/contact-channels/${user.user_id}/${UNKNOWN}`, { method: "DELETE", access: "server" });
  expect([serverDelete.status, serverDelete.text]).toEqual([400, "Contact channel not found"]);
  const read = await call(em, path, { accessToken: user.access_token });
  expect([read.status, read.text]).toEqual([404, "Contact channel not found."]);
});

test("a client acting on another user's contact channels is refused per action; signed out, it gets CANNOT_GET_OWN_USER_WITHOUT_USER", async () => {
  const alice = await signUp(em);
  const bob = await signUp(em);
  const bobs = (await call(em, `/contact-channels?user_id=${bob.user_id}`, { access: "server" })).json.items[0].id as string;
  const listed = await call(em, `/contact-channels?user_id=${bob.user_id}`, { accessToken: alice.access_token });
  expect([listed.status, listed.text]).toEqual([403, "Client can only list contact channels for their own user."]);
  const removed = await call(em, `/contact-channels/${bob.user_id}/${bobs}`, { method: "DELETE", accessToken: alice.access_token });
  expect([removed.status, removed.text]).toEqual([403, "Client can only delete contact channels for their own user."]);
  expectKnown(await call(em, `/contact-channels?user_id=${bob.user_id}`), 400, "CANNOT_GET_OWN_USER_WITHOUT_USER");
});

test("sending a verification code while signed out is 400 CANNOT_GET_OWN_USER_WITHOUT_USER", async () => {
  const user = await signUp(em);
  const channel = (await call(em, "/contact-channels?user_id=me", { accessToken: user.access_token })).json.items[0].id as string;
  const body = { callback_url: CALLBACK };
  for (const who of ["me", user.user_id]) {
    expectKnown(await call(em, `/contact-channels/${who}/${channel}/send-verification-code`, { body }), 400, "CANNOT_GET_OWN_USER_WITHOUT_USER");
  }
  const other = await signUp(em);
  const foreign = await call(em, `/contact-channels/${user.user_id}/${channel}/send-verification-code`, { accessToken: other.access_token, body });
  expect([foreign.status, foreign.text]).toEqual([400, "Can only send verification code for your own user"]);
  const ghost = expectKnown(await call(em, `/contact-channels/${UNKNOWN}/${channel}/send-verification-code`, { access: "server", body }), 400, "USER_ID_DOES_NOT_EXIST");
  expect(ghost.details).toEqual({ user_id: UNKNOWN });
  const sent = await call(em, `/contact-channels/me/${channel}/send-verification-code`, { accessToken: user.access_token, body });
  expect(sent.json).toEqual({ success: true });
});

test("an incomplete email_config gets a SCHEMA_ERROR JSON body in the platform's wording", async () => {
  const email_config = { type: "standard", host: "", port: 587, username: "u", password: "p", sender_name: "", sender_email: "a@b.co" };
  const r = await call(em, "/internal/projects/current", { method: "PATCH", access: "admin", body: { config: { email_config } } });
  const body = expectKnown(r, 400, "SCHEMA_ERROR");
  const message = [
    "Request validation failed on PATCH /api/v1/internal/projects/current:",
    "  - body.config.email_config.host must not be empty",
    "  - body.config.email_config.sender_name must not be empty",
  ].join("\n");
  expect(body).toEqual({ code: "SCHEMA_ERROR", details: { message }, error: message });
  const project = await call(em, "/internal/projects/current", { access: "admin" });
  expect(project.json.config.email_config).toEqual({ type: "shared" });
});
