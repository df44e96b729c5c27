import type { EmulatorCore } from "../core";
import { signInResponse } from "../domain/sessions";
import { createUser } from "../domain/users";
import { known } from "../errors";
import { authOf } from "../http/context";
import { json } from "../http/reply";
import { CLIENT_OR_HIGHER, type RouteDef } from "../http/router";
import { t } from "../http/schema";

/**
 * `POST /auth/anonymous/sign-up` (wire §8.5): a new anonymous user and tokens of the anonymous variant.
 *
 * @example
 * core.router.addAll(anonymousRoutes(core));
 */
export function anonymousRoutes(_core: EmulatorCore): RouteDef[] {
  return [
    {
      method: "POST",
      path: "/auth/anonymous/sign-up",
      access: CLIENT_OR_HIGHER,
      body: t.object({}),
      handler: async (ctx) => {
        const { project } = authOf(ctx);
        if (!project.config.anonymousEnabled) throw known("ANONYMOUS_ACCOUNTS_NOT_ENABLED");
        const user = createUser(ctx.core, project, { isAnonymous: true }, ctx.effect);
        return json(await signInResponse(ctx.core, project, user, {}, ctx.effect));
      },
    },
  ];
}
