import { contextOf } from "../core/context";
import type { AppContext } from "../core/context";
import type { LaterFunctions } from "./client-calls";
import { group } from "./capabilities";
import type { Group, Table } from "./capabilities";
import type { CurrentUserJson } from "../resources/users/current";
import type { Session } from "../session/session";

/**
 * @internal What a method that runs function `F` later (through callLater) answers: F's answer, as a promise.
 * @example
 * signInWithMfa(otp: string, code: string): Later<typeof import("../auth/mfa").signInWithMfa>;
 */
export type Later<F extends (...args: never[]) => unknown> = Promise<Awaited<ReturnType<F>>>;

/**
 * @internal Runs the method `name` whose code loads on first use: one of the client app's (ClientApp's or its groups')
 * or, with `user` (its session and JSON), one of the user object's. Those methods name it only, and
 * apps/client-calls.ts, loaded with the first such call, knows which module each is in. A page that calls none of
 * them downloads neither. `F`, the type of the function that runs (its module's), gives the answer's type.
 * @example
 * return callLater<typeof import("../auth/mfa").signInWithMfa>(ctx, "signInWithMfa", [otp, code, options]);
 */
export const callLater = <F extends (...args: never[]) => unknown>(
  ctx: AppContext,
  name: string,
  args: unknown[],
  user?: [Session, CurrentUserJson],
): Later<F> => import("./client-calls").then((m) => m.callClientMethod(ctx, name, args, user));

/**
 * @internal Client group `G` from its table, whose rows name methods that load on first use: each runs, through
 * callLater, the function of client-calls.ts that its row names (`true`: the member's own name), with the app's
 * context and the method's arguments.
 * @example
 * export const ClientConvex = laterGroup<ClientConvex>({ getConvexHttpClientAuth: "convexHttpClientAuth", … });
 */
export const laterGroup = <G>(table: Table<G, LaterFunctions>): Group<G> => group<G>(table, (name, app, args) => callLater(contextOf(app), name, args));
