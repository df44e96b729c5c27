import nock from "nock";
import { ArgumentError, KnownErrors, ServerApp } from "../../../src/index";
import type { SendEmailOptions } from "../../../src/index";
import { BASE, PROJECT, caught, knownErrorReply } from "../../helpers/http";

afterEach(() => nock.cleanAll());
beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());

const json = (body: unknown, status = 200) => [status, JSON.stringify(body), { "content-type": "application/json" }] as const;
const server = () =>
  new ServerApp({ projectId: PROJECT, baseUrl: BASE, secretServerKey: "ssk_test", tokenStore: "memory", retry: { sleep: async () => {}, random: () => 0.5 } });
const U1 = "3f1e0a52-0000-4000-8000-000000000001";
const TEMPLATE = "7a7a7a7a-0000-4000-8000-000000000001";
const THEME = "7b7b7b7b-0000-4000-8000-000000000001";
const DRAFT = "7c7c7c7c-0000-4000-8000-000000000001";

/** Sends `options` and returns the wire body the platform received. */
async function bodyOf(options: SendEmailOptions): Promise<unknown> {
  let body: unknown;
  const scope = nock(BASE)
    .matchHeader("x-stack-access-type", "server")
    .matchHeader("x-stack-secret-server-key", "ssk_test")
    .post("/api/v1/emails/send-email", (b) => ((body = b), true))
    .reply(...json({ results: [{ user_id: U1 }] }));
  await expect(server().sendEmail(options)).resolves.toBeUndefined();
  expect(scope.isDone()).toBe(true);
  return body;
}

test("html to listed users: user_ids, html and the optional settings in snake_case (scheduledAt → millis)", async () => {
  const at = new Date(1735600000000);
  expect(
    await bodyOf({ userIds: [U1], html: "<p>Hi</p>", subject: "Hello", themeId: THEME, notificationCategoryName: "Marketing", scheduledAt: at }),
  ).toEqual({ user_ids: [U1], html: "<p>Hi</p>", subject: "Hello", theme_id: THEME, notification_category_name: "Marketing", scheduled_at_millis: 1735600000000 });
});

test("a template with variables to all users; themeId null and false are sent as given", async () => {
  expect(await bodyOf({ allUsers: true, templateId: TEMPLATE, variables: { team: "Ops" }, themeId: null })).toEqual({
    all_users: true,
    template_id: TEMPLATE,
    variables: { team: "Ops" },
    theme_id: null,
  });
  expect(await bodyOf({ userIds: [], html: "<p/>", themeId: false })).toEqual({ user_ids: [], html: "<p/>", theme_id: false });
  expect(await bodyOf({ userIds: [U1], draftId: DRAFT })).toEqual({ user_ids: [U1], draft_id: DRAFT });
});

test("REQUIRES_CUSTOM_EMAIL_SERVER and EMAIL_RENDERING_ERROR are thrown as typed known errors", async () => {
  nock(BASE)
    .post("/api/v1/emails/send-email").reply(...knownErrorReply("REQUIRES_CUSTOM_EMAIL_SERVER", 400))
    .post("/api/v1/emails/send-email").reply(...knownErrorReply("EMAIL_RENDERING_ERROR", 400, { error: "Unclosed tag <p>" }));
  const shared = await caught(server().sendEmail({ userIds: [U1], html: "<p>x</p>" }));
  expect(KnownErrors.RequiresCustomEmailServer.isInstance(shared)).toBe(true);
  const rendering = await caught(server().sendEmail({ userIds: [U1], templateId: TEMPLATE }));
  expect(KnownErrors.EmailRenderingError.isInstance(rendering)).toBe(true);
  expect(rendering.details).toEqual({ error: "Unclosed tag <p>" });
});

