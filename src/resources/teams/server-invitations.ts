import type { AppContext } from "../../core/context";
import { resourceCache } from "../cached";
import type { ListJson } from "../cached";
import { membershipChanged } from "./server-memberships";
import { SERVER_USER_CACHE as SERVER_CACHE } from "../server-cache-keys";
import { receivedInvitationFromJson } from "./invitations";
import type { ReceivedTeamInvitation, TeamInvitationJson } from "./invitations";
import { CACHE, receivedInvitationsChanged } from "./refs";

const received = (ctx: AppContext) =>
  resourceCache(ctx, SERVER_CACHE.teamInvitations, async (userId: string) => {
    const query = { user_id: userId };
    return (await ctx.core.request<ListJson<TeamInvitationJson>>({ expect: "items[]", path: "/team-invitations", query })).items;
  });

/**
 * @internal The invitations user `userId` received (`GET /team-invitations?user_id=` with the server key, cached
 * per user), each with `accept()` (`POST /team-invitations/{id}/accept?user_id=`), after which the team's
 * memberships, the team's sent invitations and every received list are refreshed.
 * @example
 * const invitations = await listServerTeamInvitations(ctx, userId);
 */
export async function listServerTeamInvitations(ctx: AppContext, userId: string): Promise<ReceivedTeamInvitation[]> {
  return (await received(ctx).get([userId])).map((i) =>
    receivedInvitationFromJson(ctx, i, userId, undefined, () => {
      receivedInvitationsChanged(ctx);
      return Promise.all([membershipChanged(ctx, i.team_id, userId), ctx.caches.get(CACHE.sent)?.refreshWhere(([, t]) => t === i.team_id)]);
    }),
  );
}
