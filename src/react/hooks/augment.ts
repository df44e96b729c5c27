import { markAugmented } from "../../cache/observer";

/**
 * A copy of `raw` (same prototype, same property descriptors) with `hooks` added as non-enumerable methods:
 * the core's objects stay React-free, and what a hook hands out has the official `use…` members.
 * @internal
 * @example
 * const user = augment(rawUser, { useTeams: () => useRead(app, key, watch, () => rawUser.listTeams()) });
 */
export function augment<T extends object, H extends object>(raw: T, hooks: H): T & H {
  const copy = Object.create(Object.getPrototypeOf(raw), Object.getOwnPropertyDescriptors(raw)) as T & H;
  for (const [name, hook] of Object.entries(hooks)) {
    Object.defineProperty(copy, name, { value: hook, enumerable: false, configurable: true, writable: true });
  }
  return markAugmented(copy);
}