test.each([
  ["allUsers false", { allUsers: false, html: "<p>x</p>" }],
  ["userIds not an array", { userIds: U1, html: "<p>x</p>" }],
  ["an empty user id", { userIds: [""], html: "<p>x</p>" }],
  ["html not a string", { userIds: [U1], html: 1 }],
  ["templateId not a string", { userIds: [U1], templateId: 1 }],
  ["variables not an object", { userIds: [U1], templateId: TEMPLATE, variables: [1] }],
  ["themeId a number", { userIds: [U1], html: "<p>x</p>", themeId: 1 }],
  ["themeId true", { userIds: [U1], html: "<p>x</p>", themeId: true }],
  ["subject not a string", { userIds: [U1], html: "<p>x</p>", subject: {} }],
  ["notificationCategoryName not a string", { userIds: [U1], html: "<p>x</p>", notificationCategoryName: 2 }],
  ["scheduledAt not a Date", { userIds: [U1], html: "<p>x</p>", scheduledAt: 1735600000000 }],
  ["scheduledAt invalid", { userIds: [U1], html: "<p>x</p>", scheduledAt: new Date("nope") }],
  // Not UUIDs: the platform's schema lets them pass, then its database fails on them (an unhandled 500).
  ["a user id that is not a UUID", { userIds: [U1, "user-2"], html: "<p>x</p>" }],
  ["a draftId that is not a UUID", { userIds: [U1], draftId: "d1" }],
])("%s: ArgumentError, no request", async (_name, options) => {
  // nock allows no connection and has no interceptor: a request would fail with a network error instead
  expect(await caught(server().sendEmail(options as never))).toBeInstanceOf(ArgumentError);
});

const requestProblem = (...lines: string[]) =>
  ["Request validation failed on POST /api/v1/emails/send-email:", "  - body is not matched by any of the provided schemas:", ...lines.map((l) => `    ${l}`)].join("\n");
const NO_CONTENT = ["Schema 0:", "  body.html must be defined", "Schema 1:", "  body.template_id must be defined", "Schema 2:", "  body.draft_id must be defined"];
const twice = (line: string) => [`  ${line}`, `  ${line}`];

test.each([
  ["no options", undefined, requestProblem(...NO_CONTENT)],
  ["no content", { userIds: [U1] }, requestProblem(...NO_CONTENT)],
  ["both html and templateId", { userIds: [U1], html: "<p>x</p>", templateId: TEMPLATE },
    requestProblem("Schema 0:", ...twice("body contains unknown properties: template_id"), "Schema 1:", ...twice("body contains unknown properties: html"),
      "Schema 2:", "  body.draft_id must be defined", ...twice("body contains unknown properties: html, template_id"))],
  ["templateId and draftId", { userIds: [U1], templateId: TEMPLATE, draftId: DRAFT },
    requestProblem("Schema 0:", "  body.html must be defined", ...twice("body contains unknown properties: template_id, draft_id"),
      "Schema 1:", ...twice("body contains unknown properties: draft_id"), "Schema 2:", ...twice("body contains unknown properties: template_id"))],
  ["variables without a template", { userIds: [U1], html: "<p>x</p>", variables: {} },
    requestProblem("Schema 0:", ...twice("body contains unknown properties: variables"), "Schema 1:", "  body.template_id must be defined",
      ...twice("body contains unknown properties: html"), "Schema 2:", "  body.draft_id must be defined", ...twice("body contains unknown properties: html, variables"))],
  ["a templateId that is not a UUID", { userIds: [U1], templateId: "welcome" },
    requestProblem("Schema 0:", "  body.html must be defined", ...twice("body contains unknown properties: template_id"), "Schema 1:",
      "  body.template_id must be a valid UUID", "Schema 2:", "  body.draft_id must be defined", ...twice("body contains unknown properties: template_id"))],
  ["a themeId that is not a UUID", { userIds: [U1], draftId: DRAFT, themeId: "dark" },
    requestProblem("Schema 0:", "  body.html must be defined", "  body.theme_id is invalid", ...twice("body contains unknown properties: draft_id"),
      "Schema 1:", "  body.template_id must be defined", "  body.theme_id is invalid", ...twice("body contains unknown properties: draft_id"),
      "Schema 2:", "  body.theme_id is invalid")],
  ["no recipients", { html: "<p>x</p>" }, "Exactly one of user_ids or all_users must be provided"],
  ["both recipient forms", { userIds: [U1], allUsers: true, html: "<p>x</p>" }, "Exactly one of user_ids or all_users must be provided"],
])("%s: the platform's SCHEMA_ERROR, no request", async (_name, options, message) => {
  const error = await caught(server().sendEmail(options as never));
  expect(KnownErrors.SchemaError.isInstance(error)).toBe(true);
  expect([error.code, error.status, error.message, error.details]).toEqual(["SCHEMA_ERROR", 400, message, { message }]);
});

test("the request path in the message is the one the request would have had (a base URL with a path)", async () => {
  const app = new ServerApp({ projectId: PROJECT, baseUrl: `${BASE}/auth/`, secretServerKey: "ssk_test", tokenStore: "memory" });
  const error = await caught(app.sendEmail({ userIds: [U1] } as never));
  expect(error.message).toMatch(/^Request validation failed on POST \/auth\/api\/v1\/emails\/send-email:\n/);
});
