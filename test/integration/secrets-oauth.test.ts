/**
 * @jest-environment ./test/support/jsdom-env.cjs
 * @jest-environment-options {"url": "http://localhost:3000/"}
 */
// The OAuth step of the secrets check: the SDK runs in a jsdom page (cookie store, navigations recorded) and the test
// plays the browser through the emulator's mock provider. Only the callback address may carry the authorization
// code; no URL, console line or error may hold a token, a key or the code anywhere else.
import { ClientApp } from "../../src/index";
import { startTestEmulator, uniqueEmail, type Emulator } from "../helpers/emulator";
import { calledOnce, resetPage } from "../unit/auth/oauth-helpers";
import { LeakCapture } from "./security/capture";
import { recordLeaving } from "../helpers/navigations";

const APP = "http://localhost:3000";
let em: Emulator;
const cap = new LeakCapture();

beforeAll(async () => {
  em = await startTestEmulator();
  cap.watchConsole();
});
afterAll(async () => {
  cap.stop();
  resetPage();
  await em.stop();
});

function openPage(path: string) {
  window.history.replaceState(null, "", path);
  const navigate = jest.fn();
  recordLeaving(navigate); // another origin (the OAuth provider) leaves the page instead
  const app = new ClientApp({
    projectId: em.projectId,
    publishableClientKey: em.keys.publishableClientKey,
    baseUrl: em.url,
    tokenStore: "cookie",
    redirectMethod: { navigate },
    noAutomaticPrefetch: true,
    fetch: cap.fetch,
  });
  return { app, navigate };
}

/** Plays the browser from `url` until it is sent back to the app, accepting the mock provider's consent as `email`; every address is captured. */
async function throughProvider(url: string, email: string): Promise<string> {
  const jar = new Map<string, string>();
  const get = async (target: string, init: RequestInit = {}) => {
    cap.urls.push(target);
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const res = await fetch(target, { ...init, redirect: "manual", headers: { ...(init.headers as object), ...(cookie ? { cookie } : {}) } });
    for (const raw of res.headers.getSetCookie()) jar.set(raw.slice(0, raw.indexOf("=")), raw.slice(raw.indexOf("=") + 1).split(";")[0]);
    return res;
  };
  for (let hops = 0; hops < 10; hops++) {
    if (url.startsWith(APP)) return url;
    const res = await get(url);
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get("location")!, url).href;
      continue;
    }
    const page = new DOMParser().parseFromString(await res.text(), "text/html");
    const form = [...page.querySelectorAll("form")].find((f) => f.querySelector("input[name=email]"))!;
    const fields = new URLSearchParams();
    for (const input of form.querySelectorAll("input")) if (input.type !== "checkbox" || input.checked) fields.append(input.name, input.name === "email" ? email : input.value);
    fields.append("decision", "allow");
    const posted = await get(new URL(form.getAttribute("action")!, url).href, { method: "POST", body: fields.toString(), headers: { "content-type": "application/x-www-form-urlencoded" } });
    url = new URL(posted.headers.get("location")!, url).href;
  }
  throw new Error(`no way back to the app from ${url}`);
}

test("an OAuth sign-in, reads and sign-out: the code only in the callback address, tokens nowhere", async () => {
  cap.secret(em.keys.secretServerKey);
  cap.secret(em.keys.superSecretAdminKey);
  const signIn = openPage("/handler/sign-in");
  void signIn.app.signInWithOAuth("github");
  const providerPage = await calledOnce(signIn.navigate);
  const back = await throughProvider(providerPage, uniqueEmail("oauth-secrets"));
  cap.urls.push(back);
  const code = new URL(back).searchParams.get("code")!;
  expect(code).toBeTruthy();
  cap.secret(code);
  cap.allowInUrl(back, code);

  const callback = openPage(back);
  expect(await cap.step(() => callback.app.callOAuthCallback())).toBe(true);
  cap.urls.push(window.location.href, ...callback.navigate.mock.calls.map(([u]) => String(u)));
  const user = await callback.app.getUser({ or: "throw" });
  const [accessToken, refreshToken] = [await callback.app.getAccessToken(), await callback.app.getRefreshToken()];
  expect([cap.secrets.has(accessToken!), cap.secrets.has(refreshToken!)]).toEqual([true, true]); // learned from the traffic
  await cap.step(() => user.update({ displayName: "OAuth Secret Keeper" }));
  // the same callback again (a reload): refused, and the refusal names no secret
  const reload = openPage(back);
  await cap.step(() => reload.app.callOAuthCallback());
  await cap.step(() => callback.app.signOut());
  cap.urls.push(...callback.navigate.mock.calls.map(([u]) => String(u)));

  expect(cap.secrets.size).toBeGreaterThanOrEqual(4); // keys, the code, the access and refresh tokens
  expect(cap.urls.filter((u) => u.includes(code))).toEqual([back]);
  expect(cap.leaks()).toEqual([]);
});
