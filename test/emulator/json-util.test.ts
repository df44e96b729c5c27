import { cloneJson, getOwn, jsonDepthExceeds, setOwn, stringifyIteratively, stringifyJson } from "../../src/emulator/util/json";
import { nestedText } from "./json-helpers";

const sparse = [1, , 3]; // eslint-disable-line no-sparse-arrays
const corpus: [string, unknown][] = [
  ["scalars", [null, true, false, 0, -0, 1.5, -1e21, 1e-7, "", "text"]],
  ["non-finite numbers", { nan: NaN, inf: Infinity, list: [-Infinity] }],
  ["left-out values", { u: undefined, f: () => 1, s: Symbol("x"), list: [undefined, () => 1, Symbol("y")] }],
  ["a sparse array", sparse],
  ["strings that need escaping", { "quote\"key": 'a"b\\c\n\t\u0001', emoji: "😀", lone: "\ud800x\udfff" }],
  ["integer-like keys first, like the engine", { b: 1, 2: "two", a: 2, 1: "one" }],
  ["toJSON and Dates", { when: new Date(0), custom: { toJSON: (key: string) => `called with ${key}` }, list: [{ toJSON: () => undefined }] }],
  ["boxed primitives", [Object(1), Object("s"), Object(false)]],
  ["a Buffer", { raw: Buffer.from("hi") }],
  ["empty containers", { o: {}, a: [], nested: [{}, [[]]] }],
  ["own __proto__ keys", JSON.parse('{"__proto__":{"x":1},"constructor":{"prototype":2}}')],
  ["top-level undefined", undefined],
  ["a top-level function", () => 1],
];

describe("stringifyIteratively", () => {
  test.each(corpus)("writes %s exactly like JSON.stringify", (_name, value) => {
    expect(stringifyIteratively(value)).toBe(JSON.stringify(value));
  });

  test("has no depth limit", () => {
    const text = nestedText(300_000, { kind: "array" });
    expect(stringifyIteratively(JSON.parse(text))).toBe(text);
  });

  test("refuses cycles and BigInts like JSON.stringify, but allows shared references", () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = { back: cyclic };
    expect(() => stringifyIteratively(cyclic)).toThrow(TypeError);
    expect(() => stringifyIteratively({ n: BigInt(1) })).toThrow(TypeError);
    const shared = { x: 1 };
    expect(stringifyIteratively([shared, { again: shared }])).toBe('[{"x":1},{"again":{"x":1}}]');
  });
});

describe("stringifyJson", () => {
  test("is JSON.stringify, indentation included, for ordinary values", () => {
    for (const [, value] of corpus) expect(stringifyJson(value, 2)).toBe(JSON.stringify(value, undefined, 2));
  });

  test("serializes what overflows JSON.stringify, compact", () => {
    const text = `{"deep":${nestedText(200_000)}}`;
    const value = JSON.parse(text);
    expect(() => JSON.stringify(value)).toThrow(RangeError);
    expect(stringifyJson(value)).toBe(text);
    expect(stringifyJson(value, 2)).toBe(text);
  });
});

describe("cloneJson", () => {
  test("copies like a JSON round trip, without sharing anything with the source", () => {
    for (const [, value] of corpus.slice(0, -2)) {
      const copy = cloneJson(value);
      expect(JSON.stringify(copy)).toBe(JSON.stringify(value));
      expect(copy).toEqual(JSON.parse(JSON.stringify(value)));
    }
    const source = { list: [{ a: 1 }] };
    const copy = cloneJson(source);
    copy.list[0].a = 2;
    expect(source.list[0].a).toBe(1);
  });

  test("keeps key order, makes non-finite numbers null and fills array holes with null", () => {
    const copy = cloneJson({ z: 1, a: [Infinity, undefined], m: NaN, u: undefined }) as Record<string, unknown>;
    expect(Object.keys(copy)).toEqual(["z", "a", "m"]);
    expect(copy).toEqual({ z: 1, a: [null, null], m: null });
    expect(Object.hasOwn(cloneJson(sparse) as object, 1)).toBe(true);
  });

  test("keeps __proto__ as an own key and never changes a prototype", () => {
    const copy = cloneJson(JSON.parse('{"__proto__":{"polluted":1}}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(copy, "__proto__")?.value).toEqual({ polluted: 1 });
    expect(copy.polluted).toBeUndefined();
  });

  test("handles any depth and refuses cycles", () => {
    const text = nestedText(200_000);
    expect(stringifyIteratively(cloneJson(JSON.parse(text)))).toBe(text);
    const cyclic: unknown[] = [];
    cyclic.push([cyclic]);
    expect(() => cloneJson(cyclic)).toThrow(TypeError);
  });
});

describe("jsonDepthExceeds", () => {
  test.each([
    [1, 0, false],
    [{}, 0, true],
    [{}, 1, false],
    [{ a: [1] }, 1, true],
    [{ a: [1] }, 2, false],
    [[[], [[{}]]], 3, true],
    [[[], [[{}]]], 4, false],
  ])("%j deeper than %d levels: %s", (value, limit, expected) => {
    expect(jsonDepthExceeds(value, limit)).toBe(expected);
  });

  test("answers for values far deeper than the stack allows", () => {
    expect(jsonDepthExceeds(JSON.parse(nestedText(400_000, { kind: "array" })), 512)).toBe(true);
    expect(jsonDepthExceeds(JSON.parse(nestedText(512)), 512)).toBe(false);
  });
});

test("getOwn and setOwn treat __proto__ as a plain key", () => {
  const o: Record<string, unknown> = {};
  expect(getOwn(o, "constructor")).toBeUndefined();
  setOwn(o, "__proto__", { polluted: true });
  expect(Object.getPrototypeOf(o)).toBe(Object.prototype);
  expect(getOwn(o, "__proto__")).toEqual({ polluted: true });
  expect(JSON.stringify(o)).toBe('{"__proto__":{"polluted":true}}');
});
