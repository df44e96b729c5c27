/**
 * The server half: calls the demo's own API route (`GET /api/me` on the demo server), which verifies the user's
 * access token locally with `ServerApp.verifyAccessToken` and answers the verified claims.
 */
import { Fragment, useState } from "react";
import { useUser } from "latchkey/react";
import { Page } from "../layout";

/** What `GET /api/me` answers: the verified claims, or why the token was refused. */
type Answer = { status: number; body: Record<string, unknown> };

const FACTS: [key: string, label: string][] = [
  ["userId", "User id"],
  ["email", "E-mail"],
  ["emailVerified", "E-mail verified"],
  ["displayName", "Name"],
  ["selectedTeamId", "Selected team id"],
  ["sessionId", "Session id"],
  ["expiresAt", "Token expires"],
];

const shown = (value: unknown) => (value === null || value === undefined ? "none" : typeof value === "boolean" ? (value ? "yes" : "no") : String(value));

export function ServerCheck() {
  const user = useUser({ or: "redirect" });
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const call = async () => {
    setBusy(true);
    setFailure(null);
    try {
      // `getAuthHeaders()` is the session as one header (`x-stack-auth`) that latchkey's server side reads.
      const res = await fetch("/api/me", { headers: await user.getAuthHeaders() });
      setAnswer({ status: res.status, body: (await res.json()) as Record<string, unknown> });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const ok = answer?.status === 200;
  return (
    <Page title="Server check">
      <h1>Server check</h1>
      <p className="lead">
        The demo's server has one API route, <code>GET /api/me</code>. It verifies the access token your browser sends with{" "}
        <code>ServerApp.verifyAccessToken</code>: against the project's published keys, cached, with no request to the auth server per call.
      </p>
      <section className="panel" aria-labelledby="call">
        <h2 id="call">Ask the server who you are</h2>
        <button className="button primary" type="button" onClick={() => void call()} disabled={busy}>
          Call the server route
        </button>
        {failure && (
          <p role="alert" className="error">
            The request failed: {failure}
          </p>
        )}
        {answer && (
          <div role="status" className="answer">
            <p className={ok ? "ok" : "error"}>
              {ok ? "Verified by the server" : `The server refused the token (${answer.status})`}
              {!ok && typeof answer.body.message === "string" ? `: ${answer.body.message}` : "."}
            </p>
            {ok && (
              <dl className="facts" aria-label="Verified claims">
                {FACTS.map(([key, label]) => (
                  <Fragment key={key}>
                    <dt>{label}</dt>
                    <dd>{shown(answer.body[key])}</dd>
                  </Fragment>
                ))}
              </dl>
            )}
            <details>
              <summary>The JSON answer</summary>
              <pre>{JSON.stringify(answer.body, null, 2)}</pre>
            </details>
          </div>
        )}
      </section>
    </Page>
  );
}
