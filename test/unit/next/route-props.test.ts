// Which handler page a Next.js catch-all page's props name (src/next/route-props.ts): Next 14 gives plain objects,
// Next 15 and 16 promises; the query keeps repeated keys; a client component cannot wait for a promise.
import { handlerPathNow, handlerPathOf, pathOfRouteProps } from "../../../src/next/route-props";

test("the catch-all segment and the query, from plain params (Next 14)", () => {
  expect(pathOfRouteProps({ stack: ["sign-in"] }, {})).toBe("sign-in");
  expect(pathOfRouteProps({ stack: ["team-invitation"] }, { code: "abc", tag: ["a", "b"] })).toBe("team-invitation?code=abc&tag=a&tag=b");
  // Another name for the catch-all segment, and a second, plain param beside it.
  expect(pathOfRouteProps({ lang: "de", auth: ["oauth-callback"] }, { code: "x y" })).toBe("oauth-callback?code=x+y");
  expect(pathOfRouteProps({ stack: ["a b", "c/d"] }, undefined)).toBe("a%20b/c%2Fd");
});

test("nothing when the props name no catch-all segment", () => {
  expect(pathOfRouteProps(undefined, {})).toBeUndefined();
  expect(pathOfRouteProps({ slug: "x" }, {})).toBeUndefined();
});

test("promises (Next 15 and 16) are awaited on the server", async () => {
  await expect(handlerPathOf({ params: Promise.resolve({ stack: ["sign-up"] }), searchParams: Promise.resolve({ after_auth_return_to: "/p" }) })).resolves.toBe(
    "sign-up?after_auth_return_to=%2Fp",
  );
  await expect(handlerPathOf(undefined)).resolves.toBeUndefined();
});

test("in a client component, promises are read with React's use() when there is one, else left to the address", () => {
  const props = { params: Promise.resolve({ stack: ["sign-in"] }), searchParams: Promise.resolve({}) };
  expect(handlerPathNow(props)).toBeUndefined();
  const read = jest.fn((p: PromiseLike<unknown>) => (p === props.params ? { stack: ["sign-in"] } : {}));
  expect(handlerPathNow(props, read)).toBe("sign-in");
  expect(read).toHaveBeenCalledTimes(2);
  expect(handlerPathNow({ params: { stack: ["mfa"] } })).toBe("mfa");
});
