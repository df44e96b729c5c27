import { execFile } from "node:child_process";
import path from "node:path";

const ROOT = path.join(__dirname, "..", "..");

test("npm run tour walks through the SDK on the emulator and prints each step", async () => {
  const output = await new Promise<string>((resolve, reject) => {
    execFile(process.execPath, [path.join(ROOT, "scripts/tour.mjs"), "--port", "0", "--exit"], { timeout: 60_000 }, (error, stdout, stderr) =>
      error ? reject(new Error(`${error.message}\n${stdout}\n${stderr}`)) : resolve(stdout),
    );
  });
  expect(output).toMatch(/1\. sign up/);
  expect(output).toMatch(/result: ok/);
  expect(output).toMatch(/wrong password: error EMAIL_PASSWORD_MISMATCH/);
  expect(output).toMatch(/right password: ok/);
  expect(output).toMatch(/selectedTeam: Analytical Engines/);
  expect(output).toMatch(/listed: \[\{"description":"demo key","value":\{"lastFour":"[0-9a-f]{4}"\}\}\]/);
  expect(output).toMatch(/newest users: \["ada-[a-z0-9]+@example\.com"/);
  expect(output).toMatch(/verified locally: \{"userId":"[0-9a-f-]{36}"/);
  expect(output).toMatch(/publishable key\s+pck_/);
});
