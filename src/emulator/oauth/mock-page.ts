import type { MockAccount } from "./mock-accounts";

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * What the consent page needs: the provider, the OAuth request to carry through the form, and the accounts to list.
 *
 * @example
 * renderConsentPage({ providerId: "github", action: "/emulator/oauth/github/authorize", params, accounts, scopes: ["user:email"] });
 */
export interface ConsentPageInput {
  providerId: string;
  /** Where the forms post (the provider's authorize URL). */
  action: string;
  /** The OAuth request parameters, carried as hidden fields. */
  params: Record<string, string>;
  accounts: MockAccount[];
  scopes: string[];
  /** A problem with the request, shown instead of the forms. */
  error?: string;
}

const titleCase = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);

function hidden(params: Record<string, string>): string {
  return Object.entries(params)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join("");
}

/**
 * The mock provider's sign-in and consent page: one button per ready-made account, a form to type any name and
 * e-mail, and a button that denies access (the platform then reports `OAUTH_PROVIDER_ACCESS_DENIED`).
 *
 * @example
 * return html(renderConsentPage(input));
 */
export function renderConsentPage(input: ConsentPageInput): string {
  const name = titleCase(input.providerId);
  const fields = hidden(input.params);
  const accountButtons = input.accounts
    .map(
      (a) => `<form method="post" action="${esc(input.action)}">${fields}
<input type="hidden" name="email" value="${esc(a.email ?? "")}"><input type="hidden" name="name" value="${esc(a.name ?? "")}"><input type="hidden" name="email_verified" value="true">
<button type="submit" name="decision" value="allow" class="account"><strong>${esc(a.name ?? "")}</strong> &lt;${esc(a.email ?? "")}&gt;</button></form>`,
    )
    .join("\n");
  const body = input.error
    ? `<p class="error">${esc(input.error)}</p>`
    : `<p>The app asks for: ${input.scopes.map((s) => `<code>${esc(s)}</code>`).join(" ") || "<em>no scopes</em>"}</p>
<h2>Choose an account</h2>
${accountButtons}
<h2>Or use another account</h2>
<form method="post" action="${esc(input.action)}" class="custom">${fields}
<label>Name <input name="name" placeholder="Sam Example" autocomplete="off"></label>
<label>E-mail <input name="email" type="email" required placeholder="sam@example.com" autocomplete="off"></label>
<label class="check"><input type="checkbox" name="email_verified" value="true" checked> The provider says this e-mail is verified</label>
<button type="submit" name="decision" value="allow">Allow and continue</button>
</form>
<form method="post" action="${esc(input.action)}">${fields}<button type="submit" name="decision" value="deny" class="deny">Deny access</button></form>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign in with ${esc(name)} (mock)</title>
<link rel="icon" href="data:,">
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1d232a}
h1{font-size:1.3rem}h2{font-size:1rem;margin-top:1.5rem}form{margin:.5rem 0}
button{font:inherit;padding:.5rem .9rem;border:1px solid #8c959f;border-radius:6px;background:#f6f8fa;cursor:pointer}
button.account{width:100%;text-align:left}button.deny{border-color:#cf222e;color:#cf222e;background:#fff}
.custom label{display:block;margin:.4rem 0}.custom input[name]{display:block;width:100%;padding:.4rem;box-sizing:border-box}
.custom .check input{display:inline;width:auto}.note{color:#57606a;font-size:.85rem}.error{color:#cf222e}
</style></head>
<body>
<h1>Sign in with ${esc(name)}</h1>
<p class="note">This is the latchkey emulator's mock ${esc(name)} provider. No real account is used and nothing leaves this machine.</p>
${body}
</body></html>`;
}
