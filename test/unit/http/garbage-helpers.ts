/**
 * Shared by the garbage-answer tables (garbage-answers*.test.ts): the garbage bodies, the check every method must
 * pass (an UnexpectedResponseError with status, method, URL and excerpt, or success only for a write with nothing to
 * read given a JSON object), and the listing of an object's methods that keeps each table complete.
 */
import nock from "nock";
import { UnexpectedResponseError } from "../../../src/index";
import { BASE } from "../../helpers/http";

export const GARBAGE: Record<string, readonly [string, string]> = {
  "an HTML page": ["<!doctype html><html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>", "text/html"],
  "truncated JSON": ['{"id":"3f1e0a52-0000-4000-8000-0000', "application/json"],
  "wrong field types": [JSON.stringify({ id: 7, user_id: 8, items: { id: "x" }, access_token: false, refresh_token: [], nonce: 1, code: 2, location: 3, polling_code: 4, login_code: 5 }), "application/json"],
  "an empty object": ["{}", "application/json"],
  "an empty body": ["", "application/json"],
  "null": ["null", "application/json"],
};
/** Kinds after which a method with no result to read may succeed: the answer is JSON, just not what a reader needs. */
const OBJECT_KINDS = new Set(["wrong field types", "an empty object"]);

export type Call<T> = (target: T) => Promise<unknown>;
/** `void`: the method returns nothing read from the answer (a write), so an object answer may count as success. */
export interface Row<T> {
  call: Call<T>;
  void?: boolean;
}

export const methodsOf = (o: object): string[] => {
  const out = new Set<string>();
  for (let p = o; p && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
    for (const k of Object.getOwnPropertyNames(p)) if (k !== "constructor" && typeof (o as Record<string, unknown>)[k] === "function") out.add(k);
  }
  return [...out].sort();
};

/** Every request to the API, of any method, answers 200 with `body`; returns the count of requests. */
export function answerEverythingWith(body: string, type: string): { count: number } {
  const seen = { count: 0 };
  for (const method of ["get", "post", "patch", "put", "delete"] as const) {
    nock(BASE)
      .persist()
      [method](/.*/)
      .reply(() => {
        seen.count++;
        return [200, body, { "content-type": type }];
      });
  }
  return seen;
}

export async function check(row: Row<never>, target: never, kind: string) {
  const [body, type] = GARBAGE[kind];
  const seen = answerEverythingWith(body, type);
  const outcome = await row.call(target).then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  expect(seen.count).toBeGreaterThan(0);
  if (outcome.ok) {
    // Only a write with nothing to read may succeed, and only when the answer was a JSON object.
    // (A Result-returning write answers an ok result with no data.)
    const value = outcome.value as { status?: string; data?: unknown } | undefined;
    const nothing = value === undefined || (value.status === "ok" && value.data === undefined);
    expect({ kind, void: !!row.void, objectKind: OBJECT_KINDS.has(kind), nothing }).toEqual({ kind, void: true, objectKind: true, nothing: true });
    return;
  }
  const error = outcome.error as UnexpectedResponseError;
  if (!UnexpectedResponseError.isInstance(error)) throw error;
  expect(error.status).toBe(200);
  expect(error.request.url.startsWith(`${BASE}/api/v1/`)).toBe(true);
  expect(error.message).toContain(`${error.request.method} ${error.request.url} answered 200`);
  expect(error.excerpt.length).toBeLessThanOrEqual(100);
  expect(body.startsWith(error.excerpt.slice(0, 5))).toBe(true);
}

export const GARBAGE_CASES = <T>(rows: Record<string, Row<T>>) => Object.keys(rows).flatMap((name) => Object.keys(GARBAGE).map((kind) => [name, kind] as const));

