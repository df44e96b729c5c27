import type { RunningEmulator } from "../../../src/emulator";
import type { RouteDef } from "../../../src/emulator/http/router";
import type { FuzzFixture } from "../fuzz/fixture";
import { call, type CallOptions } from "../helpers";
import { fieldNames } from "../fuzz/requests";
import { NOTIFICATION_CATEGORIES } from "../../../src/emulator/domain/email-catalog";

/** The victim: a second user of the fixture's project with a session, a team, a contact channel, API keys and an invitation. */
export interface Victim {
  userId: string;
  email: string;
  sessionId: string;
  teamId: string;
  teamName: string;
  contactChannelId: string;
  userApiKeyId: string;
  teamApiKeyId: string;
  invitationId: string;
  oauthProviderId: string;
}

async function ok(r: Promise<{ status: number; text: string; json: unknown }>, what: string) {
  const res = await r;
  if (res.status >= 300) throw new Error(`cross-user fixture: ${what} answered ${res.status}: ${res.text.slice(0, 300)}`);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return res.json as any;
}

/** Calls project A's API with its server key. */
export function serverCall(em: RunningEmulator, fx: FuzzFixture, path: string, o: CallOptions = {}) {
  return call(em, path, { projectId: fx.projectId, access: "server", ...o, headers: { "x-stack-secret-server-key": fx.keys.secretServerKey, ...o.headers } });
}

/** Builds the victim through the server API. */
export async function createVictim(em: RunningEmulator, fx: FuzzFixture): Promise<Victim> {
  const s = (path: string, o: CallOptions = {}) => ok(serverCall(em, fx, path, o), path);
  const email = `victim-${Date.now()}@cross-user.example.com`;
  const userId = (await s("/users", { body: { primary_email: email, primary_email_verified: true, primary_email_auth_enabled: true, password: "victim-password-1" } })).id;
  await s("/auth/sessions", { body: { user_id: userId } });
  const sessionId = (await s(`/auth/sessions?user_id=${userId}`)).items[0].id;
  const teamName = `Victim team ${Date.now()}`;
  const teamId = (await s("/teams", { body: { display_name: teamName, creator_user_id: userId } })).id;
  const contactChannelId = (await s(`/contact-channels?user_id=${userId}`)).items[0].id;
  const userApiKeyId = (await s("/user-api-keys", { body: { user_id: userId, description: "victim", expires_at_millis: null } })).id;
  const teamApiKeyId = (await s("/team-api-keys", { body: { team_id: teamId, description: "victim", expires_at_millis: null } })).id;
  await s("/team-invitations/send-code", { body: { team_id: teamId, email: "invitee@cross-user.example.com", callback_url: "http://localhost:3000/handler/team-invitation" } });
  const invitationId = (await s(`/team-invitations?team_id=${teamId}`)).items[0].id;
  const oauthProviderId = (
    await s("/oauth-providers", { body: { user_id: userId, provider_config_id: "github", account_id: "victim-github", allow_sign_in: true, allow_connected_accounts: true } })
  ).id;
  return { userId, email, sessionId, teamId, teamName, contactChannelId, userApiKeyId, teamApiKeyId, invitationId, oauthProviderId };
}

/** Everything of the victim's the server API can read: it must be the same before and after the attack. */
export async function victimSnapshot(em: RunningEmulator, fx: FuzzFixture, v: Victim): Promise<Record<string, unknown>> {
  const paths = [
    `/users/${v.userId}`, `/contact-channels?user_id=${v.userId}`, `/teams?user_id=${v.userId}`, `/teams/${v.teamId}`,
    `/user-api-keys?user_id=${v.userId}`, `/team-api-keys?team_id=${v.teamId}`, `/auth/sessions?user_id=${v.userId}`,
    `/team-member-profiles?team_id=${v.teamId}`, `/team-invitations?team_id=${v.teamId}`, `/team-permissions?team_id=${v.teamId}&user_id=${v.userId}`,
    `/oauth-providers?user_id=${v.userId}`, `/emails/notification-preference/${v.userId}`,
  ];
  const out: Record<string, unknown> = {};
  for (const p of paths) out[p] = (await serverCall(em, fx, p)).text;
  return out;
}

/**
 * Valid client bodies for the routes that change something of a user or team: the attack must be refused for the
 * ids, not for a malformed body. `$user` and `$team` stand for the victim's ids.
 */
