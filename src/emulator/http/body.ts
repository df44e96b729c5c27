import type { IncomingMessage } from "node:http";
import { known, StatusError } from "../errors";
import { assertJsonBodyDepth } from "./limits";

/** Bodies larger than this many bytes are drained without being kept, then the connection is closed. */
const MAX_DRAIN_BYTES = 64 * 1024 * 1024;

/**
 * Reads the request body, keeping at most `limit` bytes. A larger body is answered with 413 (plain text).
 *
 * @example
 * const buffer = await readBody(req, 1024 * 1024);
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    const tooLargeError = () =>
      new StatusError(413, `Request body is too large: the emulator accepts at most ${limit} bytes.`, { connection: "close" });
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        tooLarge = true;
        chunks.length = 0;
        if (size > MAX_DRAIN_BYTES) {
          req.pause();
          reject(tooLargeError());
        }
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => (tooLarge ? reject(tooLargeError()) : resolve(Buffer.concat(chunks))));
    req.on("error", reject);
  });
}

/**
 * Parses a body by content type like the platform (wire §4): GET bodies and missing types are ignored; JSON,
 * form, text and octet-stream are understood; anything else is a `BODY_PARSING_ERROR`, and so is JSON nested deeper
 * than `INPUT_LIMITS.maxJsonDepth`.
 *
 * @example
 * const body = parseBody("POST", "application/json; charset=utf-8", buffer);
 */
export function parseBody(method: string, contentTypeHeader: string | undefined, buffer: Buffer): unknown {
  const contentType = method === "GET" ? undefined : contentTypeHeader?.split(";")[0].trim().toLowerCase();
  const getText = () => {
    try {
      return new TextDecoder("utf-8", { fatal: true }).decode(buffer);
    } catch {
      throw known("BODY_PARSING_ERROR", undefined, { message: "Request body cannot be parsed as UTF-8" });
    }
  };
  switch (contentType) {
    case undefined:
    case "":
      return undefined;
    case "application/json": {
      let parsed: unknown;
      try {
        parsed = JSON.parse(getText());
      } catch {
        throw known("BODY_PARSING_ERROR", undefined, { message: "Invalid JSON in request body" });
      }
      assertJsonBodyDepth(parsed);
      return parsed;
    }
    case "application/x-www-form-urlencoded":
      return Object.fromEntries(new URLSearchParams(getText()).entries());
    case "text/plain":
      return getText();
    case "application/octet-stream":
      return buffer;
    default:
      throw known("BODY_PARSING_ERROR", undefined, { message: `Unknown content type in request body: ${contentType}` });
  }
}
