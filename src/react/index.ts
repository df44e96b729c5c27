/**
 * `latchkey/react`, the counterpart of the official `@stackframe/react`: everything `latchkey` exports (the apps,
 * `StackClientApp` and the other official names included) and the React layer (./client.ts): the provider, hooks,
 * every auth page and the handler, also under the official names (`StackProvider`, `StackHandler`, `StackTheme`,
 * `useStackApp`). An app written for the official package switches by changing the package name.
 *
 * The React layer is client code ("use client"); the core's names stay server code, so a server component can
 * import `ServerApp` from here.
 *
 * @example
 * import { StackClientApp, StackProvider, StackHandler, useUser } from "latchkey/react";
 * @module
 */
export * from "../index";
export * from "./client";
import { TeamInvitation as TeamInvitationPage } from "./client";
import type { TeamInvitation as SentInvitation } from "../index";

// Both export a `TeamInvitation`: the core the official type name, the React layer the invitation page. Declared
// here as both, each keeps its meaning.
/**
 * The page that shows a team invitation and lets the signed-in user join (see the React layer's `TeamInvitation`).
 * @example
 * <TeamInvitation searchParams={{ code }} />
 */
export const TeamInvitation = TeamInvitationPage;
/**
 * The official type name of a team's sent invitation ({@link SentTeamInvitation}).
 * @example
 * const pending: TeamInvitation[] = await team.listInvitations();
 */
export type TeamInvitation = SentInvitation;
