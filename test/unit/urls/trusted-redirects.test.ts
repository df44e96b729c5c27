/** @jest-environment ./test/support/jsdom-env.cjs */
/**
 * The trusted-redirect table: hostile targets never navigate, trusted ones do. Each row goes through the real
 * redirect path of an app on http://localhost/ (the page's after_auth_return_to followed by redirectToAfterSignIn,
 * with a navigate spy that also sees the page being left for another origin), and through trustedRedirectTarget for the string handed to the navigate function.
 */
import { ClientApp } from "../../../src/index";
import { isSafeRelative, trustedRedirectTarget } from "../../../src/urls/trusted-redirects";
import type { ProjectJson } from "../../../src/resources/projects/client";
import { PROJECT } from "../../helpers/http";
import { recordLeaving, until } from "../../helpers/navigations";

const TRUSTED = ["https://trusted.example.com", "https://*.wild.example.com", "http://ports.example.com:*", "https://**.deep.example.com"];
const HOSTED = `https://${PROJECT}.built-with-stack-auth.com`;

function projectJson(allowLocalhost = false): ProjectJson {
  return {
    id: PROJECT,
    display_name: "P",
    config: {
      sign_up_enabled: true, credential_enabled: true, magic_link_enabled: false, passkey_enabled: false,
      client_team_creation_enabled: false, client_user_deletion_enabled: false, allow_user_api_keys: false,
      allow_team_api_keys: false, enabled_oauth_providers: [], allow_localhost: allowLocalhost,
      domains: TRUSTED.map((domain) => ({ domain, handler_path: "/handler" })),
    },
  };
}

/** An app on the jsdom page whose project trusts TRUSTED; counts its project reads. */
function app(allowLocalhost = false) {
  const navigate = jest.fn();
  recordLeaving(navigate);
  const reads = { count: 0 };
  const fetch = (async () => {
    reads.count++;
    return new Response(JSON.stringify(projectJson(allowLocalhost)), { status: 200, headers: { "content-type": "application/json" } });
  }) as unknown as typeof globalThis.fetch;
  const client = new ClientApp({ projectId: PROJECT, baseUrl: "https://api.example.test", tokenStore: "memory", fetch, redirectMethod: { navigate }, noAutomaticPrefetch: true });
  return { client, navigate, reads };
}

const onPageWithReturnTo = (target: string) => window.history.replaceState(null, "", `/handler/sign-in?after_auth_return_to=${encodeURIComponent(target)}`);
afterEach(() => window.history.replaceState(null, "", "/"));

