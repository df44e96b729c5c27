import { spawnSync } from "node:child_process";
import * as path from "node:path";

// src/emulator/domain/email-defaults.ts is generated from the data files under fixtures/email-templates by
// scripts/gen-email-templates.mjs: the module must be what the script writes from them today.
const ROOT = path.resolve(__dirname, "..", "..");

test("src/emulator/domain/email-defaults.ts is up to date with fixtures/email-templates", () => {
  const run = spawnSync(process.execPath, [path.join(ROOT, "scripts", "gen-email-templates.mjs"), "--check"], { encoding: "utf8" });
  expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: "" });
});
