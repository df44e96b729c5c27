// An entry for scripts/react-shot.mjs: latchkey's handler in the language the page's `?lang=` names, signed in as a
// new user first when the path is the account settings (`&section=` opens the settings page of that name). The
// screenshots of docs/screenshots/*-de-DE.png and *-ja-JP.png were taken with it:
//
//   npm run build && node scripts/react-shot.mjs scripts/react-shot-locale.tsx docs/screenshots/sign-in-de-DE \
//     --path "/handler/sign-in?lang=de-DE" --wait-for "Bei Ihrem Konto anmelden"
//   node scripts/react-shot.mjs scripts/react-shot-locale.tsx docs/screenshots/account-settings-ja-JP \
//     --path "/handler/account-settings?lang=ja-JP" --wait-for "アカウント設定"
import { createRoot } from "react-dom/client";
import { ClientApp } from "latchkey";
import { LatchkeyHandler, LatchkeyProvider } from "latchkey/react";

const config = (window as unknown as { __LK__: { projectId: string; publishableClientKey: string; baseUrl: string } }).__LK__;
const app = new ClientApp({ ...config, tokenStore: "memory" });
const query = new URLSearchParams(window.location.search);
const lang = query.get("lang") ?? "en-US";
const section = query.get("section");

if (window.location.pathname.endsWith("/account-settings")) {
  const email = `ada-${Date.now()}@example.com`;
  await app.signUpWithCredential({ email, password: "correct-horse-battery", noRedirect: true, noVerificationCallback: true });
  const user = await app.getUser({ or: "throw" });
  await user.update({ displayName: "Ada Lovelace" });
  await user.createTeam({ displayName: "Analytical Engines" });
}

createRoot(document.getElementById("root")!).render(
  <LatchkeyProvider app={app} lang={lang}>
    <LatchkeyHandler location={window.location.pathname} />
  </LatchkeyProvider>,
);

// Opens the settings page named `section` once the side menu shows it.
const opening = section
  ? setInterval(() => {
      const button = [...document.querySelectorAll("nav button")].find((b) => b.textContent === section);
      if (button) {
        clearInterval(opening);
        (button as HTMLButtonElement).click();
      }
    }, 100)
  : undefined;
