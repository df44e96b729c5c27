import type { ImportEdge } from "./import-graph";

/**
 * The floors of src/, top first (ARCHITECTURE.md draws them). A module may import from its own folder and from any
 * folder on a lower floor, never from its floor's other folders or from above. The emulator stands apart: it
 * imports nothing of the rest of src/, and nothing of the rest imports it but the test helpers (`testing`), which
 * start one for an app's tests.
 */
export const FLOORS: readonly (readonly string[])[] = [
  ["testing"],
  ["next"],
  ["react"],
  ["index.ts"],
  ["compat"],
  ["apps"],
  ["auth"],
  ["resources"],
  ["core"],
  ["session", "urls", "verify"],
  ["http"],
  ["token-stores"],
  ["cache", "util", "version.ts"],
  ["errors"],
];

/** The folder apart from the floors. */
export const APART = "emulator";

/** The one room that may import the emulator: `latchkey/testing` starts one for an app's tests. */
export const USES_APART = "testing";

/** The top folder (or top-level file) of a path relative to src/. */
export const roomOf = (file: string): string => file.split("/")[0];

/** The floor number of a room, counted from the bottom (0), or undefined for a room on no floor. */
export function floorOf(room: string): number | undefined {
  const index = FLOORS.findIndex((floor) => floor.includes(room));
  return index < 0 ? undefined : FLOORS.length - 1 - index;
}

/**
 * The imports that break the floors: between two rooms, one that does not point to a lower floor, or one that
 * crosses into or out of the emulator. Imports inside one room are free.
 *
 * @example
 * wrongWay([{ from: "cache/cache.ts", to: "apps/client-app.ts", kind: "type" }]); // that edge: cache is below apps
 */
export function wrongWay(edges: readonly ImportEdge[]): ImportEdge[] {
  return edges.filter((edge) => {
    const from = roomOf(edge.from);
    const to = roomOf(edge.to);
    if (from === to) return false;
    if (from === USES_APART && to === APART) return false;
    if (from === APART || to === APART) return true;
    const a = floorOf(from);
    const b = floorOf(to);
    return a === undefined || b === undefined || b >= a;
  });
}
