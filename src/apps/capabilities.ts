import type { AppContext } from "../core/context";

// The app classes are built from capability groups. A group is an interface (each member's signature and TSDoc),
// merged into the class that has the group (`interface ClientApp extends ClientFlows {}`), and a table of its
// members' code, installed on that class's prototype once (`install`). A member is either its own method or, when
// it only hands its arguments on (a pure delegation), a row: the name of the function it calls with the app's
// context first and its own arguments after, or `true` for the function of the member's own name (and, in the server
// and admin groups, `[name, first]` for one that takes a fixed first argument, such as a scope, before them).

/**
 * @internal A capability group: `Group.prototype` holds its members, as an abstract class's prototype held them before
 * the group was one.
 * @example
 * Object.getOwnPropertyNames(ClientRedirects.prototype); // ["redirectToSignIn", …]
 */
export interface Group<G> {
  readonly prototype: G;
}

/**
 * @internal The names of the functions of `Fns` that a method of type `F` may be a row of: each takes an app's context
 * and then `F`'s arguments, and answers what `F` answers (once awaited). A misspelled name, or a function that does
 * not fit the method, is none of them.
 * @example
 * type Row = Delegate<(id: string) => Promise<AdminEmailTheme>, typeof import("./server-resources")>; // "getEmailTheme"
 */
export type Delegate<F, Fns> = F extends (...args: infer A) => infer R
  ? { [K in keyof Fns]: Fns[K] extends (ctx: AppContext, ...args: A) => infer S ? (Promise<Awaited<S>> extends R ? K : never) : never }[keyof Fns]
  : never;

/**
 * @internal The rows `[name, first]` of a method of type `F`: function `name` of `Fns` takes an app's context, then
 * `first`, then `F`'s arguments, and answers what `F` answers (once awaited).
 * @example
 * type Row = Bound<() => Promise<AdminTeamPermissionDefinition[]>, typeof import("./server-resources")>; // ["listPermissionDefinitions", PermissionScope] | …
 */
export type Bound<F, Fns> = F extends (...args: infer A) => infer R
  ? { [K in keyof Fns]: Fns[K] extends (ctx: AppContext, first: infer B, ...args: A) => infer S ? (Promise<Awaited<S>> extends R ? readonly [K, B] : never) : never }[keyof Fns]
  : never;

/**
 * @internal The table of group `G` whose rows name functions of `Fns`: every member, as its method or as a row (`true`
 * where the function has the member's name; with `Bind`, `[name, first]` too). In a method, `this` is the app (its
 * context: `contextOf(this)`).
 * @example
 * const table: Table<ClientConvex, LaterFunctions> = { getConvexHttpClientAuth: "convexHttpClientAuth", getConvexClientAuth(options) { … } };
 */
export type Table<G, Fns, Bind extends boolean = false> = {
  [M in keyof G]: G[M] | Delegate<G[M], Fns> | (M extends Delegate<G[M], Fns> ? true : never) | (Bind extends true ? Bound<G[M], Fns> : never);
} & ThisType<G>;

/**
 * @internal Group `G` from its table: a method stays as it is; a row becomes a method of the member's name that answers
 * `run(row, app, arguments)` (a row `true` is the member's name).
 * @example
 * export const ClientFlows = group<ClientFlows>({ signInWithMfa: true, … }, (name, app, args) => callLater(contextOf(app), name, args));
 */
export function group<G, Row = string>(table: { readonly [name: string]: unknown }, run: (row: Row, app: object, args: unknown[]) => unknown): Group<G> {
  const members: Record<string, unknown> = {};
  for (const [name, row] of Object.entries(table)) {
    const to = row === true ? name : row;
    // A computed method name names the function as a class method is named.
    members[name] = typeof to === "function" ? to : { [name](this: object, ...args: unknown[]) { return run(to as Row, this, args); } }[name];
  }
  return { prototype: members as G };
}

/**
 * @internal Puts the members of `groups` on the prototype of `cls` as class methods are (writable, configurable, not
 * enumerable: `Object.keys(app)` and `for…in` do not show them). A class calls it once, from a static field marked
 * pure, so that a bundle which drops the class drops the groups too.
 * @example
 * private static readonly groups = install(this, ClientFlows, ClientConvex, ClientRedirects); // marked pure
 */
export function install(cls: { prototype: object }, ...groups: Group<object>[]): true {
  for (const { prototype } of groups) {
    for (const [name, value] of Object.entries(prototype)) Object.defineProperty(cls.prototype, name, { value, writable: true, configurable: true });
  }
  return true;
}
