/**
 * What a handler answers. `json` bodies are serialized compactly (pretty when the client accepts HTML);
 * `text` bodies are sent as `text/plain; charset=utf-8`; `raw` is sent as is with its own content type.
 *
 * @example
 * const r: Reply = { status: 201, json: { id } };
 */
export type Reply =
  | { status?: number; json: unknown; headers?: Record<string, string> }
  | { status?: number; text: string; headers?: Record<string, string> }
  | { status?: number; raw: string | Buffer; contentType: string; headers?: Record<string, string> }
  | { status: number; empty: true; headers?: Record<string, string> };

/**
 * A JSON reply.
 *
 * @example
 * return json({ access_token, refresh_token, user_id });
 */
export function json(body: unknown, status = 200, headers?: Record<string, string>): Reply {
  return { status, json: body, headers };
}

/**
 * The platform's `{"success": true}` reply.
 *
 * @example
 * return success();
 */
export function success(): Reply {
  return { status: 200, json: { success: true } };
}

/**
 * A plain-text reply.
 *
 * @example
 * return text("ok");
 */
export function text(body: string, status = 200, headers?: Record<string, string>): Reply {
  return { status, text: body, headers };
}

/**
 * An HTML page reply.
 *
 * @example
 * return html("<h1>Inbox</h1>");
 */
export function html(body: string, status = 200): Reply {
  return { status, raw: body, contentType: "text/html; charset=utf-8" };
}

/**
 * A list reply in the platform's shape (`is_paginated: false`).
 *
 * @example
 * return list(channels.map(toWire));
 */
export function list(items: unknown[]): Reply {
  return json({ items, is_paginated: false });
}
