import nock from "nock";
import { ArgumentError, ClientApp, ServerApp, stackAppInternalsSymbol } from "../../../src/index";
import type { AnalyticsOptions } from "../../../src/index";
import { BASE, PROJECT } from "../../helpers/http";

afterEach(() => nock.cleanAll());
beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());

const make = (analytics: unknown) => new ClientApp({ projectId: PROJECT, baseUrl: BASE, tokenStore: "memory", analytics: analytics as AnalyticsOptions });

describe("the analytics option (the official SDK's; latchkey captures nothing)", () => {
  test.each<[string, AnalyticsOptions | undefined]>([
    ["absent", undefined],
    ["empty", {}],
    ["turned off", { enabled: false }],
    ["replays opted in, with every replay setting", { enabled: true, replays: { enabled: true, maskAllInputs: false, blockClass: /^secret-/, blockSelector: "[data-private]" } }],
    ["a class name to block", { replays: { blockClass: "private" } }],
  ])("is accepted and kept with the app's options: %s", (_label, analytics) => {
    const app = make(analytics);
    expect(app[stackAppInternalsSymbol].getConstructorOptions().analytics).toBe(analytics);
  });

  test.each<[string, unknown, RegExp]>([
    ["not an object", true, /^analytics must be an object\.$/],
    ["an array", [], /^analytics must be an object\.$/],
    ["enabled not a boolean", { enabled: "yes" }, /analytics\.enabled must be a boolean/],
    ["replays not an object", { replays: true }, /^analytics\.replays must be an object\.$/],
    ["replays.enabled not a boolean", { replays: { enabled: 1 } }, /analytics\.replays\.enabled must be a boolean/],
    ["maskAllInputs not a boolean", { replays: { maskAllInputs: "no" } }, /analytics\.replays\.maskAllInputs must be a boolean/],
    ["blockClass neither a string nor a RegExp", { replays: { blockClass: 3 } }, /^analytics\.replays\.blockClass must be a string\.$/],
    ["blockSelector not a string", { replays: { blockSelector: ["a"] } }, /^analytics\.replays\.blockSelector must be a string\.$/],
  ])("a wrong shape is an ArgumentError when the app is made: %s", (_label, analytics, message) => {
    expect(() => make(analytics)).toThrow(ArgumentError);
    expect(() => make(analytics)).toThrow(message);
  });

  test("server apps take it too", () => {
    expect(() => new ServerApp({ projectId: PROJECT, baseUrl: BASE, secretServerKey: "ssk_x", analytics: { enabled: false } })).not.toThrow();
    expect(() => new ServerApp({ projectId: PROJECT, baseUrl: BASE, secretServerKey: "ssk_x", analytics: { enabled: "no" } as never })).toThrow(ArgumentError);
  });
});
