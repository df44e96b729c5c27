import { contextOf } from "../core/context";
import { group } from "./capabilities";
import type { Group, Table } from "./capabilities";

type Resources = typeof import("./server-resources");

let loaded: Promise<Resources> | undefined;
/**
 * @internal The resource code behind the server and admin groups' methods, loaded on first use (see
 * ./server-resources). The promise is kept: an `import()` of a loaded module still walks the module loader on every
 * call, which a request made per method call would pay each time. A load that failed is tried again.
 * @example
 * const user = await serverResources().then((r) => r.getServerUser(contextOf(app), userId));
 */
export const serverResources = () =>
  (loaded ??= import("./server-resources").catch((error: unknown) => {
    loaded = undefined; // a file that failed to load (a network blip in a browser) is tried again on the next call
    throw error;
  }));

/**
 * @internal Server or admin group `G` from its table, whose rows name functions of ./server-resources: a row's method
 * loads that module on first use, then calls its function with the app's context, the row's fixed first argument if
 * it has one, and the method's arguments.
 * @example
 * export const ServerTeams = serverGroup<ServerTeams>({ createTeam: "createServerTeam", … });
 */
export const serverGroup = <G>(table: Table<G, Resources, true>): Group<G> =>
  group<G, keyof Resources | readonly [keyof Resources, unknown]>(table, (row, app, args) => {
    const [name, ...first] = typeof row === "string" ? [row] : row;
    return serverResources().then((r) => Reflect.apply(r[name], undefined, [contextOf(app), ...first, ...args]));
  });
