import type { EmulatorCore } from "../core";
import { membershipOrThrow, requireTeamPermission, teamOrThrow, userOrThrow } from "../domain/team-members";
import { storeProfileImage } from "../domain/profile-images";
import { serverUserRead } from "../domain/user-read";
import { known, StatusError } from "../errors";
import { authOf, type RequestContext } from "../http/context";
import { json, list } from "../http/reply";
import { CLIENT_OR_HIGHER, type RouteDef } from "../http/router";
import { profileImageUrlField } from "../http/platform-fields";
import { t } from "../http/schema";
import type { MembershipRecord } from "../store/types";

const params = t.object({ team_id: t.string({ format: "uuid" }).defined(), user_id: t.userIdOrMe().defined() });

/**
 * A team member profile: the membership's own name and image, falling back to the user's; server and admin also
 * get the full server `user` object.
 *
 * @example
 * json(profileRead(ctx, membership));
 */
export function profileRead(ctx: RequestContext, m: MembershipRecord): Record<string, unknown> {
  const user = ctx.core.store.users.get(m.userId);
  const out: Record<string, unknown> = {
    team_id: m.teamId,
    user_id: m.userId,
    display_name: m.displayName ?? user?.displayName ?? null,
    profile_image_url: m.profileImageUrl ?? user?.profileImageUrl ?? null,
  };
  if (authOf(ctx).type !== "client" && user) out.user = serverUserRead(ctx.core, user);
  return out;
}

function currentUserId(ctx: RequestContext): string {
  const user = authOf(ctx).user;
  if (!user) throw known("CANNOT_GET_OWN_USER_WITHOUT_USER");
  return user.id;
}

function listProfiles(ctx: RequestContext) {
  const auth = authOf(ctx);
  const store = ctx.core.store;
  const { team_id: teamId, user_id: userId } = ctx.query;
  if (auth.type === "client") {
    const me = currentUserId(ctx);
    if (!teamId) throw new StatusError(400, "team_id is required for access type client");
    membershipOrThrow(store, auth.project.id, teamId, me);
    if (userId !== me) requireTeamPermission(store, auth.project.id, teamId, me, "$read_members");
  } else {
    if (teamId) teamOrThrow(store, auth.project.id, teamId);
    if (userId) userOrThrow(store, auth.project.id, userId);
  }
  const items = store.memberships
    .filter((m) => m.projectId === auth.project.id && (!teamId || m.teamId === teamId) && (!userId || m.userId === userId))
    .sort((a, b) => a.createdAtMillis - b.createdAtMillis);
  return list(items.map((m) => profileRead(ctx, m)));
}

function readProfile(ctx: RequestContext) {
  const auth = authOf(ctx);
  const { team_id: teamId, user_id: userId } = ctx.params;
  if (auth.type === "client") {
    const me = currentUserId(ctx);
    if (userId !== me) requireTeamPermission(ctx.core.store, auth.project.id, teamId, me, "$read_members");
  }
  return json(profileRead(ctx, membershipOrThrow(ctx.core.store, auth.project.id, teamId, userId)));
}

function updateProfile(ctx: RequestContext) {
  const auth = authOf(ctx);
  const { team_id: teamId, user_id: userId } = ctx.params;
  if (auth.type === "client" && userId !== currentUserId(ctx)) throw new StatusError(403, "Cannot update another user's profile");
  const m = membershipOrThrow(ctx.core.store, auth.project.id, teamId, userId);
  const b = ctx.body ?? {};
  if (typeof b.display_name === "string") m.displayName = b.display_name;
  const image = storeProfileImage(ctx.core, b.profile_image_url, "team-member-profile-images");
  if (image !== undefined) m.profileImageUrl = image;
  ctx.core.store.touch();
  return json(profileRead(ctx, m));
}

/**
 * Team member profiles (wire §8.12): list by `team_id` / `user_id` (clients need `team_id`, membership, and
 * `$read_members` for anyone but themselves), read one, and update one's own profile.
 *
 * @example
 * core.router.addAll(teamMemberProfileRoutes(core));
 */
export function teamMemberProfileRoutes(_core: EmulatorCore): RouteDef[] {
  const base = { access: CLIENT_OR_HIGHER } as const;
  return [
    {
      ...base,
      method: "GET",
      path: "/team-member-profiles",
      query: t.object({ team_id: t.string({ format: "uuid" }), user_id: t.userIdOrMe() }),
      handler: listProfiles,
    },
    { ...base, method: "GET", path: "/team-member-profiles/:team_id/:user_id", params, handler: readProfile },
    {
      ...base,
      method: "PATCH",
      path: "/team-member-profiles/:team_id/:user_id",
      params,
      body: t.object({ display_name: t.string(), profile_image_url: profileImageUrlField() }),
      handler: updateProfile,
    },
  ];
}
