import { isKnownErrorOf } from "../errors/known-error-of";
import { sendRequest } from "../http/client";
import type { HttpSettings } from "../http/types";
import type { TokenPair, TokenStore } from "../token-stores/types";

// A session's refresh (see session.ts), loaded with the first one: a page whose access token is fresh (a sign-in, a
// read of the user) never downloads it.

/**
 * Runs `run` (the refresh of `refreshToken`, which stores its result) so that sessions elsewhere sharing the
 * session's store (other tabs) do not refresh at the same time; `replaced` is the access token the refresh is
 * to replace. See `session/cross-tab.ts`.
 * @internal
 * @example
 * const coordinate: RefreshCoordinator = (run, refreshToken, replaced) => refreshAcrossTabs(projectId, session, run, refreshToken, replaced);
 */
export type RefreshCoordinator = (run: () => Promise<TokenPair>, refreshToken: string, replaced: string | null) => Promise<TokenPair>;

/**
 * @internal What a refresh reads and writes of its session (a `Session`, see session.ts).
 * @example
 * await runRefresh(session, refreshToken, session.marks(), session.known.accessToken);
 */
export interface RefreshingSession {
  readonly store: TokenStore;
  readonly refresher: (refreshToken: string) => Promise<string>;
  known: TokenPair;
  freshAt: number;
  crossTab?: Promise<RefreshCoordinator | undefined>;
  marks(): number;
  read(): Promise<TokenPair>;
  invalidate(): Promise<void>;
}

/**
 * @internal The exchange behind `Session.refresh` (which runs one at a time and queues at most one more, so concurrent
 * callers share them from the first call on): exchanges `refreshToken` for a new access token; over a store shared with other
 * tabs, coordinated with theirs. `replaced` is the access token the session knew when the refresh was asked.
 * @example
 * const tokens = await runRefresh(session, refreshToken, session.marks(), session.known.accessToken);
 */
export function runRefresh(session: RefreshingSession, refreshToken: string, marks: number, replaced: string | null): Promise<TokenPair> {
  const run = () => exchange(session, refreshToken, marks);
  const crossTab = session.crossTab;
  return crossTab ? crossTab.then((coordinate) => (coordinate ? coordinate(run, refreshToken, replaced) : run())) : run();
}

async function exchange(session: RefreshingSession, refreshToken: string, marks: number): Promise<TokenPair> {
  let accessToken: string;
  try {
    accessToken = await session.refresher(refreshToken);
  } catch (error) {
    if (!isKnownErrorOf(error, "REFRESH_TOKEN_ERROR")) throw error;
    // Only end the session if nobody signed in again while the refresh was in flight.
    if ((await session.store.get()).refreshToken === refreshToken) await session.invalidate();
    return { accessToken: null, refreshToken: null };
  }
  const current = await session.read();
  if (current.refreshToken !== refreshToken) return current;
  const tokens = { accessToken, refreshToken };
  // Kept even when a change came while it was on its way: it is newer than the stored one, and `freshAt` says
  // which changes it carries (the session refreshes once more, after this one, for the later ones).
  await session.store.set((session.known = tokens));
  session.freshAt = Math.max(session.freshAt, marks);
  return tokens;
}

/**
 * @internal `AppCore.refreshAccessToken`: a new access token for `refreshToken` of `projectId` (the app's own project
 * when `own`, whose publishable key then goes with it), from the platform's token endpoint.
 * @example
 * const accessToken = await requestAccessToken(core.http, refreshToken, core.projectId, true);
 */
export async function requestAccessToken(http: HttpSettings, refreshToken: string, projectId: string, own: boolean): Promise<string> {
  const body = await sendRequest<{ access_token: string }>(http, {
    expect: "access_token",
    method: "POST",
    path: "/auth/oauth/token",
    bare: true,
    idempotent: true,
    form: {
      grant_type: "refresh_token",
      refresh_token: refreshToken,
      client_id: projectId,
      client_secret: (own && http.publishableClientKey) || "__stack_public_client__",
    },
  });
  return body.access_token;
}
