import type { AppContext } from "../core/context";
import type { CurrentUserJson } from "../resources/users/current";
import type { Session } from "../session/session";

/**
 * @internal Runs the method `name` whose code loads on first use: one of the client app's (ClientApp's, ClientFlows',
 * ClientConvex's) or, with `user` (its session and JSON), one of the user object's. Those methods name it only, and
 * apps/client-calls.ts, loaded with the first such call, knows which module each is in. A page that calls none of
 * them downloads neither. `F`, the type of the function that runs (its module's), gives the answer's type.
 * @example
 * return callLater<typeof import("../auth/mfa").signInWithMfa>(this.ctx, "signInWithMfa", [otp, code, options]);
 */
export const callLater = <F extends (...args: never[]) => unknown>(
  ctx: AppContext,
  name: string,
  args: unknown[],
  user?: [Session, CurrentUserJson],
): Promise<Awaited<ReturnType<F>>> => import("./client-calls").then((m) => m.callClientMethod(ctx, name, args, user));
