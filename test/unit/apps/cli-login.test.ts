import nock from "nock";
import { ArgumentError, HttpError, KnownErrors } from "../../../src/index";
import type { AppContext } from "../../../src/core/context";
import { promptCliLogin } from "../../../src/auth/cli-login";
import type { PromptCliLoginOptions } from "../../../src/auth/cli-login";
import { BASE, caught, knownErrorReply } from "../../helpers/http";
import { testClientApp } from "../../helpers/app";
import { fakeAccessToken, fakeRefreshToken } from "../../helpers/tokens";

// promptCliLogin against nock: the start request, each poll outcome, the waits between polls and the checks
// made before any request.
afterEach(() => nock.cleanAll());
beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());

const json = (body: unknown, status = 200) => [status, JSON.stringify(body), { "content-type": "application/json; charset=utf-8" }] as const;
const POLLING = "p".repeat(45);
const LOGIN = "l".repeat(45);
const APP_URL = "https://myapp.example";

type Seen = { path: string; body: any; headers: Record<string, string | string[] | undefined> };

/** nock: `POST /auth/cli` answers the codes, then each poll answers the next of `polls` (the last one repeats). */
function platform(polls: Array<readonly [number, string, Record<string, string>]>) {
  const seen: Seen[] = [];
  const record = function (this: { req: { headers: Record<string, string> } }, path: string, body: unknown) {
    seen.push({ path, body, headers: this.req.headers });
  };
  nock(BASE)
    .post("/api/v1/auth/cli")
    .reply(function (path, body) {
      record.call(this, path, body);
      return json({ polling_code: POLLING, login_code: LOGIN, expires_at: new Date(Date.now() + 7_200_000).toISOString() });
    });
  let i = 0;
  nock(BASE)
    .post("/api/v1/auth/cli/poll")
    .times(1000)
    .reply(function (path, body) {
      record.call(this, path, body);
      return polls[Math.min(i++, polls.length - 1)] as never;
    });
  return { seen, polls: () => seen.filter((s) => s.path.endsWith("/poll")) };
}

const waiting = json({ status: "waiting" });
const success = (token: string) => json({ status: "success", refresh_token: token }, 201);

/** Runs the module function with a recording `wait`, through a test app's context. */
async function run(options: PromptCliLoginOptions, appOptions = {}) {
  const { app } = testClientApp(appOptions);
  const waits: number[] = [];
  const ctx = (app as unknown as { ctx: AppContext }).ctx;
  const result = await promptCliLogin(ctx, options, async (ms) => void waits.push(ms));
  return { result, waits, app };
}

test("waiting, waiting, success: the refresh token after two default 2000 ms waits; the link goes to promptLink", async () => {
  const token = fakeRefreshToken();
  const p = platform([waiting, waiting, success(token)]);
  const prompted: [string, string][] = [];
  const { result, waits } = await run({ appUrl: APP_URL, promptLink: (url, code) => void prompted.push([url, code]) });
  expect(result).toEqual({ status: "ok", data: token });
  expect(waits).toEqual([2000, 2000]);
  expect(prompted).toEqual([[`${APP_URL}/handler/cli-auth-confirm?login_code=${LOGIN}`, LOGIN]]);
  expect(p.seen[0].body).toEqual({});
  expect(p.polls().map((s) => s.body)).toEqual([{ polling_code: POLLING }, { polling_code: POLLING }, { polling_code: POLLING }]);
});

test("waitTimeMillis sets the wait between polls; expiresInMillis and anonRefreshToken go to the start request", async () => {
  const p = platform([waiting, waiting, waiting, success("rt")]);
  const anon = fakeRefreshToken();
  const { result, waits } = await run({ appUrl: APP_URL, waitTimeMillis: 50, expiresInMillis: 60_000, anonRefreshToken: anon, promptLink: () => {} });
  expect(result).toEqual({ status: "ok", data: "rt" });
  expect(waits).toEqual([50, 50, 50]);
  expect(p.seen[0].body).toEqual({ expires_in_millis: 60_000, anon_refresh_token: anon });
});

test("the public method waits waitTimeMillis with a real timer between polls", async () => {
  platform([waiting, waiting, success("rt")]);
  const { app } = testClientApp();
  const timer = jest.spyOn(global, "setTimeout");
  try {
    expect(await app.promptCliLogin({ appUrl: APP_URL, waitTimeMillis: 37, promptLink: () => {} })).toEqual({ status: "ok", data: "rt" });
    expect(timer.mock.calls.filter(([, ms]) => ms === 37)).toHaveLength(2);
  } finally {
    timer.mockRestore();
  }
});

