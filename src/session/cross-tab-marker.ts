/**
 * The cross-tab refresh without Web Locks (see `cross-tab-refresh.ts`): a short-lived marker cookie
 * `latchkey-refreshing-<projectId>` says a tab is refreshing, and the other tabs poll the token cookies meanwhile.
 * Loaded on the first refresh in a browser without `navigator.locks` (an http page other than localhost, older
 * browsers); other browsers never download it.
 * @internal
 * @module
 */
import type Cookies from "js-cookie";
import type { TokenPair } from "../token-stores/types";
import { httpsPage } from "../util/browser";

/** How often a tab waiting for another tab's marker re-reads the token cookies. */
const POLL_MS = 50;
/** How long a tab that put up the marker cookie waits before checking that no other tab overwrote it. */
const SETTLE_MS = 30;

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

interface Marker {
  id: string;
  until: number;
}

type CookieJar = typeof Cookies;

const readMarker = (cookies: CookieJar, name: string): Marker | null => {
  const [until, id] = (cookies.get(name) ?? "").split(":");
  return id && Number(until) > Date.now() ? { id, until: Number(until) } : null;
};

const cookieAttributes = () => ({ path: "/", sameSite: "Lax" as const, secure: httpsPage() });

/**
 * Puts up the marker cookie `name` (with an expiry) and runs `work`; while another tab's marker is up, polls
 * `reuse` instead, for at most `waitMs`, then runs `work` anyway. `cookies` is js-cookie, passed by the caller: the
 * client core holds it already, and an import of it here would make apps' bundlers cut it into a file of its own,
 * which every page would fetch.
 * @internal
 * @example
 * const tokens = await withMarker(Cookies, `latchkey-refreshing-${projectId}`, 5_000, () => run(), () => storedElsewhere(session, refreshToken, null));
 */
export async function withMarker(cookies: CookieJar, name: string, waitMs: number, work: () => Promise<TokenPair>, reuse: () => Promise<TokenPair | null>): Promise<TokenPair> {
  const id = Math.random().toString(36).slice(2);
  const deadline = Date.now() + waitMs;
  let wrote = false;
  try {
    while (Date.now() < deadline) {
      const held = readMarker(cookies, name);
      // Ours: refresh. Gone right after writing it: this page cannot keep cookies, so there is nobody to wait for.
      if (held?.id === id || (!held && wrote)) break;
      wrote = !held;
      if (held) {
        await sleep(POLL_MS);
        const done = await reuse();
        if (done) return done;
      } else {
        const until = Date.now() + waitMs;
        cookies.set(name, `${until}:${id}`, { ...cookieAttributes(), expires: new Date(until) });
        // Two tabs may have put it up at once: the last write wins, and the other tab waits.
        await sleep(SETTLE_MS);
      }
    }
    return await work();
  } finally {
    if (readMarker(cookies, name)?.id === id) cookies.remove(name, cookieAttributes());
  }
}
