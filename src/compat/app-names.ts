import { AdminApp } from "../apps/admin-app";
import type { AdminAppOptions } from "../apps/admin-app";
import { ClientApp } from "../apps/client-app";
import type { ClientAppOptions } from "../apps/client-app";
import { ServerApp } from "../apps/server-app";
import type { ServerAppOptions } from "../apps/server-app";

// The official SDK's app names. Each is latchkey's class under the official name, typed with the official SDK's
// two type parameters (whether the app has a token store, and the project id) so that code written for the official
// SDK — `new StackClientApp({...})`, `StackServerApp<true, string>` — type-checks after changing its import.
// `HasTokenStore` is accepted for that reason; latchkey's session methods take an optional `{ tokenStore }` either way.

/**
 * The official SDK's constructor options of a client app (latchkey's {@link ClientAppOptions}).
 * @example
 * const options: StackClientAppConstructorOptions<true, string> = { projectId, tokenStore: "cookie" };
 */
export type StackClientAppConstructorOptions<HasTokenStore extends boolean = boolean, ProjectId extends string = string> =
  ClientAppOptions & { projectId?: ProjectId };

/**
 * The official SDK's name of latchkey's {@link ClientApp}: `StackClientApp<HasTokenStore, ProjectId>`.
 * @example
 * import { StackClientApp } from "latchkey";
 * const app: StackClientApp<true, string> = new StackClientApp({ projectId, tokenStore: "cookie" });
 */
export type StackClientApp<HasTokenStore extends boolean = boolean, ProjectId extends string = string> = ClientApp & {
  readonly projectId: ProjectId;
};

/**
 * The constructor of {@link StackClientApp}.
 * @example
 * const Ctor: StackClientAppConstructor = StackClientApp;
 */
export type StackClientAppConstructor = new <HasTokenStore extends boolean = boolean, ProjectId extends string = string>(
  options: StackClientAppConstructorOptions<HasTokenStore, ProjectId>,
) => StackClientApp<HasTokenStore, ProjectId>;

/**
 * `StackClientApp`, the official SDK's name for {@link ClientApp} (the same class).
 * @example
 * const app = new StackClientApp({ projectId, publishableClientKey, tokenStore: "cookie" });
 */
export const StackClientApp = ClientApp as unknown as StackClientAppConstructor & typeof ClientApp;

/**
 * The official SDK's constructor options of a server app (latchkey's {@link ServerAppOptions}).
 * @example
 * const options: StackServerAppConstructorOptions<true, string> = { projectId, secretServerKey, tokenStore: "memory" };
 */
export type StackServerAppConstructorOptions<HasTokenStore extends boolean = boolean, ProjectId extends string = string> =
  ServerAppOptions & { projectId?: ProjectId };

/**
 * The official SDK's name of latchkey's {@link ServerApp}.
 * @example
 * const server: StackServerApp<true, string> = new StackServerApp({ projectId, secretServerKey, tokenStore: "memory" });
 */
export type StackServerApp<HasTokenStore extends boolean = boolean, ProjectId extends string = string> = ServerApp & {
  readonly projectId: ProjectId;
};

/**
 * The constructor of {@link StackServerApp}.
 * @example
 * const Ctor: StackServerAppConstructor = StackServerApp;
 */
export type StackServerAppConstructor = new <HasTokenStore extends boolean = boolean, ProjectId extends string = string>(
  options: StackServerAppConstructorOptions<HasTokenStore, ProjectId>,
) => StackServerApp<HasTokenStore, ProjectId>;

/**
 * `StackServerApp`, the official SDK's name for {@link ServerApp} (the same class).
 * @example
 * const server = new StackServerApp({ projectId, secretServerKey: process.env.STACK_SECRET_SERVER_KEY, tokenStore: "memory" });
 */
export const StackServerApp = ServerApp as unknown as StackServerAppConstructor & typeof ServerApp;

/**
 * The official SDK's constructor options of an admin app (latchkey's {@link AdminAppOptions}).
 * @example
 * const options: StackAdminAppConstructorOptions<false, string> = { projectId, superSecretAdminKey, tokenStore: null };
 */
export type StackAdminAppConstructorOptions<HasTokenStore extends boolean = boolean, ProjectId extends string = string> =
  AdminAppOptions & { projectId?: ProjectId };

/**
 * The official SDK's name of latchkey's {@link AdminApp}.
 * @example
 * const admin: StackAdminApp<false, string> = new StackAdminApp({ projectId, superSecretAdminKey, tokenStore: null });
 */
export type StackAdminApp<HasTokenStore extends boolean = boolean, ProjectId extends string = string> = AdminApp & {
  readonly projectId: ProjectId;
};

