import type { AppContext } from "../../core/context";
import { emailCallbackUrl } from "../../urls/email-callback";
import { optionalObject, requireText } from "../../util/validate";
import { requireVerificationCode } from "../../util/verification-code";
import { isPlatformEmail, requestSchemaError } from "../schema-error";
import type { KnownErrors } from "../../errors";
import type { Session } from "../../session/session";
import type { TokenStoreInit } from "../../token-stores/types";
import type { Result } from "../../util/result";
import { resourceCache } from "../cached";
import type { ListJson } from "../cached";
import { CACHE, receivedInvitationsChanged, refreshCached } from "./refs";

/** @internal Wire shape of a pending team invitation. */
export interface TeamInvitationJson {
  id: string;
  team_id: string;
  team_display_name: string;
  recipient_email: string;
  expires_at_millis: number;
}

/**
 * An invitation a team sent and that is still pending (the official SDK's `SentTeamInvitation`).
 *
 * @example
 * for (const invitation of await team.listInvitations()) {
 *   if (invitation.expiresAt < new Date()) await invitation.revoke();
 * }
 */
export interface SentTeamInvitation {
  id: string;
  recipientEmail: string;
  expiresAt: Date;
  /** Withdraws the invitation (needs `$remove_members`). */
  revoke(): Promise<void>;
}

/**
 * An invitation to one of the user's verified e-mail addresses.
 *
 * @example
 * const [invitation] = await user.listTeamInvitations();
 * if (invitation && confirm(`Join ${invitation.teamDisplayName}?`)) await invitation.accept();
 */
export interface ReceivedTeamInvitation {
  id: string;
  teamId: string;
  teamDisplayName: string;
  recipientEmail: string;
  expiresAt: Date;
  /** Joins the team; `user.listTeams()` then includes it. */
  accept(): Promise<void>;
}

/**
 * Who to invite, and the page the e-mail's link opens.
 *
 * @example
 * await team.inviteUser({ email: "grace@example.com", callbackUrl: "https://myapp.example/handler/team-invitation" });
 */
export interface TeamInviteOptions {
  email: string;
  /** Absolute URL the link opens (with `?code=…`). Default: the team-invitation page, in a browser only. */
  callbackUrl?: string;
}

/** Errors that come back as results from the invitation-code calls. */
type InvitationCodeError = KnownErrors["VerificationCodeError"] | KnownErrors["TeamInvitationEmailMismatch"];

const sent = (ctx: AppContext) =>
  resourceCache(ctx, CACHE.sent, async (session: Session, teamId: string) => {
    const query = { team_id: teamId };
    return (await ctx.core.request<ListJson<TeamInvitationJson>>({ expect: "items[]", path: "/team-invitations", query, session })).items;
  });

const received = (ctx: AppContext) =>
  resourceCache(ctx, CACHE.received, async (session: Session) => {
    const query = { user_id: "me" };
    return (await ctx.core.request<ListJson<TeamInvitationJson>>({ expect: "items[]", path: "/team-invitations", query, session })).items;
  });

/** @internal After joining a team: the user's teams, received invitations, and permissions in `teamId` (or any team). */
function joined(ctx: AppContext, session: Session, teamId?: string): Promise<unknown> {
  const permissionKey = teamId === undefined ? [session] : [session, teamId];
  receivedInvitationsChanged(ctx);
  return Promise.all([
    refreshCached(ctx, CACHE.teams, session),
    received(ctx).refresh([session]),
    refreshCached(ctx, CACHE.teamPermissions, ...permissionKey),
  ]);
}

/** @internal `POST /team-invitations/send-code`; needs `$invite_members`. */
export async function inviteUser(ctx: AppContext, session: Session, teamId: string, options: TeamInviteOptions): Promise<void> {
  const o = optionalObject(options, "inviteUser options") as Partial<TeamInviteOptions>;
  // Checked as the platform checks it: a string, and one its e-mail rule takes (else its very SCHEMA_ERROR).
  const email = requireText(o.email, "email");
  if (!isPlatformEmail(email)) throw requestSchemaError(ctx.core.http.baseUrl, "POST", "/team-invitations/send-code", ["body.email must be a valid email"]);
  const callback_url = emailCallbackUrl(o.callbackUrl, ctx.core.urls.teamInvitation, "inviteUser");
  await ctx.core.request({ method: "POST", path: "/team-invitations/send-code", session, body: { team_id: teamId, email, callback_url } });
  receivedInvitationsChanged(ctx);
  await sent(ctx).refresh([session, teamId]);
}

