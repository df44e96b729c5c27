/**
 * @jest-environment ./test/support/node-env.cjs
 */
// Server rendering: latchkey/react loads in Node (no window, no document), and the provider with building
// blocks renders to HTML: what does not read the user at once, and what reads it through Suspense once the read
// settles (signed out and signed in), with React's streaming renderer.
import { PassThrough } from "node:stream";
import type { ReactElement } from "react";
import { Suspense } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { ClientApp } from "../../src/index";
import { version } from "react";
import { LatchkeyHandler, LatchkeyProvider, LatchkeyTheme, UserAvatar, UserButton, useUser } from "../../src/react/index";
import { startTestEmulator, uniqueEmail } from "../helpers/emulator";
import type { Emulator } from "../helpers/emulator";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.stop());

const appOf = (emulator: Emulator) =>
  new ClientApp({ projectId: emulator.projectId, publishableClientKey: emulator.keys.publishableClientKey, baseUrl: emulator.url, tokenStore: "memory" });

/** Streams `ui` to HTML, waiting for every Suspense boundary (fails on a render error or after 5 s). */
function streamed(ui: ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    const out = new PassThrough();
    let html = "";
    out.on("data", (chunk) => (html += chunk));
    out.on("end", () => resolve(html));
    const timer = setTimeout(() => reject(new Error("the server render never finished")), 5000);
    const stream = renderToPipeableStream(ui, {
      onAllReady: () => {
        clearTimeout(timer);
        stream.pipe(out);
      },
      onShellError: reject,
      onError: reject,
    });
  });
}

test("there is no browser here: no window, no document", () => {
  expect(typeof window).toBe("undefined");
  expect(typeof document).toBe("undefined");
});

