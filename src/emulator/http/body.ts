import type { IncomingMessage } from "node:http";
import { known, StatusError } from "../errors";
import { assertJsonBodyDepth, assertJsonTextDepth } from "./limits";

/**
 * Bodies up to this many bytes past the limit are read to their end and dropped as they arrive, then answered 413 and
 * the connection closed. A larger one (or one whose `content-length` says it will be larger) is answered at once.
 */
const MAX_DRAIN_BYTES = 64 * 1024 * 1024;
/**
 * After such an early 413, what the client still sends is read and dropped for this long before the connection is
 * closed: closing a connection with unread data resets it, and a client still uploading could lose the answer.
 */
const LINGER_MS = 1000;

function tooLargeError(limit: number, headers: Record<string, string>): StatusError {
  return new StatusError(413, `Request body is too large: the emulator accepts at most ${limit} bytes (${describeBytes(limit)}).`, headers);
}

const describeBytes = (n: number): string => (n % (1024 * 1024) === 0 ? `${n / (1024 * 1024)} MiB` : n % 1024 === 0 ? `${n / 1024} KiB` : `${n} bytes`);

/** Drops whatever still comes on `req`; closes the connection `LINGER_MS` later unless the body ends first. */
function discardRest(req: IncomingMessage): void {
  req.removeAllListeners("data");
  req.on("data", () => undefined);
  req.resume();
  const timer = setTimeout(() => req.socket.destroy(), LINGER_MS);
  timer.unref();
  req.once("end", () => clearTimeout(timer));
}

/**
 * Reads the request body, keeping at most `limit` bytes: a larger body is answered with 413 (plain text) without
 * being kept, and one far larger without waiting for its end. A body that breaks off (the client went away) is a
 * 400, never a 500.
 *
 * @example
 * const buffer = await readBody(req, 16 * 1024 * 1024);
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const drainUpTo = limit + MAX_DRAIN_BYTES;
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    let done = false;
    const settle = (f: () => void) => {
      if (done) return;
      done = true;
      f();
    };
    const refuseNow = () =>
      settle(() => {
        discardRest(req);
        reject(tooLargeError(limit, {}));
      });
    const declared = Number(req.headers["content-length"]);
    if (Number.isFinite(declared) && declared > drainUpTo) return refuseNow();
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        tooLarge = true;
        chunks.length = 0;
        if (size > drainUpTo) refuseNow();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => settle(() => (tooLarge ? reject(tooLargeError(limit, { connection: "close" })) : resolve(Buffer.concat(chunks)))));
    const brokenOff = () => settle(() => reject(new StatusError(400, "The request body could not be read: the connection closed before the body ended.")));
    req.on("error", brokenOff);
    req.on("close", brokenOff);
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
      const text = getText();
      assertJsonTextDepth(text);
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
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
