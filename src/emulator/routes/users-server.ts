import type { EmulatorCore } from "../core";
import { paginatedBody } from "../domain/paginate";
import { createUserFromBody, userCreateSchema } from "../domain/user-create";
import { listProjectUsers } from "../domain/user-list";
import { serverUserRead } from "../domain/user-read";
import { StatusError } from "../errors";
import { authOf } from "../http/context";
import { json } from "../http/reply";
import { SERVER_OR_HIGHER, type RouteDef } from "../http/router";
import { t } from "../http/schema";

const flag = () => t.string({ oneOf: ["true", "false"] });

const listQuery = t.object({
  team_id: t.string({ format: "uuid" }),
  limit: t.number({ integer: true, min: 1 }),
  cursor: t.string({ format: "uuid" }),
  order_by: t.string({ oneOf: ["signed_up_at", "last_active_at"] }),
  desc: flag(),
  query: t.string(),
  include_restricted: flag(),
  include_anonymous: flag(),
  only_anonymous: flag(),
});

/**
 * The server side of the users family (wire §8.9): `GET /users` (paginated list with search, team filter and the
 * anonymous / restricted switches) and `POST /users` (201 with the server user). `GET|PATCH|DELETE
 * /users/{user_id}` live in `users.ts`.
 *
 * @example
 * core.router.addAll(serverUserRoutes(core));
 */
export function serverUserRoutes(_core: EmulatorCore): RouteDef[] {
  return [
    {
      method: "GET",
      path: "/users",
      access: SERVER_OR_HIGHER,
      query: listQuery,
      handler: (ctx) => {
        if (ctx.query.only_anonymous === "true" && ctx.query.include_anonymous !== "true") {
          throw new StatusError(400, "only_anonymous=true requires include_anonymous=true");
        }
        const page = listProjectUsers(ctx.core.store, authOf(ctx).project, ctx.query);
        return json(paginatedBody(page.items.map((u) => serverUserRead(ctx.core, u)), page.nextCursor));
      },
    },
    {
      method: "POST",
      path: "/users",
      access: SERVER_OR_HIGHER,
      body: userCreateSchema,
      handler: async (ctx) => {
        const user = await createUserFromBody(ctx.core, authOf(ctx).project, ctx.body, ctx.effect);
        // The platform reads the new user before it creates the personal team, so this answer has no selected team
        // yet (later reads have it).
        return json({ ...serverUserRead(ctx.core, user), selected_team_id: null, selected_team: null }, 201);
      },
    },
  ];
}