// [label, target, allowLocalhost]
const HOSTILE: [string, string, boolean?][] = [
  ["scheme-relative", "//evil.com"],
  ["scheme-relative with a path", "//evil.com/handler"],
  ["three slashes", "///evil.com"],
  ["slash backslash", "/\\evil.com"],
  ["two backslashes", "\\\\evil.com"],
  ["backslash slash", "\\/evil.com"],
  ["backslash before the userinfo", "https://trusted.example.com\\@evil.com"],
  ["userinfo naming the trusted host", "https://trusted.example.com@evil.com"],
  ["userinfo with a port", "https://trusted.example.com:443@evil.com/"],
  ["encoded slash in the userinfo", "https://trusted.example.com%2f@evil.com"],
  ["credentials on a trusted host", "https://user:secret@trusted.example.com/"],
  ["userinfo on this origin", "http://x@localhost/"],
  ["look-alike suffix", "https://trusted.example.com.evil.com/"],
  ["look-alike prefix", "https://eviltrusted.example.com/"],
  ["ideographic full stop", "https://trusted.example.com\u3002evil.com/"],
  ["trusted host in the path", "https://evil.com/trusted.example.com"],
  ["trusted host in the query", "https://evil.com?next=https://trusted.example.com"],
  ["trusted host in the fragment", "https://evil.com#trusted.example.com"],
  ["encoded # in the host", "https://evil.com%23.trusted.example.com/"],
  ["wrong scheme for a trusted domain", "http://trusted.example.com/"],
  ["wrong port for a trusted domain", "https://trusted.example.com:8443/"],
  ["two labels for a single wildcard", "https://a.b.wild.example.com/"],
  ["the wildcard's parent itself", "https://wild.example.com/"],
  ["wildcard port pattern, other host", "http://ports.example.com.evil.com:8080/"],
  ["https: without slashes on an http page", "https:evil.com"],
  ["upper-case host", "HTTPS://EVIL.COM/"],
  ["encoded backslash", "/%5cevil.com"],
  ["encoded backslash, upper case", "/%5Cevil.com"],
  ["double-encoded backslash", "/%255cevil.com"],
  ["encoded slashes", "%2f%2fevil.com"],
  ["slash and encoded slash", "/%2F/evil.com"],
  ["encoded backslashes", "%5c%5cevil.com"],
  ["tab before scheme-relative", "\t//evil.com"],
  ["newline between the slashes", "/\n/evil.com"],
  ["carriage return between the slashes", "/\r/evil.com"],
  ["leading space", " //evil.com"],
  ["leading spaces before a path", "   /dashboard"],
  ["trailing newline", "/dashboard\n"],
  ["leading NUL", "\u0000//evil.com"],
  ["leading no-break space", "\u00a0//evil.com"],
  ["encoded tab", "/%09/evil.com"],
  ["javascript:", "javascript:alert(1)"],
  ["javascript: mixed case", "JaVaScRiPt:alert(1)"],
  ["javascript: upper case", "JAVASCRIPT:alert(1)"],
  ["javascript: with a tab inside", "java\tscript:alert(1)"],
  ["javascript: with a newline inside", "java\nscript:alert(1)"],
  ["javascript: with a NUL inside", "java\u0000script:alert(1)"],
  ["javascript: with a space inside", "java script:alert(1)"],
  ["javascript: with a line separator inside", "java\u2028script:alert(1)"],
  ["javascript: after a control character", "\u0001javascript:alert(1)"],
  ["javascript: after a space", " javascript:alert(1)"],
  ["javascript: encoded colon", "javascript%3Aalert(1)"],
  ["javascript: on a localhost host (allow_localhost on)", "javascript://localhost/%0aalert(1)", true],
  ["javascript: on a trusted host", "javascript://trusted.example.com/%0aalert(1)"],
  ["data:", "data:text/html,<script>alert(1)</script>"],
  ["data: upper case, base64", "DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="],
  ["data: with a tab inside", "da\tta:text/html,x"],
  ["vbscript:", "vbscript:msgbox(1)"],
  ["vbscript: mixed case", "VbScRiPt:msgbox(1)"],
  ["vbscript: with a tab inside", "vb\tscript:msgbox(1)"],
  ["other scheme", "ftp://trusted.example.com/"],
  ["localhost look-alike (allow_localhost on)", "http://localhost.evil.com/", true],
  ["loopback look-alike (allow_localhost on)", "http://127.0.0.1.evil.com/", true],
  ["localhost in the userinfo (allow_localhost on)", "http://localhost@evil.com/", true],
  ["localhost without allow_localhost", "http://localhost:3000/"],
  // Numeric and encoded aliases of a host: the URL parser reads them all as 127.0.0.1 / localhost, so the platform
  // (isLocalhost on the parsed hostname, packages/stack-shared/src/utils/urls.tsx) would trust them; latchkey
  // refuses any host not spelled the way the parser gives it back.
  ["hex loopback (allow_localhost on)", "http://0x7f000001:3000/", true],
  ["decimal loopback (allow_localhost on)", "http://2130706433:3000/", true],
  ["octal loopback (allow_localhost on)", "http://0177.0.0.1:3000/", true],
  ["short loopback (allow_localhost on)", "http://127.1:3000/", true],
  ["percent-encoded localhost (allow_localhost on)", "http://%6cocalhost:3000/", true],
  ["full-width localhost (allow_localhost on)", "http://\uff4c\uff4f\uff43\uff41\uff4c\uff48\uff4f\uff53\uff54:3000/", true],
  ["another project's hosted pages", "https://other-project.built-with-stack-auth.com/handler/sign-in"],
];

// [label, target, what the navigate function gets, allowLocalhost]
const TRUSTED_CASES: [string, string, string, boolean?][] = [
  ["absolute path", "/dashboard", "/dashboard"],
  ["path, query and fragment", "/dashboard?tab=2#top", "/dashboard?tab=2#top"],
  ["relative path", "dashboard", "dashboard"],
  ["dot path", "./settings", "./settings"],
  ["query only", "?page=2", "?page=2"],
  ["fragment only", "#top", "#top"],
  ["encoded characters in the query", "/search?q=%5c%2f%2f", "/search?q=%5c%2f%2f"],
  ["colon after the first slash", "/time/12:30", "/time/12:30"],
  ["this origin, absolute", "http://localhost/settings", "http://localhost/settings"],
  ["this origin, scheme-relative", "//localhost/settings", "http://localhost/settings"],
  ["a trusted domain", "https://trusted.example.com/welcome?x=1", "https://trusted.example.com/welcome?x=1"],
  ["a trusted domain, host in capitals and default port", "https://TRUSTED.example.com:443/x", "https://trusted.example.com/x"],
  ["a single-label wildcard domain", "https://api.wild.example.com/", "https://api.wild.example.com/"],
  ["a multi-label wildcard domain", "https://a.b.deep.example.com/x", "https://a.b.deep.example.com/x"],
  ["a wildcard port", "http://ports.example.com:8080/", "http://ports.example.com:8080/"],
  ["the project's hosted pages", `${HOSTED}/handler/sign-in`, `${HOSTED}/handler/sign-in`],
  ["localhost with allow_localhost", "http://localhost:3000/x", "http://localhost:3000/x", true],
  ["a .localhost host with allow_localhost", "http://app.localhost:5173/", "http://app.localhost:5173/", true],
  ["a loopback address with allow_localhost", "http://127.0.0.1:8080/", "http://127.0.0.1:8080/", true],
];

