import { useSyncExternalStore } from "react";
import type { RequestLog } from "./request-log";

/**
 * The Requests tab: the app's last requests, newest first, with their status (red from 400), the known error's
 * code and when they were sent.
 * @internal
 * @example
 * <RequestsTab log={requestLogOf(app)} />
 */
export function RequestsTab({ log }: { log: RequestLog }) {
  const entries = useSyncExternalStore(log.subscribe, log.get, log.get);
  if (!entries.length) return <p>No requests yet (requests sent before the dev tools loaded are not listed).</p>;
  return (
    <table aria-label="Requests">
      <thead>
        <tr>
          <th scope="col">Time</th>
          <th scope="col">Request</th>
          <th scope="col">Status</th>
          <th scope="col">Error code</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((e) => (
          <tr key={e.id}>
            <td>{new Date(e.at).toLocaleTimeString()} ({e.ms} ms)</td>
            <td>{e.method} {e.path}</td>
            <td className={e.status === 0 || e.status >= 400 ? "lk-dt-bad" : undefined}>{e.status || "failed"}</td>
            <td>{e.errorCode ?? ""}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
