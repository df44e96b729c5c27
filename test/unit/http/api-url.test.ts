import { apiUrl } from "../../../src/http/client";

// apiUrl joins plain pairs directly and only falls back to URLSearchParams for values that need escaping: the
// result must be exactly what URLSearchParams writes, whatever the values.
const values = ["1", "bench-12", "a b", "a+b", "ü", "~!'()*", "a&b=c", "", "\ud800", "_.-*", "%20", "/?#", "3f9c2a6e-7b41-4d8a-9e05-1c2b3d4e5f60"];

test.each(values)("a query value %j is encoded as URLSearchParams encodes it", (value) => {
  const query = { limit: 1, [`k${value}`]: value, query: value, skipped: undefined, nothing: null };
  const expected = new URLSearchParams([["limit", "1"], [`k${value}`, value], ["query", value]]).toString();
  expect(apiUrl("http://h.example/", "/users", query)).toBe(`http://h.example/api/v1/users?${expected}`);
});

test("no query, or only empty values: no question mark; trailing slashes are dropped", () => {
  expect(apiUrl("http://h.example//", "/users/")).toBe("http://h.example/api/v1/users");
  expect(apiUrl("http://h.example", "/users", { a: undefined, b: null })).toBe("http://h.example/api/v1/users");
  expect(apiUrl("http://h.example", "/users", { flag: false, n: 0 })).toBe("http://h.example/api/v1/users?flag=false&n=0");
});