/** @internal The pending invitations a team sent (cached per session and team). */
export async function listSentInvitations(ctx: AppContext, session: Session, teamId: string): Promise<SentTeamInvitation[]> {
  return (await sent(ctx).get([session, teamId])).map((i) => ({
    id: i.id,
    recipientEmail: i.recipient_email,
    expiresAt: new Date(i.expires_at_millis),
    async revoke() {
      await ctx.core.request({ method: "DELETE", path: `/team-invitations/${encodeURIComponent(i.id)}`, query: { team_id: teamId }, session });
      receivedInvitationsChanged(ctx);
      await sent(ctx).refresh([session, teamId]);
    },
  }));
}

/**
 * @internal A received invitation from its wire JSON; `accept` sends `POST /team-invitations/{id}/accept` for
 * `userId` (`"me"` with a session), then runs `afterAccept`.
 */
export function receivedInvitationFromJson(
  ctx: AppContext,
  i: TeamInvitationJson,
  userId: string,
  session: Session | undefined,
  afterAccept: () => Promise<unknown>,
): ReceivedTeamInvitation {
  return {
    id: i.id,
    teamId: i.team_id,
    teamDisplayName: i.team_display_name,
    recipientEmail: i.recipient_email,
    expiresAt: new Date(i.expires_at_millis),
    async accept() {
      const path = `/team-invitations/${encodeURIComponent(i.id)}/accept`;
      await ctx.core.request({ method: "POST", path, query: { user_id: userId }, session });
      await afterAccept();
    },
  };
}

/** @internal The invitations the user received (cached per session). */
export async function listTeamInvitations(ctx: AppContext, session: Session): Promise<ReceivedTeamInvitation[]> {
  return (await received(ctx).get([session])).map((i) => receivedInvitationFromJson(ctx, i, "me", session, () => joined(ctx, session, i.team_id)));
}

/** @internal One of the three `POST /team-invitations/accept[/…]` calls with the e-mailed code. */
async function withCode<T>(
  ctx: AppContext,
  code: string,
  options: { tokenStore?: TokenStoreInit } | undefined,
  step: "/check-code" | "/details" | "",
  then: (session: Session, body: { team_display_name?: string }) => Promise<T>,
): Promise<Result<T, InvitationCodeError>> {
  const session = ctx.core.session(optionalObject(options, "options").tokenStore);
  return ctx.core.expect(async () => {
    const answer = await ctx.core.request<{ team_display_name?: string }>({
      expect: step == "/details" ? "team_display_name" : undefined,
      method: "POST",
      path: `/team-invitations/accept${step}`,
      session,
      body: { code: requireVerificationCode(code) },
    });
    return then(session, answer);
  }, ["VERIFICATION_ERROR", "TEAM_INVITATION_EMAIL_MISMATCH"]);
}

/** @internal Checks an invitation code without using it. */
export function verifyTeamInvitationCode(ctx: AppContext, code: string, options?: { tokenStore?: TokenStoreInit }) {
  return withCode(ctx, code, options, "/check-code", async () => undefined);
}

/** @internal Joins the team of an invitation code, then refreshes the user's teams and received invitations. */
export function acceptTeamInvitation(ctx: AppContext, code: string, options?: { tokenStore?: TokenStoreInit }) {
  return withCode(ctx, code, options, "", async (session) => {
    await joined(ctx, session);
    return undefined;
  });
}

/** @internal The display name of an invitation code's team, without using the code. */
export function getTeamInvitationDetails(ctx: AppContext, code: string, options?: { tokenStore?: TokenStoreInit }) {
  return withCode(ctx, code, options, "/details", async (_session, body) => ({ teamDisplayName: body.team_display_name as string }));
}
