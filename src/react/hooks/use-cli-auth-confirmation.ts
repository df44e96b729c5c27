import { useCallback, useEffect, useRef, useState } from "react";
import { inBrowser } from "../../urls/redirect";
import { useProvidedApp } from "../context";
import { useUser } from "../provider";

/**
 * Where the CLI confirmation page is: `idle` (waiting for "Authorize"), `invalid` (no `login_code` in the
 * address), `authorizing`, `redirecting` (to sign in or up first), `success` or `error`.
 * @example
 * const done: CliAuthConfirmationStatus = "success";
 */
export type CliAuthConfirmationStatus = "idle" | "invalid" | "authorizing" | "redirecting" | "success" | "error";

/**
 * What {@link useCliAuthConfirmation} returns (the official shape).
 * @example
 * const { status, authorize }: CliAuthConfirmationState = useCliAuthConfirmation();
 */
export interface CliAuthConfirmationState {
  status: CliAuthConfirmationStatus;
  /** The page's `login_code`, or null when it has none. */
  loginCode: string | null;
  /** Why the last attempt failed (a `CliAuthError`, `RestrictedUserNotAllowed`, a network error, …). */
  error: Error | null;
  /** True while authorizing or redirecting. */
  isLoading: boolean;
  /** Authorizes the CLI: at once for a signed-in user, else after signing in (or up, taking over the CLI's anonymous session). */
  authorize: () => Promise<void>;
  /** Back to `idle` after an error. */
  retry: () => void;
}

// The login a signed-out visitor agreed to before signing in: finished when they come back signed in.
const CONFIRMED_KEY = "hexclave-cli-auth-confirmed";
const storage = (): Storage | null => {
  try {
    return inBrowser() ? window.sessionStorage : null;
  } catch {
    return null;
  }
};

/**
 * The logic of a CLI login confirmation page (`/handler/cli-auth-confirm?login_code=…`), for building your own:
 * reads `login_code`; `authorize()` hands the signed-in user's session to the waiting CLI
 * (`app.confirmCliLogin`). A signed-out visitor is sent to sign in first (or to sign up, as the CLI's anonymous
 * user, when the CLI has one), keeping this page as the return target; back here signed in, the authorization
 * they agreed to finishes by itself. Suspends while the user loads.
 *
 * @example
 * function ConfirmCli() {
 *   const cli = useCliAuthConfirmation();
 *   if (cli.status === "success") return <p>Done: return to your terminal.</p>;
 *   return <button disabled={cli.isLoading} onClick={cli.authorize}>Authorize</button>;
 * }
 */
export function useCliAuthConfirmation(): CliAuthConfirmationState {
  const app = useProvidedApp();
  const user = useUser({ includeRestricted: true });
  const [status, setStatus] = useState<Exclude<CliAuthConfirmationStatus, "invalid">>("idle");
  const [error, setError] = useState<Error | null>(null);
  const [loginCode] = useState(() => (inBrowser() ? new URLSearchParams(window.location.search).get("login_code") : null));
  const busy = useRef(false);
  const resumed = useRef(false);
  const signedIn = !!user;

  const run = useCallback(
    async (steps: () => Promise<void>) => {
      if (busy.current) return;
      busy.current = true;
      setError(null);
      setStatus("authorizing");
      try {
        await steps();
      } catch (e) {
        setError(e instanceof Error ? e : new Error(String(e)));
        setStatus("error");
      } finally {
        busy.current = false;
      }
    },
    [],
  );
  const confirm = useCallback(async () => {
    const result = await app.confirmCliLogin(loginCode!);
    if (result.status === "error") throw result.error;
    storage()?.removeItem(CONFIRMED_KEY);
    setStatus("success");
  }, [app, loginCode]);

  const authorize = useCallback(
    () =>
      run(async () => {
        if (!loginCode) throw new Error("This page's address has no login_code.");
        if (signedIn) return confirm();
        const state = await app.getCliLoginState(loginCode);
        if (state.status === "error") throw state.error;
        if (state.data === "anonymous") {
          const claimed = await app.claimCliAnonymousSession(loginCode);
          if (claimed.status === "error") throw claimed.error;
        }
        storage()?.setItem(CONFIRMED_KEY, loginCode);
        setStatus("redirecting");
        await (state.data === "anonymous" ? app.redirectToSignUp({ replace: true }) : app.redirectToSignIn({ replace: true }));
      }),
    [app, confirm, loginCode, run, signedIn],
  );

  useEffect(() => {
    if (resumed.current || !signedIn || !loginCode || storage()?.getItem(CONFIRMED_KEY) !== loginCode) return;
    resumed.current = true;
    void run(confirm);
  }, [confirm, loginCode, run, signedIn]);

  const retry = useCallback(() => {
    setError(null);
    setStatus("idle");
  }, []);
  const visible = loginCode ? status : "invalid";
  return { status: visible, loginCode, error, isLoading: visible === "authorizing" || visible === "redirecting", authorize, retry };
}
