import { markAugmented } from "../store";

/**
 * A copy of `raw` (same prototype, same property descriptors) with `hooks` added as non-enumerable methods:
 * the core's objects stay React-free, and what a hook hands out has the official `use…` members.
 * @internal
 * @example
 * const user = augment(rawUser, { useTeams: () => useRead(app, key, watch, () => rawUser.listTeams()) });
 */
export function augment<T extends object, H extends Record<string, (...args: any[]) => unknown>>(raw: T, hooks: H): T & H {
  const copy = Object.create(Object.getPrototypeOf(raw), Object.getOwnPropertyDescriptors(raw)) as T & H;
  for (const name of Object.keys(hooks)) {
    Object.defineProperty(copy, name, { value: hooks[name], enumerable: false, configurable: true, writable: true });
  }
  return markAugmented(copy);
}

/** @internal `value`, or each item of it, made by `wrap` (null and undefined kept). */
export function augmentEach<T, R>(value: T, wrap: (item: any) => R): T extends readonly unknown[] ? R[] : R {
  if (value == null) return value as any;
  return (Array.isArray(value) ? value.map(wrap) : wrap(value)) as any;
}
