/**
 * @internal What a Next.js catch-all page's props (`params`, `searchParams`; plain objects on Next 14, promises on
 * Next 15 and 16) say about the handler page to show: the path below the handler and the query, e.g.
 * `"sign-in?after_auth_return_to=%2Fprotected"`. Undefined when the props name no catch-all segment.
 * @example
 * handlerPathOf({ params: { stack: ["sign-in"] }, searchParams: {} }); // "sign-in"
 * @module
 */

/** The props Next.js gives a page, as `StackHandler` accepts them (`routeProps`). */
export interface NextRouteProps {
  params?: unknown;
  searchParams?: unknown;
}

/** The route props a `StackHandler` was given: `routeProps`, else the older separate `params` and `searchParams`. */
export function givenRouteProps(routeProps: unknown, params: unknown, searchParams: unknown): NextRouteProps | undefined {
  return (routeProps ?? (params !== undefined ? { params, searchParams } : undefined)) as NextRouteProps | undefined;
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof value === "object" && value !== null && typeof (value as { then?: unknown }).then === "function";

/** The path and query of resolved `params` and `searchParams` (see the module's description). */
export function pathOfRouteProps(params: unknown, searchParams: unknown): string | undefined {
  if (typeof params !== "object" || params === null) return undefined;
  // The catch-all segment is the one array among the params (the official setup names it `stack`).
  const named = (params as Record<string, unknown>).stack;
  const segments = Array.isArray(named) ? named : Object.values(params).find(Array.isArray);
  if (!segments) return undefined;
  const query = new URLSearchParams();
  if (typeof searchParams === "object" && searchParams !== null) {
    for (const [key, value] of Object.entries(searchParams)) {
      for (const one of Array.isArray(value) ? value : [value]) if (typeof one === "string") query.append(key, one);
    }
  }
  const path = segments.map((s) => encodeURIComponent(String(s))).join("/");
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** The handler path of `routeProps`, awaiting `params` and `searchParams` where Next.js gives promises. */
export async function handlerPathOf(routeProps: NextRouteProps | undefined): Promise<string | undefined> {
  if (!routeProps) return undefined;
  const [params, searchParams] = await Promise.all([routeProps.params, routeProps.searchParams]);
  return pathOfRouteProps(params, searchParams);
}

/** The same without waiting: undefined when either is still a promise (a client component cannot await). */
export function handlerPathNow(routeProps: NextRouteProps | undefined, read?: (p: PromiseLike<unknown>) => unknown): string | undefined {
  if (!routeProps) return undefined;
  let { params, searchParams } = routeProps;
  if (isThenable(params)) params = read ? read(params) : undefined;
  if (isThenable(searchParams)) searchParams = read ? read(searchParams) : undefined;
  return pathOfRouteProps(params, searchParams);
}
