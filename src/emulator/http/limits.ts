import { known } from "../errors";
import { jsonDepthExceeds } from "../util/json";

/**
 * What the emulator accepts as input, in one place.
 *
 * The platform has no rule of its own for either. Its handler reads the whole body and `JSON.parse`s it
 * (`apps/backend/src/route-handlers/smart-request.tsx`), so only its host limits the size: the hosted platform runs
 * on Vercel, whose functions refuse request bodies over 4.5 MB, and a self-hosted backend reads at most 10 MB, since
 * its Next.js proxy (`apps/backend/src/proxy.tsx`, matcher `/:path*`) buffers bodies up to Next.js's default
 * `proxyClientMaxBodySize` and `apps/backend/next.config.mjs` sets no other. A body nested thousands of levels deep
 * fails deep inside its own code (`jsonSchema` in `packages/stack-shared/src/schema-fields.ts` round-trips metadata
 * through `JSON.stringify`, which overflows the stack) as a 500. The emulator instead refuses such bodies up front
 * with a clear 400 `BODY_PARSING_ERROR`, so nothing it stores can fail to be served back.
 *
 * @example
 * startEmulator({ maxBodyBytes: INPUT_LIMITS.defaultMaxBodyBytes * 4 });
 */
export const INPUT_LIMITS = {
  /**
   * Default largest request body, in bytes (the `maxBodyBytes` option; larger bodies are answered 413 in plain
   * text and the connection is closed): 16 MiB, above anything the platform reads (4.5 MB hosted, 10 MB
   * self-hosted), so whatever the platform stores (a 1 MiB data-vault value, large metadata) the emulator stores too.
   */
  defaultMaxBodyBytes: 16 * 1024 * 1024,
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

/** JSON texts longer than this are checked for depth before they are parsed (below it, parsing costs little). */
const SCAN_BEFORE_PARSE_FROM = 1024 * 1024;

/**
 * Throws the same 400 as `assertJsonBodyDepth` for a large JSON text that nests deeper than
 * `INPUT_LIMITS.maxJsonDepth`, before it is parsed: parsing millions of nested arrays (a 16 MiB body can hold eight
 * million) takes seconds and gigabytes. Smaller texts are left to `JSON.parse` and `assertJsonBodyDepth`.
 *
 * @example
 * assertJsonTextDepth(text); const body = JSON.parse(text);
 */
export function assertJsonTextDepth(text: string): void {
  if (text.length <= SCAN_BEFORE_PARSE_FROM) return;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > INPUT_LIMITS.maxJsonDepth) throw known("BODY_PARSING_ERROR", undefined, { message: tooDeepMessage("Request body") });
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
}
