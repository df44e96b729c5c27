import { existsSync, readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import { stringifyJson } from "../util/json";
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
 * The `--data` file could not be written, so the change that was being saved was not kept.
 *
 * @example
 * try { store.flush(); } catch (e) { if (e instanceof EmulatorDataFileWriteError) console.error(e.reason); }
 */
export class EmulatorDataFileWriteError extends Error {
  constructor(
    readonly file: string,
    /** What went wrong, from the file system (e.g. `ENOSPC: no space left on device, write`). */
    readonly reason: string,
  ) {
    super(`The emulator could not write its data file ${file}: ${reason}`);
    this.name = "EmulatorDataFileWriteError";
  }
}

/**
 * The data file's text for a state: indented JSON (compact when a stored value is too deep to indent), never limited
 * by the depth of stored values.
 *
 * @example
 * const text = serializeSnapshot(store.toJSON());
 */
export function serializeSnapshot(snapshot: StoreSnapshot): string {
  return stringifyJson(snapshot, 2) + "\n";
}

/**
 * Writes text atomically: a temporary file beside the target, then a rename over it. Throws
 * `EmulatorDataFileWriteError` (and leaves no temporary file) when that fails.
 *
 * @example
 * writeDataFile("./emulator.json", serializeSnapshot(store.toJSON()));
 */
export function writeDataFile(file: string, text: string): void {
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  try {
    writeFileSync(tmp, text, "utf8");
    renameSync(tmp, file);
  } catch (e) {
    try {
      unlinkSync(tmp);
    } catch {
      /* the temporary file may not exist */
    }
    // file-system errors may come from another realm (e.g. under a test runner), so no `instanceof Error`
    const message = (e as { message?: unknown } | null)?.message;
    throw new EmulatorDataFileWriteError(file, typeof message === "string" ? message : String(e));
  }
}

/**
 * A running emulator's `--data` file: saves each state atomically and remembers the last state that reached the
 * disk, so a change that could not be saved can be rolled back (`Store.flush`).
 *
 * @example
 * const dataFile = new DataFile("./emulator.json", store.toJSON(), { writeNow: true });
 * store.persistTo(dataFile);
 */
export class DataFile {
  private saved: string;

  /** `writeNow` writes `initial` at once (a new file); otherwise `initial` is taken as what the file holds. */
  constructor(
    readonly file: string,
    initial: StoreSnapshot,
    o: { writeNow: boolean },
  ) {
    this.saved = serializeSnapshot(initial);
    if (o.writeNow) writeDataFile(file, this.saved);
  }

  /** Writes a state; on failure throws `EmulatorDataFileWriteError` and keeps the last saved state. */
  save(snapshot: StoreSnapshot): void {
    const text = serializeSnapshot(snapshot);
    writeDataFile(this.file, text);
    this.saved = text;
  }

  /** A fresh copy of the last state that was written (or loaded). */
  lastSaved(): StoreSnapshot {
    return JSON.parse(this.saved) as StoreSnapshot;
  }
}
