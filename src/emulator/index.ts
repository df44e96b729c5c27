/**
 * `latchkey/emulator`: a local, in-memory server that speaks the platform's wire protocol.
 *
 * @example
 * import { startEmulator } from "latchkey/emulator";
 * const em = await startEmulator({ port: 0 });
 */
export { startEmulator, type EmulatorOptions, type ProjectKeys, type RunningEmulator } from "./start";
export { EmulatorCore, type EmulatorSettings, type OAuthGrantHandler } from "./core";
export { EmulatorDataFileError, EmulatorDataFileWriteError } from "./store/persistence";
export { INPUT_LIMITS } from "./http/limits";
export { DEMO_KEYS, DEMO_PROJECT_ID, INTERNAL_ADMIN_USER, INTERNAL_KEYS } from "./store/seed";
export { type FaultRule } from "./faults";
export { type StatsSnapshot, type RouteStats } from "./stats";
export { type OutboxItem } from "./outbox/outbox";
export { type OutboxWaitFilter } from "./outbox/outbox-wait";
export { type EmulatorTestControls } from "./test-controls";
export { type MockIdentity } from "./oauth/next-identity";
export { type MockAccount } from "./oauth/mock-accounts";
export { type PasswordHashing } from "./domain/passwords";
export { type RouteFamily, ROUTE_FAMILIES } from "./routes";
export { type RouteDef, type AccessType, CLIENT_OR_HIGHER, SERVER_OR_HIGHER, ADMIN_ONLY } from "./http/router";
export { type RequestContext, type AuthInfo } from "./http/context";
export { json, text, success, list, type Reply } from "./http/reply";
export { t } from "./http/schema";
export { KnownError, StatusError, known } from "./errors";
