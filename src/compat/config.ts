import { ArgumentError } from "../errors/base";

/**
 * The value a project config file (`stack.config.ts`) exports, as the official SDK types it: a config override
 * object — nested objects or dotted keys, e.g. `{ auth: { allowSignUp: false } }` or `{ "auth.allowSignUp": false }`
 * — or the placeholder `"show-onboarding"` that a freshly created file holds until the project is set up. It is
 * what `AdminProject.pushConfig` sends.
 *
 * @example
 * const config: StackConfig = { "auth.allowSignUp": true, teams: { allowClientTeamCreation: false } };
 */
export type StackConfig = { readonly [key: string]: unknown } | "show-onboarding";

/**
 * The official SDK 2.8.108's newer name of {@link StackConfig}.
 * @example
 * const config: HexclaveConfig = "show-onboarding";
 */
export type HexclaveConfig = StackConfig;

/**
 * Declares a project config (for a `stack.config.ts` file): returns `config` unchanged, with its literal type, so
 * editors check it. Anything but a plain object or `"show-onboarding"` is refused with an `ArgumentError`.
 *
 * @example
 * export default defineStackConfig({ auth: { allowSignUp: true } });
 */
export function defineStackConfig<const T extends StackConfig>(config: T): T {
  const plainObject =
    typeof config === "object" && config !== null && !Array.isArray(config) && [Object.prototype, null].includes(Object.getPrototypeOf(config));
  if (!plainObject && config !== "show-onboarding") {
    throw new ArgumentError('defineStackConfig takes a plain config object (nested or with dotted keys) or "show-onboarding".');
  }
  return config;
}

/**
 * The official SDK 2.8.108's newer name of {@link defineStackConfig}.
 * @example
 * export default defineHexclaveConfig({ auth: { allowSignUp: false } });
 */
export const defineHexclaveConfig = defineStackConfig;
