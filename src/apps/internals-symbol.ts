/**
 * @internal The key of the official SDK's app internals, the same registered symbol, so code that hands an app's
 * settings from a server to a browser (`toClientJson` / `fromClientJson`) works with latchkey's apps. Users import it
 * as `stackAppInternalsSymbol` (compat/internals.ts, which also installs the internals); it is named apart here so
 * that no two modules export one name (the Node build's core.js re-exports both, see scripts/build/node-core.ts).
 *
 * @example
 * import { stackAppInternalsSymbol } from "latchkey"; // of type `typeof STACK_APP_INTERNALS`
 * const json = serverApp[stackAppInternalsSymbol].toClientJson(); // no secret key in it
 */
export const STACK_APP_INTERNALS: unique symbol = Symbol.for("StackAuth--DO-NOT-USE-OR-YOU-WILL-BE-FIRED--StackAppInternals");