test("the provider and a building block that does not read the user render to a string", () => {
  const app = appOf(emulator);
  const html = renderToString(
    <LatchkeyProvider app={app}>
      <UserAvatar user={{ displayName: "Ada Lovelace", primaryEmail: "ada@example.com" }} />
    </LatchkeyProvider>,
  );
  // The style sheet comes with the building block (React 19 marks it for hoisting into <head>; React 18 renders it in place).
  expect(html).toMatch(/<style [^>]*href="latchkey-base"[^>]*>@property --lk-background\{/);
  expect(html).toContain('role="img" aria-label="Ada Lovelace"');
  expect(html).toContain(">AD</span>");
});

test(`the style sheets reach the HTML as written, not escaped as text (React ${version})`, () => {
  const html = renderToString(
    <LatchkeyProvider app={appOf(emulator)}>
      <LatchkeyTheme theme={{ light: { primary: "#4f46e5" } }} nonce="n0nce">
        <UserAvatar user={{ displayName: "Ada Lovelace", profileImageUrl: null }} />
      </LatchkeyTheme>
    </LatchkeyProvider>,
  );
  const sheets = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
  expect(sheets.length).toBeGreaterThanOrEqual(2); // the base sheet (React 18: once per component) and the theme's
  const base = sheets.find((css) => css.includes(".lk-settings"))!;
  // A child combinator and a quoted font name: React 18 wrote them as &gt; and &quot;, which a browser ignores there.
  expect(base).toContain(".lk-settings>*{min-width:0}");
  expect(base).toContain('"Segoe UI"');
  expect(sheets.join("")).not.toMatch(/&gt;|&quot;|&amp;/);
  expect(sheets.some((css) => css.includes("#4f46e5"))).toBe(true);
  expect(html).toMatch(/<style[^>]*nonce="n0nce"/);
});

test("renderToString shows a reading block's Suspense fallback instead of waiting", () => {
  const html = renderToString(
    <LatchkeyProvider app={appOf(emulator)}>
      <UserButton />
    </LatchkeyProvider>,
  );
  expect(html).toContain('class="lk-avatar"'); // the placeholder
  expect(html).not.toContain("Account menu");
});

test("streaming: the user button renders signed out, then signed in, once the read settles", async () => {
  const app = appOf(emulator);
  const page = (
    <LatchkeyProvider app={app}>
      <Suspense fallback={<p>Loading</p>}>
        <UserButton showUserInfo />
      </Suspense>
    </LatchkeyProvider>
  );
  const signedOut = await streamed(page);
  expect(signedOut).toContain('aria-label="Account menu"');
  const email = uniqueEmail("ssr");
  expect((await app.signUpWithCredential({ email, password: "correct-horse-battery", noRedirect: true, noVerificationCallback: true })).status).toBe("ok");
  const signedIn = await streamed(page);
  expect(signedIn).toContain(`aria-label="Account menu for ${email}"`);
  expect(signedIn).toContain(email);
});

test("one app shared by the requests of a server: each render reads its own request's user", async () => {
  const shared = new ClientApp({ projectId: emulator.projectId, publishableClientKey: emulator.keys.publishableClientKey, baseUrl: emulator.url, tokenStore: null });
  function Me({ request }: { request: Request }) {
    const user = useUser({ tokenStore: request });
    return <p>{user ? `Signed in as ${user.primaryEmail}` : "Nobody"}</p>;
  }
  const render = (request: Request) =>
    streamed(
      <LatchkeyProvider app={shared}>
        <Suspense fallback={<p>Loading</p>}>
          <Me request={request} />
        </Suspense>
      </LatchkeyProvider>,
    );
  const requestOf = async (email: string) => {
    const app = appOf(emulator);
    expect((await app.signUpWithCredential({ email, password: "correct-horse-battery", noRedirect: true, noVerificationCallback: true })).status).toBe("ok");
    return new Request("http://localhost:3000/", { headers: { authorization: (await app.getAuthorizationHeader())! } });
  };
  const [ada, grace] = [uniqueEmail("ada"), uniqueEmail("grace")];
  const [adaRequest, graceRequest] = [await requestOf(ada), await requestOf(grace)];
  expect(await render(adaRequest)).toContain(`Signed in as ${ada}`);
  expect(await render(graceRequest)).toContain(`Signed in as ${grace}`);
  expect(await render(new Request("http://localhost:3000/"))).toContain("Nobody");
  expect(await render(adaRequest)).toContain(`Signed in as ${ada}`);
});

test("the handler renders nothing without a location (it reads no window), and the page at the location given", async () => {
  const app = appOf(emulator);
  const html = (location?: string) =>
    streamed(
      <LatchkeyProvider app={app}>
        <LatchkeyHandler location={location} />
      </LatchkeyProvider>,
    );
  expect(await html()).not.toMatch(/<h1|<main/);
  expect(await html("/handler/sign-in")).toMatch(/<h1[^>]*>Sign in to your account<\/h1>/);
  expect(await html("/handler/nope")).toContain("Page does not exist");
});

test("lang: a streamed render waits for the locale's words, then renders the page in that language", async () => {
  const app = appOf(emulator);
  const page = (lang: string) => (
    <LatchkeyProvider app={app} lang={lang}>
      <LatchkeyHandler location="/handler/nope" />
    </LatchkeyProvider>
  );
  const html = await streamed(page("de-DE"));
  expect(html).toMatch(/<h1[^>]*>Seite existiert nicht<\/h1>/);
  expect(html).not.toContain("Page does not exist");
  expect(await streamed(page("ja-JP"))).toMatch(/<h1[^>]*>ページが存在しません<\/h1>/);
});

test("lang with renderToString, which cannot wait: React's suspense error until the locale has loaded once in the process", async () => {
  const page = (
    <LatchkeyProvider app={appOf(emulator)} lang="fr-FR">
      <LatchkeyHandler location="/handler/nope" />
    </LatchkeyProvider>
  );
  expect(() => renderToString(page)).toThrow(/suspended/);
  await streamed(page); // (or any render that could wait)
  expect(renderToString(page)).toMatch(/<h1[^>]*>Cette page n&#x27;existe pas<\/h1>/);
});
