import * as fs from "node:fs";
import * as path from "node:path";
import { importGraph } from "./import-graph";
import { APART, FLOORS, floorOf, wrongWay } from "./floors";

const SRC = path.resolve(__dirname, "..", "..", "..", "src");

describe("the floors of src", () => {
  const edges = importGraph(SRC);

  it("names every folder and top-level file of src on a floor (or apart)", () => {
    const rooms = fs.readdirSync(SRC).filter((name) => !name.endsWith(".d.ts"));
    const placed = new Set([...FLOORS.flat(), APART]);
    expect(rooms.filter((room) => !placed.has(room))).toEqual([]);
    expect([...placed].filter((room) => !rooms.includes(room))).toEqual([]);
  });

  it("has no import that points up, sideways on a floor, or into or out of the emulator", () => {
    const wrong = wrongWay(edges).map((e) => `${e.from} -> ${e.to} (${e.kind})`);
    expect(wrong).toEqual([]);
  });

  it("finds an import that points up or sideways (the check itself)", () => {
    expect(floorOf("next")).toBeGreaterThan(floorOf("errors")!);
    const up = { from: "cache/cache.ts", to: "apps/client-app.ts", kind: "type" as const };
    const sideways = { from: "session/session.ts", to: "urls/redirect.ts", kind: "value" as const };
    const down = { from: "apps/client-app.ts", to: "cache/cache.ts", kind: "value" as const };
    const inside = { from: "auth/oauth.ts", to: "auth/oauth-urls.ts", kind: "dynamic" as const };
    const apart = { from: "emulator/core.ts", to: "errors/table.ts", kind: "value" as const };
    expect(wrongWay([up, sideways, down, inside, apart])).toEqual([up, sideways, apart]);
  });
});
