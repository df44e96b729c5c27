import { existsSync, readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import type { StoreSnapshot } from "./store";

/**
 * The `--data` file exists but cannot be used. The file is left untouched.
 *
 * @example
 * try { await startEmulator({ dataFile }); } catch (e) { if (e instanceof EmulatorDataFileError) console.error(e.message); }
 */
export class EmulatorDataFileError extends Error {
  constructor(
    readonly file: string,
    reason: string,
  ) {
    super(
      `The emulator data file ${file} cannot be loaded: ${reason}\n` +
        "It was left unchanged. Fix it, move it away, or start with another --data path.",
    );
    this.name = "EmulatorDataFileError";
  }
}

const ARRAY_KEYS = ["projects", "users", "contactChannels", "sessions", "verificationCodes", "teams", "memberships", "emails"] as const;

/**
 * Reads a data file. Returns `undefined` when the file does not exist; throws `EmulatorDataFileError` when it
 * exists but is not a valid emulator state file.
 *
 * @example
 * const snapshot = readDataFile("./emulator.json");
 */
export function readDataFile(file: string): StoreSnapshot | undefined {
  if (!existsSync(file)) return undefined;
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    throw new EmulatorDataFileError(file, `it could not be read (${(e as Error).message}).`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new EmulatorDataFileError(file, `it is not valid JSON (${(e as Error).message}).`);
  }
  const o = parsed as Partial<StoreSnapshot> | null;
  if (typeof o !== "object" || o === null || o.format !== "latchkey-emulator") {
    throw new EmulatorDataFileError(file, 'it is not a latchkey emulator state file (missing "format": "latchkey-emulator").');
  }
  if (o.version !== 1) throw new EmulatorDataFileError(file, `its version ${JSON.stringify(o.version)} is not supported (expected 1).`);
  if (typeof o.signingSecret !== "string" || o.signingSecret.length < 32) {
    throw new EmulatorDataFileError(file, "its signingSecret is missing or too short.");
  }
  for (const key of ARRAY_KEYS) {
    if (!Array.isArray(o[key])) throw new EmulatorDataFileError(file, `its "${key}" field is missing or not an array.`);
  }
  return { ...(o as StoreSnapshot), extra: o.extra ?? {} };
}

/**
 * Writes the state atomically: a temporary file beside the target, then a rename over it.
 *
 * @example
 * writeDataFile("./emulator.json", store.toJSON());
 */
export function writeDataFile(file: string, snapshot: StoreSnapshot): void {
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  try {
    writeFileSync(tmp, JSON.stringify(snapshot, undefined, 2) + "\n", "utf8");
    renameSync(tmp, file);
  } catch (e) {
    try {
      unlinkSync(tmp);
    } catch {
      /* the temporary file may not exist */
    }
    throw e;
  }
}
