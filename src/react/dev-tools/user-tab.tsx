import { Fragment, useEffect, useState } from "react";
import { accessTokenClaims } from "../../session/jwt";
import { useUser } from "../hooks/app-hooks";

// The access token's payload is decoded here, without verifying it (the server does), by the SDK's own JWT reader:
// jose, the library that verifies tokens, never reaches a page, the dev tools' included.

const time = (seconds: unknown) => (typeof seconds === "number" ? ` (${new Date(seconds * 1000).toLocaleTimeString()})` : "");
const shown = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

/** Seconds until `exp` (epoch seconds), ticking every second. */
function useSecondsLeft(exp: number | undefined): number | undefined {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (exp === undefined) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [exp]);
  return exp === undefined ? undefined : Math.max(0, Math.round(exp - now / 1000));
}

/**
 * The User tab: the signed-in user (or "Not signed in"), the claims of their access token and the seconds until it
 * expires, counting down. An expired token is read again (the session refreshes it).
 * @internal
 * @example
 * <Suspense fallback={null}><UserTab /></Suspense>
 */
export function UserTab() {
  const user = useUser();
  const [token, setToken] = useState<{ claims: Record<string, unknown> | null } | null>(null);
  const [reads, setReads] = useState(0);
  useEffect(() => {
    let current = true;
    setToken(null);
    if (user) user.getAccessToken().then((t) => current && setToken({ claims: t ? accessTokenClaims(t) : null }), () => current && setToken({ claims: null }));
    return () => void (current = false);
  }, [user, reads]);
  const exp = typeof token?.claims?.exp === "number" ? token.claims.exp : undefined;
  const left = useSecondsLeft(exp);
  useEffect(() => {
    if (left === 0) setReads((n) => n + 1);
  }, [left]);
  if (!user) return <p>Not signed in.</p>;
  return (
    <div className="lk-dt-section">
      <dl aria-label="User">
        <dt>Id</dt>
        <dd>{user.id}</dd>
        <dt>E-mail</dt>
        <dd>{user.primaryEmail ?? "none"}{user.primaryEmail ? (user.primaryEmailVerified ? " (verified)" : " (not verified)") : ""}</dd>
        <dt>Name</dt>
        <dd>{user.displayName ?? "none"}</dd>
        {user.isAnonymous && (
          <>
            <dt>Anonymous</dt>
            <dd>yes</dd>
          </>
        )}
      </dl>
      <h3>Access token</h3>
      {left !== undefined && <p role="timer" aria-label="Access token expires in">{left > 0 ? `Expires in ${left} s` : "Expired"}</p>}
      {token === null ? (
        <p>Reading the token…</p>
      ) : token.claims ? (
        <dl aria-label="Access token claims">
          {Object.entries(token.claims).map(([name, value]) => (
            <Fragment key={name}>
              <dt>{name}</dt>
              <dd>{shown(value)}{name === "exp" || name === "iat" ? time(value) : ""}</dd>
            </Fragment>
          ))}
        </dl>
      ) : (
        <p>No readable access token.</p>
      )}
    </div>
  );
}
