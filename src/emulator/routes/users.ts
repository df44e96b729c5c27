import type { EmulatorCore } from "../core";
import { userRead } from "../domain/user-read";
import { applyUserUpdate, userUpdateSchema } from "../domain/user-update";
import { known, StatusError } from "../errors";
import { authOf, type RequestContext } from "../http/context";
import { json, success } from "../http/reply";
import { CLIENT_OR_HIGHER, SERVER_OR_HIGHER, type AccessType, type RouteDef } from "../http/router";
import { t, type Field } from "../http/schema";
import type { UserRecord } from "../store/types";

const params = t.object({ user_id: t.userIdOrMe().defined() });

/**
 * The user a `/users/me` or `/users/{user_id}` request is about: the signed-in user for `me`
 * (`CANNOT_GET_OWN_USER_WITHOUT_USER` without one), any user of the project by id (`USER_NOT_FOUND` otherwise).
 *
 * @example
 * const user = targetUser(ctx);
 */
export function targetUser(ctx: RequestContext): UserRecord {
  const auth = authOf(ctx);
  const id = (ctx.params.user_id as string | undefined) ?? auth.user?.id;
  if (!id) throw known("CANNOT_GET_OWN_USER_WITHOUT_USER");
  const user = ctx.core.store.users.get(id);
  if (!user || user.projectId !== auth.project.id) throw known("USER_NOT_FOUND");
  return user;
}

/** GET, PATCH and DELETE of one user at `path`. */
function routesAt(path: string, access: readonly AccessType[], paramsSchema: Field | undefined): RouteDef[] {
  return [
    {
      method: "GET",
      path,
      access,
      params: paramsSchema,
      handler: (ctx) => json(userRead(ctx.core, authOf(ctx).type, targetUser(ctx))),
    },
    {
      method: "PATCH",
      path,
      access,
      params: paramsSchema,
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
      path,
      access,
      params: paramsSchema,
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

/**
 * `GET|PATCH|DELETE /users/me` (the current user, any access type) and `/users/{user_id}` (wire §8.9): like the
 * platform, reading a user by id needs server or admin access (a client gets `INSUFFICIENT_ACCESS_TYPE`, even for
 * its own id). The list and create routes (`GET|POST /users`) belong to the users family added later.
 *
 * @example
 * core.router.addAll(userRoutes(core));
 */
export function userRoutes(_core: EmulatorCore): RouteDef[] {
  return [...routesAt("/users/me", CLIENT_OR_HIGHER, undefined), ...routesAt("/users/:user_id", SERVER_OR_HIGHER, params)];
}
