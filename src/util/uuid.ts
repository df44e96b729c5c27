// UUID checks of ids, apart from ./validate: only server and admin resources check ids this way, and a module of its
// own keeps these out of the client code every browser page loads (scripts/browser-tree.mjs puts ./validate in the
// client core, and everything a server module bundled for a page uses from there would come along).
import { ArgumentError } from "../errors/base";
import { requireString } from "./validate";

/** The platform's (yup's) UUID: versions 1 to 5 with the RFC variant, or the nil UUID. */
const UUID = /^([\da-f]{8}-[\da-f]{4}-[1-5][\da-f]{3}-[89ab][\da-f]{3}-[\da-f]{12}|0{8}(-0{4}){3}-0{12})$/i;

/**
 * @internal Whether an id is a UUID as the platform's validator reads one (user, team, contact channel, session,
 * API key, invitation, OAuth provider, e-mail theme / template / draft / outbox ids; permission ids are not).
 * @example
 * if (!isUuid(teamId)) return null;
 */
export const isUuid = (value: string): boolean => UUID.test(value);

/**
 * @internal Checks an id is a UUID (or `"me"` where `me` is allowed), or throws an ArgumentError naming it: the
 * platform answers any other with a SCHEMA_ERROR, so no request is sent.
 * @example
 * requireUuid(userId, "userId", true);
 */
export function requireUuid(value: unknown, name: string, me?: boolean): string {
  if (!isUuid(requireString(value, name)) && !(me && value == "me")) throw new ArgumentError(`${name} must be a UUID${me ? ' or "me"' : ""}.`);
  return value as string;
}
