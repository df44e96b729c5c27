import * as fs from "node:fs";
import * as path from "node:path";
import { ROUTE_FAMILIES } from "../../src/emulator/routes";
import { startTestEmulator } from "./helpers";

// ROUTE_FAMILIES (src/emulator/routes/index.ts) is the one list of route families: every exported `…Routes`
// function of a file under routes/ (and the mock OAuth provider's) stands in it exactly once, and nothing else does.
const EMULATOR = path.resolve(__dirname, "..", "..", "src", "emulator");
const familyFiles = [
  ...fs
    .readdirSync(path.join(EMULATOR, "routes"))
    .filter((f) => f.endsWith(".ts") && f !== "index.ts")
    .map((f) => path.join(EMULATOR, "routes", f)),
  path.join(EMULATOR, "oauth", "mock-routes.ts"),
];

/** Every exported function named `…Routes` of the family files, as `file: name`. */
function exportedFamilies(): Map<unknown, string> {
  const found = new Map<unknown, string>();
  for (const file of familyFiles) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const module = require(file) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (typeof value === "function" && name.endsWith("Routes")) found.set(value, `${path.relative(EMULATOR, file)}: ${name}`);
    }
  }
  return found;
}

describe("ROUTE_FAMILIES", () => {
  test("lists every family function of routes/ exactly once, and nothing else", () => {
    const families = exportedFamilies();
    expect(families.size).toBeGreaterThan(40);
    const listed = ROUTE_FAMILIES.map((f) => families.get(f) ?? `not a family file's export: ${f.name}`);
    expect(listed.filter((name, i) => listed.indexOf(name) !== i)).toEqual([]);
    expect([...listed].sort()).toEqual([...families.values()].sort());
  });

  test("no two routes share a method, scope and path", async () => {
    const em = await startTestEmulator();
    try {
      const keys = em.core.router.list().map(({ def }) => `${def.method} ${def.scope ?? "api"} ${def.path}`);
      expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
    } finally {
      await em.stop();
    }
  });
});
