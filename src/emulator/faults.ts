/**
 * One fault-injection rule.
 *
 * - `route`: `"*"`, a path relative to `/api/v1` (`"/users/me"`, `"/auth/*"`), optionally prefixed with a method
 *   (`"POST /auth/password/sign-in"`). `*` matches any characters. The route's pattern (`/users/:user_id`) matches too.
 * - `action`: `drop` closes the connection without an answer; `status` answers `status` (500, 502 or 503);
 *   `rate-limit` answers 429 (with `Retry-After: retryAfterSeconds` when given); `loop` answers 508 with the
 *   `INFINITE_LOOP_DETECTED` marker; `latency` only delays by `latencyMs`.
 * - `latencyMs`: delay before the action (any action).
 * - `times`: apply to the next N matching requests only; `probability`: apply to this fraction (0..1).
 * - `when`: `before` (default) answers without running the handler; `after` runs it (its effects happen) and
 *   then replaces or drops the answer — a lost response.
 *
 * @example
 * const rule: FaultRule = { route: "POST /auth/password/sign-in", action: "drop", times: 1, when: "after" };
 */
export interface FaultRule {
  route: string;
  action: "drop" | "status" | "rate-limit" | "loop" | "latency";
  status?: number;
  retryAfterSeconds?: number;
  latencyMs?: number;
  times?: number;
  probability?: number;
  when?: "before" | "after";
}

const ACTIONS = ["drop", "status", "rate-limit", "loop", "latency"];

/**
 * Checks a rule (from code or from `POST /emulator/faults`); returns a problem description or `undefined`.
 *
 * @example
 * const problem = faultRuleProblem({ route: "*", action: "status", status: 418 }); // "status must be 500, 502 or 503"
 */
export function faultRuleProblem(rule: unknown): string | undefined {
  if (typeof rule !== "object" || rule === null) return "a fault rule must be an object";
  const r = rule as Partial<FaultRule>;
  if (typeof r.route !== "string" || r.route.trim() === "") return "route must be a non-empty string";
  if (!r.action || !ACTIONS.includes(r.action)) return `action must be one of ${ACTIONS.join(", ")}`;
  if (r.action === "status" && ![500, 502, 503].includes(r.status as number)) return "status must be 500, 502 or 503";
  if (r.retryAfterSeconds !== undefined && !(typeof r.retryAfterSeconds === "number" && r.retryAfterSeconds >= 0)) return "retryAfterSeconds must be a number >= 0";
  if (r.latencyMs !== undefined && !(typeof r.latencyMs === "number" && r.latencyMs >= 0 && r.latencyMs <= 60_000)) return "latencyMs must be between 0 and 60000";
  if (r.action === "latency" && r.latencyMs === undefined) return "a latency fault needs latencyMs";
  if (r.times !== undefined && !(Number.isInteger(r.times) && r.times > 0)) return "times must be a positive integer";
  if (r.probability !== undefined && !(typeof r.probability === "number" && r.probability >= 0 && r.probability <= 1)) return "probability must be between 0 and 1";
  if (r.when !== undefined && r.when !== "before" && r.when !== "after") return 'when must be "before" or "after"';
  return undefined;
}

function globToRegex(glob: string): RegExp {
  return new RegExp("^" + glob.split("*").map((p) => p.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join(".*") + "/?$");
}

interface ActiveRule {
  rule: FaultRule;
  method: string | undefined;
  path: RegExp;
  remaining: number | undefined;
}

/**
 * The active fault rules.
 *
 * @example
 * faults.set([{ route: "*", action: "status", status: 503, times: 2 }]);
 */
export class Faults {
  private rules: ActiveRule[] = [];

  /** Replaces all rules (throws on an invalid rule). */
  set(rules: FaultRule[]): void {
    this.rules = [];
    this.add(rules);
  }

  /** Adds rules after the existing ones (throws on an invalid rule). */
  add(rules: FaultRule[]): void {
    for (const rule of rules) {
      const problem = faultRuleProblem(rule);
      if (problem) throw new Error(`Invalid fault rule ${JSON.stringify(rule)}: ${problem}`);
    }
    for (const rule of rules) {
      const m = /^(GET|POST|PUT|PATCH|DELETE|OPTIONS)\s+(.+)$/i.exec(rule.route.trim());
      const rawPath = (m ? m[2] : rule.route).trim().replace(/^\/api\/(v1|latest)(?=\/|$)/, "") || "/";
      this.rules.push({ rule: { ...rule }, method: m?.[1].toUpperCase(), path: globToRegex(rawPath), remaining: rule.times });
    }
  }

  /** Removes every rule. */
  clear(): void {
    this.rules = [];
  }

  /** The active rules with their remaining counts. */
  list(): FaultRule[] {
    return this.rules.map((r) => ({ ...r.rule, ...(r.remaining !== undefined ? { times: r.remaining } : {}) }));
  }

  /**
   * The first rule that applies to this request (consuming one of its `times`), if any.
   * `paths` are the request path relative to `/api/v1` and the matched route's pattern.
   */
  take(method: string, paths: string[]): FaultRule | undefined {
    for (const r of this.rules) {
      if (r.method && r.method !== method) continue;
      if (!paths.some((p) => r.path.test(p))) continue;
      if (r.rule.probability !== undefined && Math.random() >= r.rule.probability) continue;
      if (r.remaining !== undefined) {
        r.remaining--;
        if (r.remaining <= 0) this.rules = this.rules.filter((x) => x !== r);
      }
      return r.rule;
    }
    return undefined;
  }
}
