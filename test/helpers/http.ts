import type { HttpSettings } from "../../src/http/types";

export const BASE = "https://api.example.test";
export const PROJECT = "6f1c2d4e-8a9b-4c3d-9e8f-0a1b2c3d4e5f";

/** Settings for the pipeline with retries that record their waits instead of sleeping. */
export function testSettings(overrides: Partial<HttpSettings> = {}): HttpSettings & { waits: number[] } {
  const waits: number[] = [];
  return {
    baseUrl: BASE,
    projectId: PROJECT,
    accessType: "client",
    sleep: async (ms: number) => {
      waits.push(ms);
    },
    random: () => 0.5,
    waits,
    ...overrides,
  };
}

/** A known-error answer as the platform sends it with x-stack-override-error-status. */
export function knownErrorReply(code: string, status: number, details?: object, message = `${code} happened`) {
  const body = JSON.stringify({ code, ...(details ? { details } : {}), error: message }, null, 2);
  return [200, body, { "content-type": "application/json; charset=utf-8", "x-stack-known-error": code, "x-stack-actual-status": String(status) }] as const;
}

/** The rejection of `promise`; fails the test if it resolved instead. */
export function caught(promise: Promise<unknown>): Promise<any> {
  return promise.then(
    (value) => {
      throw new Error(`expected a rejection, got ${JSON.stringify(value)}`);
    },
    (error) => error,
  );
}
