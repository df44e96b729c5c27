import type { AppContext } from "../core/context";
import { optionalObject, requireString } from "../util/validate";
import { ArgumentError } from "../errors/base";
import { err, ok } from "../util/result";
import type { Result } from "../util/result";

/**
 * The project's metrics exactly as the platform sends them (snake_case keys such as `total_users`,
 * `daily_users`, `recently_registered`, `login_methods`), like the official SDK's `getMetrics()`.
 *
 * @example
 * const metrics: AdminMetrics = await admin.getMetrics();
 * console.log(metrics.total_users);
 */
export type AdminMetrics = Record<string, unknown>;

/**
 * What the AI assistant is helping to edit.
 *
 * @example
 * const context: ChatContextType = "email-theme";
 */
export type ChatContextType = "email-theme" | "email-template" | "email-draft";

/**
 * One message of an AI-chat thread (`content` is text or the platform's content parts).
 *
 * @example
 * const message: ChatMessage = { role: "user", content: "Make the header blue" };
 */
export interface ChatMessage {
  role: "user" | "assistant" | "tool";
  content: unknown;
}

/** @internal `GET /internal/metrics` (not cached: it is a live figure). */
export async function getMetrics(ctx: AppContext, options?: { includeAnonymous?: boolean }): Promise<AdminMetrics> {
  const o = optionalObject(options, "getMetrics options");
  if (o.includeAnonymous !== undefined && typeof o.includeAnonymous !== "boolean") throw new ArgumentError("includeAnonymous must be a boolean.");
  return ctx.core.request<AdminMetrics>({ expect: "total_users#", path: "/internal/metrics", query: { include_anonymous: o.includeAnonymous } });
}

/** @internal `POST /webhooks/svix-token`: a token for the webhook portal. */
export async function getSvixToken(ctx: AppContext): Promise<string> {
  return (await ctx.core.request<{ token: string }>({ expect: "token", method: "POST", path: "/webhooks/svix-token", body: {} })).token;
}

/**
 * @internal `POST /internal/send-test-webhook`: a test event to one endpoint. Not reaching it is an error result
 * with the platform's `errorMessage`, not a throw.
 */
export async function sendTestWebhook(ctx: AppContext, options: { endpointId: string }): Promise<Result<undefined, { errorMessage: string }>> {
  const o = optionalObject(options, "sendTestWebhook options") as { endpointId?: unknown };
  const endpoint_id = requireString(o.endpointId, "endpointId");
  const answer = await ctx.core.request<{ success: boolean; error_message?: string }>({ expect: "success!", method: "POST", path: "/internal/send-test-webhook", body: { endpoint_id } });
  return answer.success ? ok(undefined) : err({ errorMessage: answer.error_message ?? "The test webhook could not be delivered." });
}

const CONTEXT_TYPES: ChatContextType[] = ["email-theme", "email-template", "email-draft"];
const ROLES = ["user", "assistant", "tool"];

const threadPath = (threadId: string) => `/internal/ai-chat/${encodeURIComponent(requireString(threadId, "threadId"))}`;

/** @internal `POST /internal/ai-chat/{thread}`: the assistant's answer to the conversation so far. */
export async function sendChatMessage(
  ctx: AppContext,
  threadId: string,
  contextType: ChatContextType,
  messages: ChatMessage[],
): Promise<{ content: unknown }> {
  const path = threadPath(threadId);
  if (!CONTEXT_TYPES.includes(contextType)) throw new ArgumentError(`contextType must be one of ${CONTEXT_TYPES.join(", ")}.`);
  if (!Array.isArray(messages) || messages.length === 0) throw new ArgumentError("messages must be a non-empty array of { role, content }.");
  messages.forEach((m, i) => {
    if (typeof m !== "object" || m === null || !ROLES.includes(m.role)) throw new ArgumentError(`messages[${i}].role must be one of ${ROLES.join(", ")}.`);
  });
  const answer = await ctx.core.request<{ content: unknown }>({
    expect: "content*",
    method: "POST",
    path,
    body: { context_type: contextType, messages: messages.map(({ role, content }) => ({ role, content })) },
  });
  return { content: answer.content };
}

/** @internal `PATCH /internal/ai-chat/{thread}`: stores one message in the thread. */
export async function saveChatMessage(ctx: AppContext, threadId: string, message: unknown): Promise<void> {
  const path = threadPath(threadId);
  if (message === undefined || message === null) throw new ArgumentError("message must be given.");
  await ctx.core.request({ method: "PATCH", path, body: { message } });
}

/** @internal `GET /internal/ai-chat/{thread}`: the stored messages, oldest first. */
export async function listChatMessages(ctx: AppContext, threadId: string): Promise<{ messages: unknown[] }> {
  const { messages } = await ctx.core.request<{ messages: unknown[] }>({ expect: "messages[*]", path: threadPath(threadId) });
  return { messages };
}
