// The dev tools' view of latchkey's emulator: whether the app's API is one (its `GET /emulator/info` answers), and
// the e-mails it captured for the app's project (`GET /emulator/outbox`), read over HTTP: the SDK never imports the
// emulator, so the fields read here are spelled out below (the emulator's `OutboxItem` has them).

/** The fields of an item of `GET /emulator/outbox` the dev tools read. */
interface OutboxItem {
  id: string;
  kind: string;
  to: string[];
  subject: string;
  links: string[];
  sent_at_millis: number;
}

/**
 * An e-mail of the emulator's outbox, with the link a person would follow (verification, magic link, password reset,
 * team invitation: the first link carrying a `code`, as latchkey/testing's `receivedEmail` picks it).
 * @internal
 * @example
 * const mail: OutboxMail = { id, kind: "magic_link", to: ["ada@example.com"], subject: "Sign in", sentAt: Date.now(), link: "http://localhost:3000/handler/magic-link-callback?code=…" };
 */
export interface OutboxMail {
  id: string;
  kind: string;
  to: string[];
  subject: string;
  sentAt: number;
  link: string | null;
}

const hasCode = (link: string): boolean => {
  try {
    return new URL(link).searchParams.has("code");
  } catch {
    return false;
  }
};

/**
 * Whether the API at `baseUrl` is latchkey's emulator (its `GET /emulator/info` answers with its `api_url`).
 * @internal
 * @example
 * if (await isEmulator(fetch, "http://localhost:8102")) showOutbox();
 */
export async function isEmulator(doFetch: typeof fetch, baseUrl: string): Promise<boolean> {
  try {
    const response = await doFetch(baseUrl.replace(/\/+$/, "") + "/emulator/info", { cache: "no-store" });
    return response.ok && typeof ((await response.json()) as { api_url?: unknown }).api_url === "string";
  } catch {
    return false;
  }
}

/**
 * The e-mails the emulator at `baseUrl` captured for `projectId`, newest first.
 * @internal
 * @example
 * const mails = await outboxOf(fetch, "http://localhost:8102", app.projectId);
 */
export async function outboxOf(doFetch: typeof fetch, baseUrl: string, projectId: string): Promise<OutboxMail[]> {
  const url = `${baseUrl.replace(/\/+$/, "")}/emulator/outbox?project_id=${encodeURIComponent(projectId)}`;
  const response = await doFetch(url, { cache: "no-store" });
  if (!response.ok) throw new Error(`GET /emulator/outbox answered ${response.status}`);
  const { items } = (await response.json()) as { items: OutboxItem[] };
  return items
    .map((item) => ({ id: item.id, kind: item.kind, to: item.to, subject: item.subject, sentAt: item.sent_at_millis, link: item.links.find(hasCode) ?? null }))
    .reverse();
}
