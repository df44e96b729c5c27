import type { InternalApiKey, InternalApiKeyCreate, InternalApiKeyFirstView } from "../resources/api-keys/admin-internal";
import type { AdminMetrics, ChatContextType, ChatMessage } from "../resources/admin-misc";
import type { Result } from "../util/result";
import { serverGroup } from "./server-delegations";

/**
 * The project tools of {@link AdminApp}: the project's internal API keys, its metrics, the webhook portal and test
 * events, and the AI assistant's chat. Each method loads the admin resource code on first use.
 *
 * @example
 * const { total_users } = await admin.getMetrics();
 * const portalToken = await admin.getSvixToken();
 */
export interface AdminProjectTools {
  /**
   * Creates a set of project keys. The full key values are in the answer only; later lists show the last four.
   * @example
   * const key = await admin.createInternalApiKey({ description: "CI", expiresAt: new Date(Date.now() + 30 * 864e5), hasPublishableClientKey: false, hasSecretServerKey: true, hasSuperSecretAdminKey: false });
   */
  createInternalApiKey(data: InternalApiKeyCreate): Promise<InternalApiKeyFirstView>;

  /**
   * The project's key sets, newest first, each key shown by its last four characters.
   * @example
   * const stale = (await admin.listInternalApiKeys()).filter((k) => k.whyInvalid() === "expired");
   */
  listInternalApiKeys(): Promise<InternalApiKey[]>;

  /**
   * The project's metrics as the platform sends them (`total_users`, `daily_users`, …).
   * @example
   * const { total_users } = await admin.getMetrics();
   */
  getMetrics(options?: { includeAnonymous?: boolean }): Promise<AdminMetrics>;

  /**
   * A token for the webhook management portal.
   * @example
   * const token = await admin.getSvixToken();
   */
  getSvixToken(): Promise<string>;

  /**
   * Sends a test event to one webhook endpoint. An endpoint that is gone or does not answer 2xx is an error result
   * with the platform's `errorMessage`, not a throw. (The latchkey emulator keeps endpoints under
   * `/emulator/webhook-endpoints` and really posts the signed event.)
   * @example
   * const result = await admin.sendTestWebhook({ endpointId: "ep_2a…" });
   * if (result.status === "error") console.log(result.error.errorMessage);
   */
  sendTestWebhook(options: { endpointId: string }): Promise<Result<undefined, { errorMessage: string }>>;

  /**
   * Asks the AI assistant about a thread's conversation and returns its answer's content.
   * @example
   * const { content } = await admin.sendChatMessage(threadId, "email-theme", [{ role: "user", content: "Make it blue" }]);
   */
  sendChatMessage(threadId: string, contextType: ChatContextType, messages: ChatMessage[]): Promise<{ content: unknown }>;

  /**
   * Stores one message in an AI-chat thread.
   * @example
   * await admin.saveChatMessage(threadId, { role: "user", content: "Make it blue" });
   */
  saveChatMessage(threadId: string, message: unknown): Promise<void>;

  /**
   * The stored messages of an AI-chat thread.
   * @example
   * const { messages } = await admin.listChatMessages(threadId);
   */
  listChatMessages(threadId: string): Promise<{ messages: unknown[] }>;
}

/** @internal The project tools' code: each method calls the admin resource function its row names. */
export const AdminProjectTools = /* @__PURE__ */ serverGroup<AdminProjectTools>({
  createInternalApiKey: "createInternalApiKey",
  listInternalApiKeys: "listInternalApiKeys",
  getMetrics: "getMetrics",
  getSvixToken: "getSvixToken",
  sendTestWebhook: "sendTestWebhook",
  sendChatMessage: "sendChatMessage",
  saveChatMessage: "saveChatMessage",
  listChatMessages: "listChatMessages",
});