const BODIES: Record<string, Record<string, unknown>> = {
  "PATCH /emails/notification-preference/:user_id/:notification_category_id": { enabled: false },
  "POST /contact-channels/:user_id/:contact_channel_id/send-verification-code": { callback_url: "http://localhost:3000/handler/email-verification" },
  "POST /team-invitations/send-code": { team_id: "$team", email: "attacker@cross-user.example.com", callback_url: "http://localhost:3000/handler/team-invitation" },
  "POST /user-api-keys": { user_id: "$user", description: "attack", expires_at_millis: null },
  "PATCH /user-api-keys/:api_key_id": { revoked: true },
  "POST /team-api-keys": { team_id: "$team", description: "attack", expires_at_millis: null },
  "PATCH /team-api-keys/:api_key_id": { revoked: true },
  "PATCH /oauth-providers/:user_id/:provider_id": { allow_sign_in: false },
  "POST /contact-channels": { user_id: "$user", type: "email", value: "attacker-channel@cross-user.example.com", used_for_auth: false },
  "PATCH /contact-channels/:user_id/:contact_channel_id": { value: "hijacked@cross-user.example.com" },
  "POST /teams": { display_name: "attack", creator_user_id: "$user" },
  "PATCH /teams/:team_id": { display_name: "hijacked" },
  "PATCH /team-member-profiles/:team_id/:user_id": { display_name: "hijacked" },
  "POST /connected-accounts/:user_id/:provider_id/access-token": { scope: "repo" },
  "POST /connected-accounts/:user_id/:provider_id/:provider_account_id/access-token": { scope: "repo" },
};

/** The notification category a user may switch off. */
const MARKETING = NOTIFICATION_CATEGORIES.find((c) => c.canDisable)!.id;

const OWNED = /^(user_id|team_id|contact_channel_id|api_key_id|session_id|customer_id|id)$/;

/** One attack: a client route aimed at the victim's ids. */
export interface Attack {
  name: string;
  method: string;
  path: string;
  body?: unknown;
}

/**
 * The attacks, generated from the route table: every client route whose path, query or body names a user, team,
 * contact channel, API key, session, customer or invitation, with the victim's ids there (payments routes once per
 * customer type).
 */
export function attacks(routes: { def: RouteDef; name: string }[], v: Victim): Attack[] {
  const out: Attack[] = [];
  for (const { def, name } of routes) {
    if ((def.scope ?? "api") !== "api" || def.access === "any" || !def.access.includes("client") || def.project === "internal") continue;
    const params = [...def.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
    const query = fieldNames(def.query).filter((f) => f === "user_id" || f === "team_id");
    const body = fieldNames(def.body).filter((f) => f === "user_id" || f === "team_id");
    if (!params.some((p) => OWNED.test(p)) && !query.length && !body.length) continue;
    const customers: ("user" | "team" | null)[] = def.path.includes(":customer_type") ? ["user", "team"] : [null];
    const queries: string[][] = query.length ? query.map((f) => [f]) : [[]];
    for (const [customer, q] of customers.flatMap((c) => queries.map((f) => [c, f] as const))) {
      const id = (p: string): string => {
        if (p === "user_id") return v.userId;
        if (p === "team_id") return v.teamId;
        if (p === "contact_channel_id") return v.contactChannelId;
        if (p === "api_key_id") return def.path.startsWith("/team-api-keys") ? v.teamApiKeyId : v.userApiKeyId;
        if (p === "session_id") return v.sessionId;
        if (p === "customer_type") return customer ?? "user";
        if (p === "customer_id") return customer === "team" ? v.teamId : v.userId;
        if (p === "id") return v.invitationId;
        if (p === "provider_id") return def.path.startsWith("/oauth-providers") ? v.oauthProviderId : "github";
        if (p === "notification_category_id") return MARKETING;
        return "00000000-0000-4000-8000-000000000001";
      };
      const path = def.path.replace(/:(\w+)/g, (_, p: string) => id(p));
      const qs = new URLSearchParams(q.map((f) => [f, id(f)])).toString();
      const template = BODIES[name] ?? (body.length ? Object.fromEntries(body.map((b) => [b, `$${b.replace("_id", "")}`])) : undefined);
      const filled = template && JSON.parse(JSON.stringify(template).replace(/"\$user"/g, JSON.stringify(v.userId)).replace(/"\$team"/g, JSON.stringify(v.teamId)));
      out.push({ name: `${name}${customer ? ` (${customer})` : ""}${q.length ? ` ?${q[0]}` : ""}`, method: def.method, path: qs ? `${path}?${qs}` : path, body: filled ?? (def.method === "GET" ? undefined : {}) });
    }
  }
  return out;
}