test("requests go without the app's session: no user token leaves with them", async () => {
  const p = platform([success("rt")]);
  const { app } = testClientApp({ tokenStore: { accessToken: fakeAccessToken(600), refreshToken: fakeRefreshToken() } });
  await app.promptCliLogin({ appUrl: APP_URL, promptLink: () => {} });
  expect(p.seen).toHaveLength(2);
  for (const { headers } of p.seen) {
    expect(headers["x-stack-access-token"]).toBeUndefined();
    expect(headers["x-stack-refresh-token"]).toBeUndefined();
    expect(headers["x-stack-access-type"]).toBe("client");
  }
});

test("expired → CliAuthExpiredError with the platform SDK's message", async () => {
  platform([waiting, json({ status: "expired" })]);
  const { result } = await run({ appUrl: APP_URL, promptLink: () => {} });
  if (result.status !== "error") throw new Error("expected an error result");
  expect(KnownErrors.CliAuthExpiredError.isInstance(result.error)).toBe(true);
  expect(KnownErrors.CliAuthError.isInstance(result.error)).toBe(false);
  expect(result.error.message).toBe("CLI authentication request expired. Please try again.");
  expect(result.error.status).toBe(400);
});

test("used → CliAuthUsedError with the platform SDK's message", async () => {
  platform([json({ status: "used" })]);
  const { result, waits } = await run({ appUrl: APP_URL, promptLink: () => {} });
  if (result.status !== "error") throw new Error("expected an error result");
  expect(KnownErrors.CliAuthUsedError.isInstance(result.error)).toBe(true);
  expect(result.error.message).toBe("This authentication token has already been used.");
  expect(waits).toEqual([]);
});

test("an unknown status, or a success without a refresh token, is a CliAuthError", async () => {
  platform([json({ status: "pending-review" })]);
  const unknown = (await run({ appUrl: APP_URL, promptLink: () => {} })).result;
  if (unknown.status !== "error") throw new Error("expected an error result");
  expect(KnownErrors.CliAuthError.isInstance(unknown.error)).toBe(true);
  expect(unknown.error.message).toContain('"pending-review"');
  nock.cleanAll();
  platform([json({ status: "success" }, 201)]);
  const tokenless = (await run({ appUrl: APP_URL, promptLink: () => {} })).result;
  expect(tokenless.status === "error" && KnownErrors.CliAuthError.isInstance(tokenless.error)).toBe(true);
});

test("maxAttempts: that many polls, no wait after the last, then the timeout error", async () => {
  const p = platform([waiting]);
  const { result, waits } = await run({ appUrl: APP_URL, maxAttempts: 3, promptLink: () => {} });
  if (result.status !== "error") throw new Error("expected an error result");
  expect(KnownErrors.CliAuthError.isInstance(result.error)).toBe(true);
  expect(result.error.message).toBe("Timed out waiting for CLI authentication.");
  expect(p.polls()).toHaveLength(3);
  expect(waits).toEqual([2000, 2000]);

  nock.cleanAll();
  const once = platform([waiting]);
  const single = await run({ appUrl: APP_URL, maxAttempts: 1, promptLink: () => {} });
  expect(single.result.status).toBe("error");
  expect(once.polls()).toHaveLength(1);
  expect(single.waits).toEqual([]);
});

test("without maxAttempts polling goes on until an answer comes", async () => {
  const answers = Array.from({ length: 40 }, () => waiting);
  const p = platform([...answers, success("late")]);
  const { result, waits } = await run({ appUrl: APP_URL, promptLink: () => {} });
  expect(result).toEqual({ status: "ok", data: "late" });
  expect(p.polls()).toHaveLength(41);
  expect(waits).toHaveLength(40);
});

test("without promptLink the link and the login code are printed", async () => {
  platform([success("rt")]);
  const log = jest.spyOn(console, "log").mockImplementation(() => {});
  try {
    await run({ appUrl: "http://localhost:3000/ignored/path" });
    const printed = log.mock.calls.map((c) => c.join(" ")).join("\n");
    expect(printed).toContain(`http://localhost:3000/handler/cli-auth-confirm?login_code=${LOGIN}`);
    expect(printed).toContain(`Login code: ${LOGIN}`);
  } finally {
    log.mockRestore();
  }
});

test("the link follows urls.cliAuthConfirm: a path is resolved against appUrl, an absolute URL is kept", async () => {
  platform([success("rt")]);
  let link = "";
  await run({ appUrl: APP_URL, promptLink: (url) => void (link = url) }, { urls: { cliAuthConfirm: "/auth/cli?from=cli" } });
  expect(link).toBe(`${APP_URL}/auth/cli?from=cli&login_code=${LOGIN}`);
  nock.cleanAll();
  platform([success("rt")]);
  await run({ appUrl: APP_URL, promptLink: (url) => void (link = url) }, { urls: { cliAuthConfirm: "https://accounts.example/cli" } });
  expect(link).toBe(`https://accounts.example/cli?login_code=${LOGIN}`);
});

