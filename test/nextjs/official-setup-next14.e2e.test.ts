/**
 * The official Next.js setup, with the package name changed to latchkey/next, on Next 14 (see ./official-setup.ts).
 */
import { describeOfficialSetup } from "./official-setup";

// Installing and building take minutes on a small machine; each step has its own limit too.
jest.setTimeout(60_000);

describeOfficialSetup(14);
