/**
 * Makes a function that turns a dependency tuple into a string key, so one flat `Map` can hold a cache's entries.
 *
 * Objects and functions are told apart by identity: each gets a small number the first time it is seen, kept in a
 * `WeakMap` so the keyer never keeps a session (or anything else) alive. Strings are JSON-quoted and every other
 * primitive carries a type prefix, so `"1"`, `1` and `true` — or `["a,b"]` and `["a", "b"]` — never share a key.
 * Numbers follow `Map` key rules: `NaN` equals `NaN`, `0` equals `-0`. Symbols are compared by their
 * description, so use objects or strings instead.
 *
 * Each keyer numbers objects on its own; keys from two keyers must not be mixed.
 *
 * @example
 * const keyOf = createKeyer();
 * const session = {};
 * keyOf([session, "team_1"]) === keyOf([session, "team_1"]); // true
 * keyOf([{}, "team_1"]) === keyOf([session, "team_1"]); // false: another object
 */
export function createKeyer(): (deps: readonly unknown[]) => string {
  const ids = new WeakMap<object, number>();
  let next = 0;
  const part = (dep: unknown): string => {
    const type = typeof dep;
    if ((type === "object" && dep !== null) || type === "function") {
      let id = ids.get(dep as object);
      if (id === undefined) ids.set(dep as object, (id = ++next));
      return "#" + id;
    }
    return type === "string" ? JSON.stringify(dep) : type[0] + String(dep);
  };
  // A loop rather than `map` + `join`: every cache read makes a key.
  return (deps) => {
    let key = deps.length ? part(deps[0]) : "";
    for (let i = 1; i < deps.length; i++) key += "," + part(deps[i]);
    return key;
  };
}