test("a plain-text refusal of the start (a bad anonRefreshToken) is a CliAuthError result and nothing is polled", async () => {
  const polls = nock(BASE).post("/api/v1/auth/cli/poll").reply(...waiting);
  nock(BASE).post("/api/v1/auth/cli").reply(400, "Invalid anon refresh token", { "content-type": "text/plain" });
  const prompt = jest.fn();
  const { result } = await run({ appUrl: APP_URL, anonRefreshToken: "nope", promptLink: prompt });
  if (result.status !== "error") throw new Error("expected an error result");
  expect(KnownErrors.CliAuthError.isInstance(result.error)).toBe(true);
  expect(result.error.message).toContain("400 Invalid anon refresh token");
  expect(prompt).not.toHaveBeenCalled();
  expect(polls.isDone()).toBe(false);
});

test("known errors and 5xx answers are thrown", async () => {
  nock(BASE).post("/api/v1/auth/cli").reply(...json({ polling_code: POLLING, login_code: LOGIN, expires_at: "x" }));
  nock(BASE).post("/api/v1/auth/cli/poll").reply(...knownErrorReply("INVALID_POLLING_CODE", 400));
  const known = await caught(run({ appUrl: APP_URL, promptLink: () => {} }));
  expect(KnownErrors.InvalidPollingCodeError.isInstance(known)).toBe(true);

  nock(BASE).post("/api/v1/auth/cli").reply(500, "boom");
  const server = await caught(run({ appUrl: APP_URL, promptLink: () => {} }));
  expect(HttpError.isInstance(server) && server.status).toBe(500);
});

describe("arguments are checked before any request", () => {
  const cases: [string, unknown][] = [
    ["no options", undefined],
    ["null options", null],
    ["no appUrl", {}],
    ["empty appUrl", { appUrl: "" }],
    ["relative appUrl", { appUrl: "/handler" }],
    ["not a URL", { appUrl: "my app" }],
    ["non-http appUrl", { appUrl: "javascript:alert(1)" }],
    ["ftp appUrl", { appUrl: "ftp://myapp.example" }],
    ["appUrl not a string", { appUrl: 42 }],
    ["expiresInMillis 0", { appUrl: APP_URL, expiresInMillis: 0 }],
    ["expiresInMillis negative", { appUrl: APP_URL, expiresInMillis: -5 }],
    ["expiresInMillis fractional", { appUrl: APP_URL, expiresInMillis: 1.5 }],
    ["expiresInMillis over 24 h", { appUrl: APP_URL, expiresInMillis: 86_400_001 }],
    ["expiresInMillis a string", { appUrl: APP_URL, expiresInMillis: "60000" }],
    ["expiresInMillis NaN", { appUrl: APP_URL, expiresInMillis: NaN }],
    ["maxAttempts 0", { appUrl: APP_URL, maxAttempts: 0 }],
    ["maxAttempts fractional", { appUrl: APP_URL, maxAttempts: 2.5 }],
    ["maxAttempts a string", { appUrl: APP_URL, maxAttempts: "3" }],
    ["maxAttempts NaN", { appUrl: APP_URL, maxAttempts: NaN }],
    ["waitTimeMillis negative", { appUrl: APP_URL, waitTimeMillis: -1 }],
    ["waitTimeMillis Infinity", { appUrl: APP_URL, waitTimeMillis: Infinity }],
    ["waitTimeMillis a string", { appUrl: APP_URL, waitTimeMillis: "2000" }],
    ["promptLink not a function", { appUrl: APP_URL, promptLink: "open" }],
    ["empty anonRefreshToken", { appUrl: APP_URL, anonRefreshToken: "" }],
    ["anonRefreshToken not a string", { appUrl: APP_URL, anonRefreshToken: 7 }],
  ];
  test.each(cases)("%s → ArgumentError", async (_, options) => {
    // Any request would meet nock's disabled network and fail with something other than an ArgumentError.
    const error = await caught(testClientApp().app.promptCliLogin(options as PromptCliLoginOptions));
    expect(ArgumentError.isInstance(error)).toBe(true);
  });

  test("valid edge values are accepted: maxAttempts Infinity, waitTimeMillis 0, expiresInMillis 24 h", async () => {
    const p = platform([waiting, success("rt")]);
    const { result, waits } = await run({ appUrl: APP_URL, maxAttempts: Infinity, waitTimeMillis: 0, expiresInMillis: 86_400_000, promptLink: () => {} });
    expect(result).toEqual({ status: "ok", data: "rt" });
    expect(waits).toEqual([0]);
    expect(p.seen[0].body).toEqual({ expires_in_millis: 86_400_000 });
  });
});
