import { known } from "../errors";
import { jsonDepthExceeds } from "../util/json";

/**
 * What the emulator accepts as input, in one place.
 *
 * The platform has no explicit rule for either: its handler reads the whole body and `JSON.parse`s it
 * (`apps/backend/src/route-handlers/smart-request.tsx`), so only its host's request limit applies (Vercel
 * functions answer 413 above 4.5 MB), and a body nested thousands of levels deep fails deep inside its own code
 * (`jsonSchema` in `packages/stack-shared/src/schema-fields.ts` round-trips metadata through `JSON.stringify`, which
 * overflows the stack) as a 500. The emulator instead refuses such bodies up front with a clear 400
 * `BODY_PARSING_ERROR`, so nothing it stores can fail to be served back.
 *
 * @example
 * startEmulator({ maxBodyBytes: INPUT_LIMITS.defaultMaxBodyBytes * 4 });
 */
export const INPUT_LIMITS = {
  /**
   * Default largest request body, in bytes (the `maxBodyBytes` option; larger bodies are answered 413 in plain
   * text and the connection is closed): 1 MiB.
   */
  defaultMaxBodyBytes: 1024 * 1024,
  /**
   * Deepest nesting of objects and arrays in a JSON body, counting the body itself (`{"client_metadata": {}}` is 2
   * levels); deeper bodies get a 400 `BODY_PARSING_ERROR`. The config a `config_override_string` produces has the
   * same limit (a plain-text 400). 512 is far beyond any real metadata or config, and far below the depth where
   * JavaScript's recursive `JSON.stringify` (and recursive code in SDKs reading the value back) runs out of stack.
   */
  maxJsonDepth: 512,
} as const;

/**
 * The message of the 400 for JSON nested deeper than `INPUT_LIMITS.maxJsonDepth`.
 *
 * @example
 * tooDeepMessage("Request body"); // "Request body is nested too deeply: ..."
 */
export function tooDeepMessage(what: string): string {
  return `${what} is nested too deeply: JSON objects and arrays may be nested at most ${INPUT_LIMITS.maxJsonDepth} levels deep.`;
}

/**
 * Throws `BODY_PARSING_ERROR` (400) when a parsed JSON body nests deeper than `INPUT_LIMITS.maxJsonDepth`.
 *
 * @example
 * const body = JSON.parse(text); assertJsonBodyDepth(body);
 */
export function assertJsonBodyDepth(body: unknown): void {
  if (jsonDepthExceeds(body, INPUT_LIMITS.maxJsonDepth)) throw known("BODY_PARSING_ERROR", undefined, { message: tooDeepMessage("Request body") });
}