describe("hostile after_auth_return_to targets are refused and navigate nowhere", () => {
  // Every row given in full: jest.each reads a function with more parameters than the row as one taking `done`.
  test.each(HOSTILE.map(([label, target, localhost]) => [label, target, localhost === true] as const))("%s: %j", async (_label, target, allowLocalhost) => {
    const { client, navigate } = app(allowLocalhost);
    onPageWithReturnTo(target);
    await expect(client.redirectToAfterSignIn()).rejects.toThrow(`Redirect URL ${target} is not trusted; should be relative.`);
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe("trusted targets are reached", () => {
  test.each(TRUSTED_CASES.map(([label, target, expected, localhost]) => [label, target, expected, localhost === true] as const))("%s: %j", async (_label, target, expected, allowLocalhost) => {
    const { client, navigate } = app(allowLocalhost);
    onPageWithReturnTo(target);
    // Another origin leaves the page, and the promise then waits out the page's last moments: not awaited.
    void client.redirectToAfterSignIn();
    await until(() => navigate.mock.calls.length > 0);
    expect(navigate.mock.calls).toEqual([[expected]]);
  });
});

test("the project is read only for a target off this origin, and then from the app's cache", async () => {
  const { client, navigate, reads } = app();
  for (const target of ["/a", "b?c=1", "http://localhost/d", `${HOSTED}/handler`]) {
    onPageWithReturnTo(target);
    await client.redirectToAfterSignIn();
  }
  expect(reads.count).toBe(0);
  onPageWithReturnTo("https://trusted.example.com/");
  void client.redirectToAfterSignIn();
  await until(() => navigate.mock.calls.length === 5);
  onPageWithReturnTo("https://evil.com/");
  await expect(client.redirectToAfterSignIn()).rejects.toThrow(/not trusted/);
  expect(reads.count).toBe(1);
  expect(navigate).toHaveBeenCalledTimes(5);
});

test("without a project to ask, only relative, same-origin and hosted targets are trusted", async () => {
  const trust = { projectId: PROJECT };
  expect(await trustedRedirectTarget("/x", trust)).toBe("/x");
  expect(await trustedRedirectTarget("http://localhost/y", trust)).toBe("http://localhost/y");
  expect(await trustedRedirectTarget(`${HOSTED}/handler/sign-in`, trust)).toBe(`${HOSTED}/handler/sign-in`);
  await expect(trustedRedirectTarget("https://trusted.example.com/", trust)).rejects.toThrow("Redirect URL https://trusted.example.com/ is not trusted; should be relative.");
});

test("an internationalised trusted domain still counts: its host comes back from the parser in punycode", async () => {
  const project = async () => ({ ...projectJson(), config: { ...projectJson().config, domains: [{ domain: "https://b\u00fccher.example", handler_path: "/" }] } });
  expect(await trustedRedirectTarget("https://B\u00fccher.example/x", { projectId: PROJECT, project })).toBe("https://xn--bcher-kva.example/x");
});

test("a wildcard that is not a URL pattern, or an unparsable domain, trusts nothing", async () => {
  const project = async () => ({ ...projectJson(), config: { ...projectJson().config, domains: [{ domain: "*.example.com", handler_path: "/" }, { domain: "not a url", handler_path: "/" }] } });
  await expect(trustedRedirectTarget("https://a.example.com/", { projectId: PROJECT, project })).rejects.toThrow(/not trusted/);
});

test("isSafeRelative: relative references whose decoded path stays a path on this site", () => {
  expect(["/", "/a/b", "a", "?q=1", "#x", "", "/a%20b", "/%E2%9C%93"].every(isSafeRelative)).toBe(true);
  expect(["//a", "/\\a", "/%5ca", "%2F%2Fa", "javascript%3Ax", "https://a", "a:b"].some(isSafeRelative)).toBe(false);
});
