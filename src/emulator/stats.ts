/**
 * Counters of one route.
 *
 * @example
 * stats.toJSON().routes["POST /auth/password/sign-up"].effects.users_created; // 1
 */
export interface RouteStats {
  /** Requests that reached this route (faulted ones included). */
  requests: number;
  /** Responses by HTTP status (before `x-stack-override-error-status`). */
  responses: Record<string, number>;
  /** Requests whose handler completed without an error. */
  applied: number;
  /** Requests answered (or cut) by an injected fault. */
  faults: number;
  /** Side effects, e.g. `users_created`, `sessions_created`, `emails_sent`. */
  effects: Record<string, number>;
}

/**
 * The body of `GET /emulator/stats`.
 *
 * @example
 * const { totals } = (await (await fetch(`${url}/emulator/stats`)).json()) as StatsSnapshot;
 */
export interface StatsSnapshot {
  totals: { requests: number; effects: Record<string, number> };
  routes: Record<string, RouteStats>;
}

const emptyRoute = (): RouteStats => ({ requests: 0, responses: {}, applied: 0, faults: 0, effects: {} });

/**
 * Request and side-effect counters per route, so tests can prove a request was (not) applied twice.
 *
 * @example
 * const stats = new Stats(); stats.request("GET /users/me");
 */
export class Stats {
  private routes = new Map<string, RouteStats>();
  private totalRequests = 0;
  private effects: Record<string, number> = {};

  private route(name: string): RouteStats {
    let r = this.routes.get(name);
    if (!r) this.routes.set(name, (r = emptyRoute()));
    return r;
  }

  /** Counts an incoming request. */
  request(name: string): void {
    this.totalRequests++;
    this.route(name).requests++;
  }

  /** Counts a response status. */
  response(name: string, status: number): void {
    const r = this.route(name);
    r.responses[status] = (r.responses[status] ?? 0) + 1;
  }

  /** Counts a handler that completed. */
  applied(name: string): void {
    this.route(name).applied++;
  }

  /** Counts an injected fault. */
  fault(name: string): void {
    this.route(name).faults++;
  }

  /** Counts a side effect of a route. */
  effect(name: string, effect: string, count = 1): void {
    const r = this.route(name);
    r.effects[effect] = (r.effects[effect] ?? 0) + count;
    this.effects[effect] = (this.effects[effect] ?? 0) + count;
  }

  /** Clears every counter. */
  reset(): void {
    this.routes.clear();
    this.totalRequests = 0;
    this.effects = {};
  }

  /** A copy of all counters. */
  toJSON(): StatsSnapshot {
    return {
      totals: { requests: this.totalRequests, effects: { ...this.effects } },
      routes: Object.fromEntries([...this.routes].map(([k, v]) => [k, structuredClone(v)])),
    };
  }
}
