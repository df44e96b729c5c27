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

  it("is the map ARCHITECTURE.md draws: the same floors, top first, and only paths that exist", () => {
    const map = fs.readFileSync(path.resolve(SRC, "..", "ARCHITECTURE.md"), "utf8");
    const rows = [...map.matchAll(/^\| *(\d+|apart) *\| *(.+?) *\|/gm)].map(([, floor, rooms]) => ({
      floor,
      rooms: [...rooms.matchAll(/`src\/([^`/]+)\/?`/g)].map((m) => m[1]),
    }));
    expect(rows.filter((r) => r.floor !== "apart").map((r) => r.rooms)).toEqual(FLOORS);
    expect(rows.filter((r) => r.floor === "apart").map((r) => r.rooms)).toEqual([[APART]]);
    const named = [...map.matchAll(/`((?:src|test|scripts|fixtures)\/[^`*<>…]+?)`/g)].map((m) => m[1].replace(/\/$/, ""));
    expect(named.length).toBeGreaterThan(20);
    expect(named.filter((p) => !fs.existsSync(path.resolve(SRC, "..", p)))).toEqual([]);
  });

  it("walks through files that hold the functions ARCHITECTURE.md names, six files at most per walk", () => {
    const map = fs.readFileSync(path.resolve(SRC, "..", "ARCHITECTURE.md"), "utf8");
    const steps = [...map.matchAll(/^(\d+)\. `(src\/[^`]+)`[^:]*: `([\w.]+)`/gm)].map(([, n, file, name]) => ({ n: Number(n), file, name: name.split(".").pop()! }));
    expect(steps.length).toBeGreaterThanOrEqual(10);
    for (const { file, name } of steps) expect({ file, found: fs.readFileSync(path.resolve(SRC, "..", file), "utf8").includes(name) }).toEqual({ file, found: true });
    expect(Math.max(...steps.map((s) => s.n))).toBeLessThanOrEqual(6);
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
