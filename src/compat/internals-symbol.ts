/**
 * The key of the official SDK's app internals (`app[stackAppInternalsSymbol]`), the same registered symbol, so code
 * that hands an app's settings from a server to a browser (`toClientJson` / `fromClientJson`) works with latchkey's
 * apps. Not for everyday use.
 *
 * @example
 * const json = serverApp[stackAppInternalsSymbol].toClientJson(); // no secret key in it
 * const browserApp = StackClientApp[stackAppInternalsSymbol].fromClientJson(json);
 */
export const stackAppInternalsSymbol: unique symbol = Symbol.for("StackAuth--DO-NOT-USE-OR-YOU-WILL-BE-FIRED--StackAppInternals");

