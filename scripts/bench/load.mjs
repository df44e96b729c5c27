// Bounded autocannon runs against a loopback emulator, reduced to one table row.
import autocannon from "autocannon";

export const DEFAULT_CONNECTIONS = 10;

/**
 * Runs autocannon for `durationSeconds` with `connections` keep-alive connections and returns
 * {rps, p50, p99, requests, non2xx, errors}. Only 127.0.0.1 targets are accepted.
 */
export async function load({ url, method = "GET", headers = {}, body, durationSeconds, connections = DEFAULT_CONNECTIONS }) {
  const target = new URL(url);
  if (target.hostname !== "127.0.0.1") throw new Error(`refusing to load a non-loopback target: ${url}`);
  const result = await autocannon({
    url,
    method,
    headers,
    body,
    connections,
    duration: durationSeconds,
    timeout: 10,
    renderProgressBar: false,
    renderResultsTable: false,
    renderLatencyTable: false,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);

/**
 * In-process loop for cases autocannon can't express (e.g. an SDK call, or local token verification):
 * runs `fn` back to back on `concurrency` lanes for `durationSeconds`, and returns the same row shape as `load`.
 * A thrown error counts in `errors` and the loop goes on.
 */
export async function measure(fn, { durationSeconds, concurrency = 1 }) {
  const latencies = [];
  let errors = 0;
  const end = performance.now() + durationSeconds * 1000;
  const t0 = performance.now();
  const lane = async () => {
    while (performance.now() < end) {
      const s = performance.now();
      try {
        await fn();
        latencies.push(performance.now() - s);
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  const seconds = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    rps: (latencies.length + errors) / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    requests: latencies.length + errors,
    non2xx: 0,
    errors,
  };
}
