// The official SDK's `analytics` app option, taken so that code written for it runs unchanged. latchkey captures no
// analytics events and records no session replays: the option is checked, kept with the app's options, and changes
// nothing else (an app behaves as the official one does with `analytics: { enabled: false }`).
import { ArgumentError } from "../errors/base";
import { optionalBoolean, optionalObject, requireText } from "../util/validate";

/**
 * Session-replay settings of the official SDK's `analytics` option (its `AnalyticsReplayOptions`). latchkey records no
 * session replays, so none of them has an effect; they are checked so that a typo fails where it was made.
 *
 * @example
 * const replays: AnalyticsReplayOptions = { enabled: false, maskAllInputs: true, blockClass: /^private-/ };
 */
export interface AnalyticsReplayOptions {
  /** Whether session replays are recorded (official default `false`). latchkey never records them. */
  enabled?: boolean;
  /** Whether `<input>` contents are masked in a recording (official default `true`). */
  maskAllInputs?: boolean;
  /** A class name, or a pattern of class names, whose elements a recording leaves out. */
  blockClass?: string | RegExp;
  /** A CSS selector whose elements a recording leaves out. */
  blockSelector?: string;
}

/**
 * The official SDK's `analytics` app option (its `AnalyticsOptions`): there, in a browser with a persistent token
 * store, the app sends usage events (and, with `replays.enabled`, session recordings) to the platform. latchkey sends
 * neither: the option is accepted and checked (an `ArgumentError` for a wrong shape) and has no other effect.
 *
 * @example
 * const app = new ClientApp({ projectId, tokenStore: "cookie", analytics: { replays: { enabled: false } } });
 */
export interface AnalyticsOptions {
  /** Whether the SDK captures analytics events (official default `true`). latchkey never does. */
  enabled?: boolean;
  /** Session-replay settings; see {@link AnalyticsReplayOptions}. */
  replays?: AnalyticsReplayOptions;
}

/**
 * @internal Checks the `analytics` option has the official shape, or throws an `ArgumentError` naming the field.
 * (Kept short: it runs in every app, and the option changes nothing in latchkey.)
 * @example
 * checkAnalyticsOptions(options.analytics);
 */
export function checkAnalyticsOptions(value: unknown): void {
  const object = (v: unknown, name: string) => {
    if (Array.isArray(v)) throw new ArgumentError(`${name} must be an object.`);
    return optionalObject(v as Record<string, unknown> | undefined, name) as Record<string, unknown>;
  };
  const { enabled, replays } = object(value, "analytics");
  optionalBoolean(enabled, "analytics.enabled");
  const r = object(replays, "analytics.replays");
  for (const key of ["enabled", "maskAllInputs"]) optionalBoolean(r[key], `analytics.replays.${key}`);
  for (const key of ["blockClass", "blockSelector"]) {
    const v = r[key];
    if (v !== undefined && !(key === "blockClass" && v instanceof RegExp)) requireText(v, `analytics.replays.${key}`);
  }
}
