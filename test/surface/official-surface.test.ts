/**
 * Drop-in proof, member by member: every public member of the official SDK's app, user, team, project, key and
 * other domain types (read from the installed `@stackframe/js` typings at test time) must exist on latchkey's type
 * of the same name — except the allow-listed families below, each with the reason it is not built here.
 *
 * A latchkey type that declares a member is not enough; `surface-runtime.test.ts` checks the objects themselves.
 */
import { memberNames, type SurfacePair } from "./member-names";
import { ALLOWED_ABSENT, allowedAbsence, OFFICIAL_SURFACE } from "./surface";

const names = memberNames(OFFICIAL_SURFACE);

describe.each(OFFICIAL_SURFACE.map((p) => [p.label, p] as [string, SurfacePair]))("%s", (label) => {
  const { official, latchkey, latchkeyProblem } = names.get(label)!;
  const have = new Set(latchkey);

  test("the official type has members (the probe read it)", () => {
    expect(official.length).toBeGreaterThan(0);
  });

  test("latchkey has the type", () => {
    expect(latchkeyProblem).toBeUndefined();
  });

  test("latchkey has every official member that is not allow-listed", () => {
    const missing = official.filter((name) => !have.has(name) && !allowedAbsence(name));
    expect(missing).toEqual([]);
  });
});

test("every allow-list entry names a member some official type really has (no stale entries)", () => {
  const everyOfficial = new Set([...names.values()].flatMap((n) => n.official));
  const stale = Object.keys(ALLOWED_ABSENT).filter((name) => !everyOfficial.has(name));
  expect(stale).toEqual([]);
});
