import { createHash } from "node:crypto";
import type { EmulatorCore } from "../core";
import { projectMetrics } from "../domain/metrics";
import { StatusError } from "../errors";
import { authOf, type RequestContext } from "../http/context";
import { json } from "../http/reply";
import { ADMIN_ONLY, type RouteDef } from "../http/router";
import { t } from "../http/schema";

/** Key of the saved AI-chat messages in `store.extra`. */
const AI_CHAT_FAMILY = "ai-chat";

interface ChatMessageRecord {
  projectId: string;
  threadId: string;
  message: unknown;
  createdAtMillis: number;
}

const chatRecords = (ctx: RequestContext) => (ctx.core.store.extra[AI_CHAT_FAMILY] ??= []) as ChatMessageRecord[];

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map((c) => (c && typeof c === "object" && typeof (c as { text?: unknown }).text === "string" ? (c as { text: string }).text : "")).join(" ");
  return "";
}

/** A deterministic local stand-in for the platform's AI assistant: it echoes what it was asked, changes nothing. */
function chatReply(ctx: RequestContext) {
  const messages = ctx.body.messages as { role: string; content: unknown }[];
  const lastUser = [...messages].reverse().find((m) => m.role === "user");
  const text = `Emulator assistant (${ctx.body.context_type}): received ${messages.length} message(s). Last request: "${textOf(lastUser?.content).trim()}". The emulator runs no AI model, so nothing was changed.`;
  return json({ content: [{ type: "text", text }] });
}

/**
 * Miscellaneous admin routes: `GET /internal/metrics` (+ `/user-counts`), `POST /webhooks/svix-token`,
 * `POST|PATCH|GET /internal/ai-chat/{thread_id}` (local deterministic responder; PATCH saves a message, GET lists
 * the thread). The config routes live in `config-overrides.ts`.
 *
 * @example
 * core.router.addAll(adminMiscRoutes(core));
 */
export function adminMiscRoutes(_core: EmulatorCore): RouteDef[] {
  const admin = { access: ADMIN_ONLY } as const;
  const thread = t.object({ thread_id: t.string().defined() });
  return [
    {
      ...admin,
      method: "GET",
      path: "/internal/metrics",
      query: t.object({ include_anonymous: t.boolean() }),
      handler: (ctx) => json(projectMetrics(ctx.core.store, authOf(ctx).project.id, ctx.query.include_anonymous === true)),
    },
    {
      ...admin,
      method: "GET",
      path: "/internal/metrics/user-counts",
      handler: (ctx) => {
        const users = ctx.core.store.usersOf(authOf(ctx).project.id);
        return json({ total_users: users.length, anonymous_users: users.filter((u) => u.isAnonymous).length });
      },
    },
    {
      ...admin,
      method: "POST",
      path: "/webhooks/svix-token",
      body: t.object({}),
      handler: (ctx) => json({ token: `emulator_svix_${createHash("sha256").update(`${ctx.core.store.signingSecret}:${authOf(ctx).project.id}`).digest("hex").slice(0, 32)}` }),
    },
    {
      ...admin,
      method: "POST",
      path: "/internal/ai-chat/:thread_id",
      params: thread,
      body: t
        .object({
          context_type: t.string({ oneOf: ["email-theme", "email-template", "email-draft"] }).defined(),
          messages: t.array(t.object({ role: t.string({ oneOf: ["user", "assistant", "tool"] }).defined(), content: t.json() })).defined(),
        })
        .defined(),
      handler: (ctx) => {
        if (ctx.body.messages.length === 0) throw new StatusError(400, "messages must contain at least one message");
        return chatReply(ctx);
      },
    },
    {
      ...admin,
      method: "PATCH",
      path: "/internal/ai-chat/:thread_id",
      params: thread,
      body: t.object({ message: t.json() }).defined(),
      handler: (ctx) => {
        if (ctx.body.message === undefined || ctx.body.message === null) throw new StatusError(400, "message must be defined");
        chatRecords(ctx).push({ projectId: authOf(ctx).project.id, threadId: ctx.params.thread_id, message: ctx.body.message, createdAtMillis: Date.now() });
        ctx.core.store.touch();
        return json({});
      },
    },
    {
      ...admin,
      method: "GET",
      path: "/internal/ai-chat/:thread_id",
      params: thread,
      handler: (ctx) => {
        const projectId = authOf(ctx).project.id;
        return json({ messages: chatRecords(ctx).filter((m) => m.projectId === projectId && m.threadId === ctx.params.thread_id).map((m) => m.message) });
      },
    },
  ];
}