/**
 * The constructor of {@link StackAdminApp}.
 * @example
 * const Ctor: StackAdminAppConstructor = StackAdminApp;
 */
export type StackAdminAppConstructor = new <HasTokenStore extends boolean = boolean, ProjectId extends string = string>(
  options: StackAdminAppConstructorOptions<HasTokenStore, ProjectId>,
) => StackAdminApp<HasTokenStore, ProjectId>;

/**
 * `StackAdminApp`, the official SDK's name for {@link AdminApp} (the same class).
 * @example
 * const admin = new StackAdminApp({ projectId, superSecretAdminKey: process.env.STACK_SUPER_SECRET_ADMIN_KEY, tokenStore: null });
 */
export const StackAdminApp = AdminApp as unknown as StackAdminAppConstructor & typeof AdminApp;

// The official SDK 2.8.108 also exports every app under a `Hexclave*` name (its rebrand); they are the same classes.

/**
 * `HexclaveClientApp`: the official SDK's newer name of {@link StackClientApp} (the same class).
 * @example
 * const app = new HexclaveClientApp({ projectId, tokenStore: "cookie" });
 */
export const HexclaveClientApp = StackClientApp;
/**
 * The type of {@link HexclaveClientApp} instances.
 * @example
 * let app: HexclaveClientApp<true, string>;
 */
export type HexclaveClientApp<HasTokenStore extends boolean = boolean, ProjectId extends string = string> = StackClientApp<HasTokenStore, ProjectId>;
/**
 * Constructor options of {@link HexclaveClientApp}.
 * @example
 * const options: HexclaveClientAppConstructorOptions<true, string> = { projectId, tokenStore: "memory" };
 */
export type HexclaveClientAppConstructorOptions<HasTokenStore extends boolean = boolean, ProjectId extends string = string> =
  StackClientAppConstructorOptions<HasTokenStore, ProjectId>;
/**
 * The constructor of {@link HexclaveClientApp}.
 * @example
 * const Ctor: HexclaveClientAppConstructor = HexclaveClientApp;
 */
export type HexclaveClientAppConstructor = StackClientAppConstructor;

/**
 * `HexclaveServerApp`: the official SDK's newer name of {@link StackServerApp} (the same class).
 * @example
 * const server = new HexclaveServerApp({ projectId, secretServerKey, tokenStore: "memory" });
 */
export const HexclaveServerApp = StackServerApp;
/**
 * The type of {@link HexclaveServerApp} instances.
 * @example
 * let server: HexclaveServerApp<true, string>;
 */
export type HexclaveServerApp<HasTokenStore extends boolean = boolean, ProjectId extends string = string> = StackServerApp<HasTokenStore, ProjectId>;
/**
 * Constructor options of {@link HexclaveServerApp}.
 * @example
 * const options: HexclaveServerAppConstructorOptions<true, string> = { projectId, secretServerKey, tokenStore: "memory" };
 */
export type HexclaveServerAppConstructorOptions<HasTokenStore extends boolean = boolean, ProjectId extends string = string> =
  StackServerAppConstructorOptions<HasTokenStore, ProjectId>;
/**
 * The constructor of {@link HexclaveServerApp}.
 * @example
 * const Ctor: HexclaveServerAppConstructor = HexclaveServerApp;
 */
export type HexclaveServerAppConstructor = StackServerAppConstructor;

/**
 * `HexclaveAdminApp`: the official SDK's newer name of {@link StackAdminApp} (the same class).
 * @example
 * const admin = new HexclaveAdminApp({ projectId, superSecretAdminKey, tokenStore: null });
 */
export const HexclaveAdminApp = StackAdminApp;
/**
 * The type of {@link HexclaveAdminApp} instances.
 * @example
 * let admin: HexclaveAdminApp<false, string>;
 */
export type HexclaveAdminApp<HasTokenStore extends boolean = boolean, ProjectId extends string = string> = StackAdminApp<HasTokenStore, ProjectId>;
/**
 * Constructor options of {@link HexclaveAdminApp}.
 * @example
 * const options: HexclaveAdminAppConstructorOptions<false, string> = { projectId, superSecretAdminKey, tokenStore: null };
 */
export type HexclaveAdminAppConstructorOptions<HasTokenStore extends boolean = boolean, ProjectId extends string = string> =
  StackAdminAppConstructorOptions<HasTokenStore, ProjectId>;
/**
 * The constructor of {@link HexclaveAdminApp}.
 * @example
 * const Ctor: HexclaveAdminAppConstructor = HexclaveAdminApp;
 */
export type HexclaveAdminAppConstructor = StackAdminAppConstructor;
