import {
  emailSchema,
  passwordSchema,
  signInEmailSchema,
  teamIdSchema,
  urlSchema,
  userPasswordHashMutationSchema,
  yupObject,
  yupString,
} from "@stackframe/stack-shared/dist/schema-fields";
import type { RunningEmulator } from "../../src/emulator";
import { call, expectKnown, signUp, startTestEmulator, type CallResult } from "./helpers";

// SCHEMA_ERROR detail lines as the platform's validator words them. Where a field's schema is exported by the
// platform's shared package, the expected lines come from running that schema (the platform's own yup checks) on the
// same input, so the emulator's wording is compared with the platform's, not with a copy of it.

let em: RunningEmulator;
beforeAll(async () => {
  em = await startTestEmulator();
});
afterAll(() => em.stop());

/** The detail lines of a SCHEMA_ERROR answer (`  - <line>` after the first line). */
function detailLines(r: CallResult): string[] {
  const body = expectKnown(r, 400, "SCHEMA_ERROR");
  const [head, ...lines] = body.error.split("\n");
  expect(head).toMatch(/^Request validation failed on [A-Z]+ \/api\/v1\//);
  return lines.map((l) => l.replace(/^ {2}- /, ""));
}

/** The lines the emulator gave about one field (its path then a space). */
const linesAbout = (r: CallResult, path: string) => detailLines(r).filter((l) => l.startsWith(`${path} `));

/** What the platform's validator says about `value` at `path` (`body.email`, …) for the given field schema. */
async function platformLines(path: string, field: ReturnType<typeof yupString>, value: unknown): Promise<string[]> {
  const [part, key] = path.split(".");
  const schema = yupObject({ [part]: yupObject({ [key]: field }).defined() });
  try {
    await schema.validate({ [part]: { [key]: value } }, { abortEarly: false });
    return [];
  } catch (e) {
    return (e as { errors: string[] }).errors;
  }
}

const authorizeQuery = (redirectUri: string) =>
  new URLSearchParams({
    client_id: em.projectId,
    client_secret: em.keys.publishableClientKey,
    redirect_uri: redirectUri,
    scope: "legacy",
    state: "s",
    grant_type: "authorization_code",
    code_challenge: "c".repeat(43),
    code_challenge_method: "S256",
    response_type: "code",
  }).toString();

describe("the issue's three examples", () => {
  test("an empty sign-in e-mail: body.email must not be empty", async () => {
    const r = await call(em, "/auth/password/sign-in", { body: { email: "", password: "whatever1" } });
    expect(linesAbout(r, "body.email")).toEqual(["body.email must not be empty"]);
    expect(linesAbout(r, "body.email")).toEqual(await platformLines("body.email", emailSchema.defined().nonEmpty(), ""));
  });

  test("a redirect_uri with a space: query.redirect_uri contains spaces", async () => {
    const r = await call(em, `/auth/oauth/authorize/github?${authorizeQuery("https://app.example.com/a b")}`, { access: null });
    expect(linesAbout(r, "query.redirect_uri")).toEqual(["query.redirect_uri contains spaces"]);
    expect(linesAbout(r, "query.redirect_uri")).toEqual(await platformLines("query.redirect_uri", urlSchema.defined(), "https://app.example.com/a b"));
  });

  test("a team_id that is no UUID, in the query and in the body: … must be a valid UUID", async () => {
    const inQuery = await call(em, "/users?team_id=not-a-team", { access: "server" });
    expect(linesAbout(inQuery, "query.team_id")).toEqual(["query.team_id must be a valid UUID"]);
    const user = await signUp(em);
    const inBody = await call(em, "/team-invitations/send-code", {
      accessToken: user.access_token,
      body: { team_id: "not-a-team", email: "ada@example.com", callback_url: "http://localhost:3000/handler/team-invitation" },
    });
    expect(linesAbout(inBody, "body.team_id")).toEqual(["body.team_id must be a valid UUID"]);
    expect(linesAbout(inBody, "body.team_id")).toEqual(await platformLines("body.team_id", teamIdSchema.defined(), "not-a-team"));
  });
});

describe("every field of a kind reads the same", () => {
  test("UUIDs follow the platform's pattern (a version and variant, or the nil UUID), in params too", async () => {
    const noVersion = "00000000-0000-0000-0000-000000000001";
    const r = await call(em, `/teams/${noVersion}`, { access: "server" });
    expect(linesAbout(r, "params.team_id")).toEqual(await platformLines("params.team_id", teamIdSchema.defined(), noVersion));
    expect(linesAbout(r, "params.team_id")).toEqual(["params.team_id must be a valid UUID"]);
    // the nil UUID is a UUID to the platform: the team is simply not there
    expectKnown(await call(em, "/teams/00000000-0000-0000-0000-000000000000", { access: "server" }), 404, "TEAM_NOT_FOUND");
    // an empty query id is not a UUID either
    expect(linesAbout(await call(em, "/users?team_id=", { access: "server" }), "query.team_id")).toEqual(["query.team_id must be a valid UUID"]);
  });

  test("URL fields: spaces and unparseable URLs, each worded as urlSchema words them", async () => {
    for (const value of ["nope", "", "http://", "not a url", "https://example.com/a b"]) {
      const r = await call(em, "/auth/password/send-reset-code", { body: { email: "ada@example.com", callback_url: value } });
      const expected = await platformLines("body.callback_url", urlSchema.defined(), value);
      expect(expected.length).toBeGreaterThan(0);
      expect(linesAbout(r, "body.callback_url")).toEqual(expected);
    }
    // the same rule on another route and part: sign-up's verification callback
    const signUpLines = linesAbout(
      await call(em, "/auth/password/sign-up", { body: { email: "ada@example.com", password: "password123", verification_callback_url: "not a url" } }),
      "body.verification_callback_url",
    );
    expect(signUpLines).toEqual(["body.verification_callback_url contains spaces", "body.verification_callback_url is not a valid URL"]);
  });

  test("non-empty strings: … must not be empty wherever the platform says nonEmpty", async () => {
    const r = await call(em, "/users", { access: "server", body: { primary_email: "", password_hash: "" } });
    expect(linesAbout(r, "body.primary_email")).toEqual(["body.primary_email must not be empty"]);
    expect(linesAbout(r, "body.password_hash")).toEqual(await platformLines("body.password_hash", userPasswordHashMutationSchema, ""));
    expect(linesAbout(r, "body.password_hash")).toEqual(["body.password_hash must not be empty"]);
  });

  test("e-mails: the platform's pattern, the empty string only where nonEmpty is not asked, strict sign-up e-mails", async () => {
    // send-reset-code takes any e-mail the platform's emailSchema takes, "" and "ada@localhost" included
    for (const email of ["", "ada@localhost"]) {
      const r = await call(em, "/auth/password/send-reset-code", { body: { email, callback_url: "http://localhost:3000/handler/password-reset" } });
      expect(await platformLines("body.email", emailSchema.defined(), email)).toEqual([]);
      expect({ status: r.status, body: r.json }).toEqual({ status: 200, body: { success: "maybe, only if user with e-mail exists" } });
    }
    // sign-up and one-time codes use the stricter signInEmailSchema
    for (const email of ["ada@localhost", "", "not-an-email", "ada..b@example.com"]) {
      const expected = await platformLines("body.email", signInEmailSchema.defined(), email);
      expect(expected.length).toBeGreaterThan(0);
      const signUpR = await call(em, "/auth/password/sign-up", { body: { email, password: "password123" } });
      expect(linesAbout(signUpR, "body.email")).toEqual(expected);
      const otp = await call(em, "/auth/otp/send-sign-in-code", { body: { email, callback_url: "http://localhost:3000/handler/magic-link-callback" } });
      expect(linesAbout(otp, "body.email")).toEqual(expected);
    }
    // sign-in: a wrong but well-formed e-mail is no schema problem
    const mismatch = await call(em, "/auth/password/sign-in", { body: { email: "ada@localhost", password: "password123" } });
    expect(await platformLines("body.password", passwordSchema.defined(), "password123")).toEqual([]);
    expectKnown(mismatch, 400, "EMAIL_PASSWORD_MISMATCH");
  });

  test("several problems at once: one line each, after the request line", async () => {
    const r = await call(em, "/auth/password/send-reset-code", { body: { email: "no", callback_url: "a b" } });
    expect(detailLines(r)).toEqual(["body.email must be a valid email", "body.callback_url contains spaces", "body.callback_url is not a valid URL"]);
  });
});
