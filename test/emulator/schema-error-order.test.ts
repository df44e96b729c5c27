import { teamsCrudServerUpdateSchema } from "@stackframe/stack-shared/dist/interface/crud/teams";
import { usersCrudServerCreateSchema } from "@stackframe/stack-shared/dist/interface/crud/users";
import { userIdOrMeSchema, yupObject, yupString } from "@stackframe/stack-shared/dist/schema-fields";
import type { RunningEmulator } from "../../src/emulator";
import { CRUD_ROUTES } from "../../src/emulator/http/request-keys";
import { call, expectKnown, startTestEmulator, type CallResult } from "./helpers";

// The order of a SCHEMA_ERROR's lines. The platform validates a request with one yup object, the route's `request`
// schema (apps/backend/src/route-handlers/smart-request.tsx, `validate`); yup sorts its fields' errors by the order of
// the object's keys, placing each at the first key whose name occurs in the error's path (yup 1.x
// `ObjectSchema._validate`, `sortByKeyOrder`). CRUD routes declare `auth, url, method, body, params, query`
// (apps/backend/src/route-handlers/crud-handler.tsx), so body lines come first, then the path, then the query; most
// smart routes declare `auth, params, …, body` (e.g. apps/backend/src/app/api/latest/internal/config/override/[level]/
// route.tsx). Where the platform's shared package exports the schemas, the expected lines come from running them
// with yup (the released @stackframe/stack-shared, whose yup is the platform's), in the CRUD handler's shape.

let em: RunningEmulator;
beforeAll(async () => {
  em = await startTestEmulator();
});
afterAll(() => em.stop());

function lines(r: CallResult): string[] {
  return expectKnown(r, 400, "SCHEMA_ERROR").error.split("\n").slice(1).map((l) => l.replace(/^ {2}- /, ""));
}

/** A request schema's fields, as `yupObject` takes them. */
type Shape = NonNullable<Parameters<typeof yupObject>[0]>;

/** What the platform's validator says for a CRUD route: the crud handler's request object, run with yup. */
async function platformCrudLines(method: string, parts: Shape, value: Record<string, unknown>): Promise<string[]> {
  const request = yupObject({
    auth: yupObject({ type: yupString().oneOf(["server"]).defined() }).defined(),
    url: yupString().defined(),
    method: yupString().oneOf([method]).defined(),
    ...parts,
  });
  try {
    await request.validate({ auth: { type: "server" }, url: "/", method, ...value }, { abortEarly: false, context: { noUnknownPathPrefixes: ["body", "query", "params"], stackAllowUserIdMe: true } });
    return [];
  } catch (e) {
    return (e as { errors: string[] }).errors;
  }
}

describe("CRUD routes: body, then path parameters, then the query", () => {
  test("PATCH /teams/{team_id} with a bad body, path and query", async () => {
    const r = await call(em, "/teams/not-a-uuid?add_current_user=maybe", { access: "server", method: "PATCH", body: { display_name: {} } });
    const expected = [
      "body.display_name must be a `string` type, but the final value was: `{}`.",
      "params.team_id must be a valid UUID",
      "query.add_current_user must be one of the following values: true, false",
    ];
    expect(lines(r)).toEqual(expected);
    // the teams CRUD's schemas (apps/backend/src/app/api/latest/teams/crud.tsx: querySchema, paramsSchema)
    const platform = await platformCrudLines(
      "PATCH",
      {
        body: teamsCrudServerUpdateSchema,
        params: yupObject({ team_id: yupString().uuid().defined() }),
        query: yupObject({ user_id: userIdOrMeSchema.optional(), add_current_user: yupString().oneOf(["true", "false"]).optional() }),
      },
      { body: { display_name: {} }, params: { team_id: "not-a-uuid" }, query: { add_current_user: "maybe" } },
    );
    expect(platform).toEqual(expected);
  });

  test("a body field whose name holds an earlier key (`auth`) sorts with that key, as yup's path.includes(key) does", async () => {
    const body = { display_name: {}, primary_email_auth_enabled: "maybe" };
    const r = await call(em, "/users", { access: "server", body });
    const expected = [
      'body.primary_email_auth_enabled must be a `boolean` type, but the final value was: `"maybe"`.',
      "body.display_name must be a `string` type, but the final value was: `{}`.",
    ];
    expect(lines(r)).toEqual(expected);
    const platform = await platformCrudLines(
      "POST",
      { body: usersCrudServerCreateSchema, params: yupObject({ user_id: userIdOrMeSchema.defined() }).partial(), query: yupObject({}) },
      { body, params: {}, query: {} },
    );
    expect(platform).toEqual(expected);
  });

  test("every route the emulator treats as a CRUD route exists", () => {
    const names = new Set(em.core.router.list().map((r) => r.name));
    expect([...CRUD_ROUTES].filter((n) => !names.has(n))).toEqual([]);
  });
});

describe("smart routes: the order their request schema declares", () => {
  test("PATCH /internal/config/override/{level}: params (auth, params, body)", async () => {
    const r = await call(em, "/internal/config/override/bogus", { access: "admin", method: "PATCH", body: {} });
    expect(lines(r)).toEqual(["params.level must be one of the following values: project, branch, environment", "body.config_override_string must be defined"]);
  });

  test("POST /contact-channels/{user_id}/{contact_channel_id}/send-verification-code: params first (params, auth, body)", async () => {
    // apps/backend/src/app/api/latest/contact-channels/[user_id]/[contact_channel_id]/send-verification-code/route.tsx
    const r = await call(em, "/contact-channels/not-a-user/not-a-channel/send-verification-code", { access: "server", body: {} });
    expect(lines(r)).toEqual(["params.user_id must be a valid UUID", "params.contact_channel_id must be a valid UUID", "body.callback_url must be defined"]);
  });
});
