import { LatchkeyError } from "../../errors/base";

const MESSAGE =
  "This is already the user object: useUser() and app.getUser() return the user itself. Write `const user = useUser()`, not `const { user } = useUser()`.";

// One handler shared by every user object. A proxy rather than a `user` getter on the object: a getter, even a
// non-enumerable one, is an own property, and tools that copy every own property (jest's diff of a failed
// comparison, for one) would read it and throw. Through the proxy the object has no `user` property at all.
const GUARD: ProxyHandler<object> = {
  get(target, property, receiver) {
    if (property === "user") throw new LatchkeyError(MESSAGE, "UserDestructuringError");
    return Reflect.get(target, property, receiver);
  },
};

/**
 * Makes reading `user` on a user object throw an error that explains the mistake, as the official SDK does:
 * `const { user } = useUser()` (or `(await app.getUser()).user`) would otherwise quietly be `undefined`. Nothing
 * else changes: the object has no `user` property (`"user" in object` is false), so spreading, `Object.keys`,
 * `JSON.stringify`, jest's equality and printing, and tools that list an object's fields never meet the guard, and
 * writes (`Object.assign(user, more)`) reach the object as before.
 * @internal
 * @example
 * const user = guardUserDestructuring(Object.assign(methods, data));
 * const { user: oops } = user; // throws a LatchkeyError (name "UserDestructuringError") naming the mistake
 */
export function guardUserDestructuring<T extends object>(user: T): T {
  return new Proxy(user, GUARD as ProxyHandler<T>);
}
