// The access types of the platform's API, below both the router and the request context.

/**
 * A project access type.
 *
 * @example
 * const allowed: AccessType[] = ["server", "admin"];
 */
export type AccessType = "client" | "server" | "admin";
