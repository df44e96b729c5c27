import { createKeyer } from "../../../src/cache/key";

describe("createKeyer", () => {
  test("same objects and equal primitives give the same key", () => {
    const keyOf = createKeyer();
    const session = {};
    const fn = () => 1;
    expect(keyOf([session, "t", 1, true, undefined, null, fn])).toBe(keyOf([session, "t", 1, true, undefined, null, fn]));
    expect(keyOf([NaN])).toBe(keyOf([NaN]));
  });

  test("different objects, types, lengths and splits give different keys", () => {
    const keyOf = createKeyer();
    const tuples: unknown[][] = [[{}], [{}], [[]], [1], ["1"], [1n], [true], ["true"], [undefined], [null], [],
      [""], ['"'], ["a,b"], ["a", "b"], ['a","b'], ["#1"]];
    const keys = tuples.map(keyOf);
    expect(new Set(keys).size).toBe(tuples.length);
  });

  test("numbers each object once and keeps that number", () => {
    const keyOf = createKeyer();
    const a = {};
    const b = {};
    expect(keyOf([a])).not.toBe(keyOf([b]));
    expect(keyOf([a])).toBe(keyOf([a]));
  });
});
