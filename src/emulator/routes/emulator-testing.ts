import type { EmulatorCore } from "../core";
import { StatusError } from "../errors";
import { json } from "../http/reply";
import type { RequestContext } from "../http/context";
import type { RouteDef } from "../http/router";
import { MOCK_OAUTH_PREFIX } from "../oauth/mock-routes";
import { setNextIdentity, type MockIdentity } from "../oauth/next-identity";
import { waitForOutboxEmail, type OutboxWaitFilter } from "../outbox/outbox-wait";
import { toOutboxItem } from "../outbox/outbox";
import { captureBaseline, resetToBaseline } from "../test-controls";

/** The longest one `GET /emulator/outbox/wait` holds the request (a client wanting longer asks again). */
const MAX_WAIT_MS = 60_000;

function number(raw: unknown, name: string): number | undefined {
  if (raw === undefined || raw === "") return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new StatusError(400, `${name} must be a number of milliseconds, 0 or more.`);
  return n;
}

/** The wait filter of `GET /emulator/outbox/wait`'s query. */
function waitFilter(q: Record<string, unknown>): OutboxWaitFilter {
  const text = (name: string) => (typeof q[name] === "string" && q[name] !== "" ? (q[name] as string) : undefined);
  let subject: string | RegExp | undefined = text("subject");
  const pattern = text("subject_pattern");
  if (pattern !== undefined) {
    try {
      subject = new RegExp(pattern, text("subject_flags") ?? "");
    } catch (e) {
      throw new StatusError(400, `subject_pattern is not a regular expression: ${(e as Error).message}`);
    }
  }
  return {
    to: text("to"),
    subject,
    kind: text("kind"),
    projectId: text("project_id"),
    sinceMillis: number(q.since, "since"),
    excludeIds: text("exclude")?.split(",").filter(Boolean),
  };
}

/** Answers when a matching e-mail is there (at once, or when captured), or after the wait with `item: null`. */
async function waitForEmail(ctx: RequestContext) {
  const filter = waitFilter(ctx.query);
  const timeoutMs = Math.min(number(ctx.query.timeout_ms, "timeout_ms") ?? 10_000, MAX_WAIT_MS);
  // A client that gives up (or an emulator that stops) ends the wait: nothing is left listening.
  const gone = new AbortController();
  const socket = ctx.req.socket;
  const abort = () => gone.abort();
  socket.once("close", abort);
  try {
    const found = await waitForOutboxEmail(ctx.core.outbox, filter, { timeoutMs, signal: gone.signal });
    if (found) return json({ item: toOutboxItem(found) });
    const items = ctx.core.outbox.list({ projectId: filter.projectId }).map(toOutboxItem);
    return json({ item: null, items });
  } finally {
    socket.off("close", abort);
  }
}

function identityOf(body: unknown): MockIdentity | null {
  if (body === null) return null;
  const b = body as Record<string, unknown> | undefined;
  if (!b || typeof b !== "object" || typeof b.email !== "string" || !b.email.trim()) {
    throw new StatusError(400, 'Send the identity as JSON: {"email": "…", "name"?: "…", "account_id"?: "…", "email_verified"?: true}.');
  }
  const optionalText = (name: string) => {
    const v = b[name];
    if (v !== undefined && v !== null && typeof v !== "string") throw new StatusError(400, `${name} must be a string.`);
    return v as string | null | undefined;
  };
  if (b.email_verified !== undefined && typeof b.email_verified !== "boolean") throw new StatusError(400, "email_verified must be true or false.");
  const accountId = optionalText("account_id");
  return {
    email: b.email.trim(),
    name: optionalText("name"),
    ...(accountId ? { accountId } : {}),
    ...(b.email_verified !== undefined ? { emailVerified: b.email_verified as boolean } : {}),
  };
}

/**
 * The emulator's controls for tests (outside `/api`, like the other `/emulator/*` pages):
 *
 * - `POST /emulator/reset`: back to the baseline state (the state at start): users, sessions, teams, outbox and
 *   project settings; fault rules, statistics and chosen OAuth identities are cleared. `POST /emulator/baseline`
 *   makes the current state the baseline (after seeding).
 * - `GET /emulator/outbox/wait?to&subject|subject_pattern&subject_flags&kind&project_id&since&exclude&timeout_ms`:
 *   long-polls for the newest matching e-mail (`{"item": {...}}` as soon as there is one; after `timeout_ms`,
 *   default 10 s and at most 60 s, `{"item": null, "items": [the outbox]}`). `exclude` is a comma-separated list of
 *   e-mail ids already read; `since` a time in epoch milliseconds.
 * - `POST /emulator/oauth/:provider_id/next-identity` `{"email", "name"?, "account_id"?, "email_verified"?}`: the
 *   mock provider's next authorization answers at once as this person (no consent page), once; `DELETE` forgets it.
 *
 * @example
 * core.router.addAll(emulatorTestingRoutes(core));
 */
export function emulatorTestingRoutes(core: EmulatorCore): RouteDef[] {
  // The state before any request is what a reset returns to (unless a test sets another baseline).
  captureBaseline(core);
  const root = (def: Omit<RouteDef, "scope" | "access">): RouteDef => ({ ...def, scope: "root", access: "any" });
  return [
    root({
      method: "POST",
      path: "/emulator/reset",
      handler: () => {
        resetToBaseline(core);
        return json({ success: true });
      },
    }),
    root({
      method: "POST",
      path: "/emulator/baseline",
      handler: () => {
        captureBaseline(core, { force: true });
        return json({ success: true });
      },
    }),
    root({ method: "GET", path: "/emulator/outbox/wait", waits: true, handler: waitForEmail }),
    root({
      method: "POST",
      path: `${MOCK_OAUTH_PREFIX}/:provider_id/next-identity`,
      handler: (ctx) => {
        const account = setNextIdentity(core, String(ctx.params.provider_id), identityOf(ctx.body));
        return json({
          provider_id: ctx.params.provider_id,
          identity: account && { account_id: account.accountId, email: account.email, name: account.name, email_verified: account.emailVerified },
        });
      },
    }),
    root({
      method: "DELETE",
      path: `${MOCK_OAUTH_PREFIX}/:provider_id/next-identity`,
      handler: (ctx) => {
        setNextIdentity(core, String(ctx.params.provider_id), null);
        return json({ provider_id: ctx.params.provider_id, identity: null });
      },
    }),
  ];
}
