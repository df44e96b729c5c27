import * as path from "node:path";
import { cycles, importGraph } from "./import-graph";

// Every import counts: value imports, type-only imports, re-exports, `import()` calls and `import("…")` types. A
// type-only circle costs nothing at run time, but it still ties modules together for a reader (and for madge).
const SRC = path.resolve(__dirname, "..", "..", "..", "src");

// Circles allowed on purpose: none. The last one (the emulator's core owns the router, whose routes take a request
// context that holds the core) is gone: the types that refer to each other (EmulatorCore, RequestContext, RouteDef)
// stand together in emulator/core.ts, and the router it owns (emulator/http/route-matcher.ts) knows only patterns.
// A circle that has to stay would be pinned here, so that it cannot grow and no other one can appear.
const KNOWN: string[][] = [];

describe("import cycles in src", () => {
  const edges = importGraph(SRC);

  it("reads the whole tree (a broken scan would find no cycles)", () => {
    expect(edges.length).toBeGreaterThan(1000);
    expect(edges).toContainEqual({ from: "index.ts", to: "apps/client-app.ts", kind: "value" });
    expect(edges.some((e) => e.kind === "type")).toBe(true);
    expect(edges.some((e) => e.kind === "dynamic")).toBe(true);
  });

  it("has no import cycle (none is pinned)", () => {
    const found = cycles(edges);
    const describe = (c: string[]) => {
      const inside = new Set(c);
      const arrows = edges.filter((e) => inside.has(e.from) && inside.has(e.to)).map((e) => `  ${e.from} -> ${e.to} (${e.kind})`);
      return [c.join(" + "), ...new Set(arrows)].join("\n");
    };
    expect(found.map(describe)).toEqual(KNOWN.map(describe));
  });

  it("finds a cycle when there is one (the detector itself)", () => {
    const circle = [
      { from: "a.ts", to: "b.ts", kind: "value" as const },
      { from: "b.ts", to: "c.ts", kind: "type" as const },
      { from: "c.ts", to: "a.ts", kind: "dynamic" as const },
      { from: "c.ts", to: "d.ts", kind: "value" as const },
    ];
    expect(cycles(circle)).toEqual([["a.ts", "b.ts", "c.ts"]]);
    expect(cycles(circle.slice(0, 2))).toEqual([]);
    expect(cycles([{ from: "self.ts", to: "self.ts", kind: "value" }])).toEqual([["self.ts"]]);
  });
});
