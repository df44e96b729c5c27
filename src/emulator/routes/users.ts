import type { EmulatorCore } from "../core";
import { userRead } from "../domain/user-read";
import { applyUserUpdate, userUpdateSchema } from "../domain/user-update";
import { known, StatusError } from "../errors";
import { authOf, type RequestContext } from "../http/context";
import { json, success } from "../http/reply";
import { CLIENT_OR_HIGHER, type RouteDef } from "../http/router";
import { t } from "../http/schema";
import type { UserRecord } from "../store/types";

const params = t.object({ user_id: t.userIdOrMe().defined() });

/**
 * The user a `/users/{user_id|me}` request is about: clients only reach their own user (403 text otherwise);
 * server and admin reach any user of the project (`USER_NOT_FOUND` otherwise).
 *
 * @example
 * const user = targetUser(ctx);
 */
export function targetUser(ctx: RequestContext): UserRecord {
  const auth = authOf(ctx);
  const id = ctx.params.user_id as string;
  if (auth.type === "client" && id !== auth.user?.id) throw new StatusError(403, "Client can only access their own user.");
  const user = ctx.core.store.users.get(id);
  if (!user || user.projectId !== auth.project.id) throw known("USER_NOT_FOUND");
  return user;
}

/**
 * `GET|PATCH|DELETE /users/{user_id|me}` (wire §8.9) — the current user for clients, any user for server/admin.
 * The list and create routes (`GET|POST /users`) belong to the users family added later.
 *
 * @example
 * core.router.addAll(userRoutes(core));
 */
export function userRoutes(_core: EmulatorCore): RouteDef[] {
  return [
    {
      method: "GET",
      path: "/users/:user_id",
      access: CLIENT_OR_HIGHER,
      params,
      handler: (ctx) => json(userRead(ctx.core, authOf(ctx).type, targetUser(ctx))),
    },
    {
      method: "PATCH",
      path: "/users/:user_id",
      access: CLIENT_OR_HIGHER,
      params,
      body: (auth) => userUpdateSchema(auth),
      handler: async (ctx) => {
        const user = targetUser(ctx);
        await applyUserUpdate(ctx.core, authOf(ctx), user, ctx.body ?? {});
        ctx.effect("users_updated");
        return json(userRead(ctx.core, authOf(ctx).type, user));
      },
    },
    {
      method: "DELETE",
      path: "/users/:user_id",
      access: CLIENT_OR_HIGHER,
      params,
      handler: (ctx) => {
        const auth = authOf(ctx);
        const user = targetUser(ctx);
        if (auth.type === "client" && !auth.project.config.clientUserDeletionEnabled) {
          throw new StatusError(400, "Client user deletion is not enabled for this project");
        }
        ctx.core.store.deleteUser(user.id);
        ctx.effect("users_deleted");
        return success();
      },
    },
  ];
}
