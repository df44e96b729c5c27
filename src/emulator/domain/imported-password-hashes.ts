// Password hashes made elsewhere and handed to `POST /users` / `PATCH /users/{id}` as `password_hash`. The platform
// accepts one algorithm, bcrypt in Modular Crypt Format (`$2a$`, `$2b$`, `$2y$`), and checks and verifies it with
// `bcryptjs` (`packages/stack-shared/src/utils/hashes.tsx`: `getPasswordHashAlgorithm`, `isPasswordHashValid`,
// `comparePassword`). The emulator uses the same library, loaded on first use, so an imported hash verifies exactly
// as it does on the platform (cost, 72-byte truncation and all).

type Bcrypt = typeof import("bcryptjs");
let loaded: Promise<Bcrypt> | undefined;

/**
 * `bcryptjs`, loaded on first use (only imported hashes need it).
 *
 * @example
 * const { compare } = await bcrypt();
 */
export function bcrypt(): Promise<Bcrypt> {
  return (loaded ??= import("bcryptjs"));
}

/** The platform's shape test: a bcrypt revision the platform names, then exactly 56 characters (60 in all). */
const BCRYPT_SHAPE = /^\$2[ayb]\$.{56}$/;
/** Costs above this are refused (`getRounds(hash) > 16`): checking one would take minutes. */
const MAX_BCRYPT_COST = 16;

/**
 * The algorithm of a `password_hash` the platform would accept, or `undefined`: `"bcrypt"` when the hash has the
 * bcrypt shape, a cost of at most 16, and `bcryptjs` can check a password against it (its salt is readable).
 *
 * @example
 * await passwordHashAlgorithm("$2a$10$VIhIOofSMqGdGlL4wzE//e.77dAQGqNtF/1dT7bqCrVtQuInWy2qi"); // "bcrypt"
 * await passwordHashAlgorithm("plain"); // undefined
 */
export async function passwordHashAlgorithm(hash: string): Promise<"bcrypt" | undefined> {
  if (!BCRYPT_SHAPE.test(hash)) return undefined;
  const b = await bcrypt();
  if (b.getRounds(hash) > MAX_BCRYPT_COST) return undefined;
  try {
    await b.compare("any string", hash);
    return "bcrypt";
  } catch {
    return undefined;
  }
}

/**
 * Checks a password against a bcrypt hash like the platform's `comparePassword`: false for anything that is not a
 * hash the platform accepts, never an exception.
 *
 * @example
 * if (isBcryptHash(stored)) ok = await verifyBcryptPassword(password, stored);
 */
export async function verifyBcryptPassword(password: string, hash: string): Promise<boolean> {
  if (!BCRYPT_SHAPE.test(hash)) return false;
  const b = await bcrypt();
  if (b.getRounds(hash) > MAX_BCRYPT_COST) return false;
  try {
    return await b.compare(password, hash);
  } catch {
    return false;
  }
}

/**
 * Whether a stored hash is a bcrypt hash (`$2…`), as opposed to one of the emulator's own (`fast$…`, `scrypt$…`).
 *
 * @example
 * isBcryptHash("$2b$04$abcdefghijklmnopqrstuu5Nn3h7QYZfSpWn9BpXhHyNk6bWz2Wq6"); // true
 */
export function isBcryptHash(stored: string): boolean {
  return stored.startsWith("$2");
}
