import { createHmac, randomBytes } from "node:crypto";
import type { Store } from "../store/store";
import { newId } from "../util/random";

/**
 * Key of the webhook endpoint records in `store.extra`.
 *
 * @example
 * store.extra[WEBHOOK_ENDPOINTS_FAMILY];
 */
export const WEBHOOK_ENDPOINTS_FAMILY = "webhook-endpoints";

/**
 * One delivery attempt to an endpoint.
 *
 * @example
 * const ok = attempt.status === "success";
 */
export interface WebhookAttempt {
  id: string;
  eventType: string;
  status: "success" | "failed";
  /** The endpoint's HTTP status, or null when it could not be reached. */
  responseStatus: number | null;
  error: string | null;
  timestampMillis: number;
}

/**
 * A webhook endpoint of a project (the platform keeps these in Svix; the emulator keeps them itself and they are
 * managed through `/emulator/webhook-endpoints`). Payloads are signed with `secret` the way Svix signs them.
 *
 * @example
 * const e: WebhookEndpointRecord = { projectId, id: "ep_…", url: "http://localhost:3000/hooks", secret: "whsec_…", createdAtMillis, attempts: [] };
 */
export interface WebhookEndpointRecord {
  projectId: string;
  id: string;
  url: string;
  secret: string;
  createdAtMillis: number;
  attempts: WebhookAttempt[];
}

/**
 * The project's endpoints (all projects when omitted).
 *
 * @example
 * const endpoints = webhookEndpoints(store, projectId);
 */
export function webhookEndpoints(store: Store, projectId?: string): WebhookEndpointRecord[] {
  const all = (store.extra[WEBHOOK_ENDPOINTS_FAMILY] ??= []) as WebhookEndpointRecord[];
  return projectId === undefined ? all : all.filter((e) => e.projectId === projectId);
}

/**
 * Registers an endpoint for a project, with a fresh signing secret.
 *
 * @example
 * const endpoint = addWebhookEndpoint(store, projectId, "http://localhost:3000/hooks");
 */
export function addWebhookEndpoint(store: Store, projectId: string, url: string): WebhookEndpointRecord {
  const record: WebhookEndpointRecord = {
    projectId,
    id: `ep_${newId().replace(/-/g, "")}`,
    url,
    secret: `whsec_${randomBytes(24).toString("base64")}`,
    createdAtMillis: Date.now(),
    attempts: [],
  };
  webhookEndpoints(store).push(record);
  store.touch();
  return record;
}

/**
 * The Svix-style signature headers of a payload: `svix-id`, `svix-timestamp` and `svix-signature`
 * (`v1,` + base64 HMAC-SHA256 of `id.timestamp.body` keyed by the secret's decoded bytes).
 *
 * @example
 * const headers = signWebhook(endpoint.secret, "msg_1", Math.floor(Date.now() / 1000), body);
 */
export function signWebhook(secret: string, messageId: string, timestampSeconds: number, body: string): Record<string, string> {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const signature = createHmac("sha256", key).update(`${messageId}.${timestampSeconds}.${body}`).digest("base64");
  return { "svix-id": messageId, "svix-timestamp": String(timestampSeconds), "svix-signature": `v1,${signature}` };
}

/**
 * Posts an event to an endpoint (5 s timeout) and records the attempt; success means a 2xx answer.
 *
 * @example
 * const attempt = await deliverWebhook(store, endpoint, "stack.test", { message: "hi" });
 */
export async function deliverWebhook(store: Store, endpoint: WebhookEndpointRecord, eventType: string, data: Record<string, unknown>): Promise<WebhookAttempt> {
  const messageId = `msg_${newId().replace(/-/g, "")}`;
  const body = JSON.stringify({ type: eventType, data });
  const attempt: WebhookAttempt = { id: newId(), eventType, status: "failed", responseStatus: null, error: null, timestampMillis: Date.now() };
  try {
    const res = await fetch(endpoint.url, {
      method: "POST",
      headers: { "content-type": "application/json", ...signWebhook(endpoint.secret, messageId, Math.floor(Date.now() / 1000), body) },
      body,
      signal: AbortSignal.timeout(5000),
    });
    await res.arrayBuffer().catch(() => undefined);
    attempt.responseStatus = res.status;
    attempt.status = res.ok ? "success" : "failed";
    if (!res.ok) attempt.error = `The endpoint answered ${res.status}.`;
  } catch (e) {
    attempt.error = e instanceof Error ? e.message : String(e);
  }
  endpoint.attempts.push(attempt);
  store.touch();
  return attempt;
}
