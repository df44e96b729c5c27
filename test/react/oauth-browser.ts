// The browser's part of an OAuth sign-in against the emulator, for React tests on http://localhost:3000: follows
// the platform's and the mock provider's redirects, submits the consent page, and returns the app's callback address.
import { ClientApp } from "../../src/index";
import type { Emulator } from "./helpers";
import { recordLeaving } from "../helpers/navigations";

export const APP_ORIGIN = "http://localhost:3000";
const jar = new Map<string, string>();

async function browserGet(url: string, init: RequestInit = {}) {
  const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const res = await fetch(url, { ...init, redirect: "manual", headers: { ...(init.headers as object), ...(cookie ? { cookie } : {}) } });
  for (const raw of res.headers.getSetCookie()) {
    const [pair, ...attributes] = raw.split(";");
    const name = pair.slice(0, pair.indexOf("="));
    if (attributes.some((a) => /max-age=0/i.test(a.trim()))) jar.delete(name);
    else jar.set(name, pair.slice(pair.indexOf("=") + 1));
  }
  return res;
}

/** Starts "Sign in with GitHub" on a sign-in page and plays the browser until the platform sends it back to the app. */
export async function oauthCallbackAddress(emulator: Emulator, o: { email?: string; deny?: boolean }): Promise<string> {
  window.history.replaceState(null, "", "/handler/sign-in");
  let started!: (url: string) => void;
  const providerPage = new Promise<string>((resolve) => (started = resolve));
  recordLeaving((url) => started(url)); // the provider is on another origin: the page is left for it
  const page = new ClientApp({
    projectId: emulator.projectId,
    publishableClientKey: emulator.keys.publishableClientKey,
    baseUrl: emulator.url,
    tokenStore: "cookie",
    noAutomaticPrefetch: true,
    redirectMethod: { navigate: (url) => started(url) },
  });
  void page.signInWithOAuth("github");
  let url = await providerPage;
  for (let hops = 0; hops < 10; hops++) {
    if (url.startsWith(APP_ORIGIN)) return url;
    const res = await browserGet(url);
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get("location")!, url).href;
      continue;
    }
    const html = new DOMParser().parseFromString(await res.text(), "text/html");
    const form = [...html.querySelectorAll("form")].find((f) => (o.deny ? f.querySelector("button.deny") : f.classList.contains("custom")))!;
    const fields = new URLSearchParams();
    for (const input of form.querySelectorAll("input")) {
      if (input.type === "checkbox" && !input.checked) continue;
      fields.append(input.name, input.name === "email" ? (o.email ?? "") : input.name === "name" ? "Oscar Auth" : input.value);
    }
    fields.append("decision", o.deny ? "deny" : "allow");
    const posted = await browserGet(new URL(form.getAttribute("action")!, url).href, {
      method: "POST",
      body: fields.toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    url = new URL(posted.headers.get("location")!, url).href;
  }
  throw new Error(`no way back to the app from ${url}`);
}

/** Deletes the page's cookies, empties sessionStorage and puts the page back at `/`. */
export function resetPage() {
  for (const c of document.cookie.split(";").map((s) => s.trim()).filter(Boolean)) {
    document.cookie = `${c.slice(0, c.indexOf("="))}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  sessionStorage.clear();
  window.history.replaceState(null, "", "/");
}
