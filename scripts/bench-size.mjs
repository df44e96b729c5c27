#!/usr/bin/env node
// `npm run bench:size`: byte budgets of the PACKED package: what installing it takes (unpacked, and with its
// dependencies; scripts/bench/packed.mjs) and browser bundles built from it (see scripts/bench/size.mjs), including
// the password-only page as Chromium fetches it (needs dist/emulator.js and Debian's Chromium). Checked in CI
// (.ci/run): exits 1 when a figure is over its budget or a fixture bundles a module it must not.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { installFigures, installPacked } from "./bench/packed.mjs";
import { measurePasswordPage } from "./bench/password-page.mjs";
import { measureSizes, pageFilesTable, sizeTable } from "./bench/size.mjs";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const emulatorJs = path.join(root, "dist", "emulator.js");
if (!existsSync(emulatorJs)) {
  console.error("dist/emulator.js not found: run npm run build first");
  process.exit(1);
}
const { startEmulator } = await import(pathToFileURL(emulatorJs).href);
const packed = installPacked(root);
try {
  const install = installFigures(root, packed);
  console.log("Install, from the packed package (MB = 1,000,000 B; on disk as du counts it)\n");
  console.log(install.text + "\n");
  if (install.failed) {
    console.error("install size budget check failed");
    process.exitCode = 1;
  }
  const { rows, failed } = await measureSizes({ root, appDir: packed.appDir, measurePage: (files, entry) => measurePasswordPage(startEmulator, files, entry) });
  console.log(`Bytes, gzip -9 per file, from the packed package (tarball ${packed.tarballBytes} B)\n`);
  console.log(sizeTable(rows));
  console.log(`\nThe password page's files, as Chromium fetched them\n`);
  console.log(pageFilesTable(rows));
  if (failed) {
    console.error("\nsize budget check failed");
    process.exitCode = 1;
  }
} finally {
  packed.cleanup();
}
