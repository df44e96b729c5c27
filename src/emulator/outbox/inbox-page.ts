import type { ProjectRecord, EmailRecord } from "../store/types";

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function projectSection(p: ProjectRecord): string {
  const keys = p.apiKeySets.find((k) => k.manuallyRevokedAtMillis === null);
  const row = (label: string, value: string | null | undefined) => (value ? `<tr><th>${label}</th><td><code>${esc(value)}</code></td></tr>` : "");
  return `<table class="keys"><caption>${esc(p.displayName)}</caption>
${row("Project id", p.id)}${row("Publishable client key", keys?.publishableClientKey)}${row("Secret server key", keys?.secretServerKey)}${row("Super secret admin key", keys?.superSecretAdminKey)}</table>`;
}

function emailSection(e: EmailRecord): string {
  const links = e.links.map((l) => `<li><a href="${esc(l)}">${esc(l)}</a></li>`).join("");
  const code = e.otp ? `<p class="code">Code: <strong>${esc(e.otp)}</strong></p>` : "";
  return `<article>
<header><h2>${esc(e.subject)}</h2><p>To <strong>${esc(e.to.join(", "))}</strong> · ${esc(e.kind)} · ${new Date(e.sentAtMillis).toISOString()} · project <code>${esc(e.projectId)}</code></p></header>
${code}${links ? `<ul class="links">${links}</ul>` : ""}
<pre>${esc(e.text)}</pre>
</article>`;
}

/**
 * The emulator's home page: the projects and their keys, then every captured e-mail (newest first) with its
 * links, so a developer can click a magic link.
 *
 * @example
 * return html(renderInboxPage(projects, emails, url));
 */
export function renderInboxPage(projects: ProjectRecord[], emails: EmailRecord[], baseUrl: string): string {
  const mails = [...emails].reverse();
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>latchkey emulator · inbox</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1d232a}
h1{font-size:1.4rem}h2{font-size:1.05rem;margin:0}article{border:1px solid #d0d7de;border-radius:8px;padding:1rem;margin:1rem 0}
header p{margin:.2rem 0;color:#57606a;font-size:.85rem}pre{white-space:pre-wrap;background:#f6f8fa;padding:.75rem;border-radius:6px}
.code strong{font-size:1.3rem;letter-spacing:.15rem}.keys{border-collapse:collapse;margin:1rem 0}.keys caption{text-align:left;font-weight:600}
.keys th{text-align:left;padding-right:1rem;font-weight:400;color:#57606a}code{font-size:.85rem}
</style></head>
<body>
<h1>latchkey emulator</h1>
<p>API: <code>${esc(baseUrl)}/api/v1</code> · <a href="/emulator/outbox">outbox JSON</a> · <a href="/emulator/stats">stats</a></p>
${projects.map(projectSection).join("\n")}
<h1>Inbox (${mails.length})</h1>
${mails.length === 0 ? "<p>No e-mails yet. Verification, magic-link, reset and invitation e-mails appear here.</p>" : mails.map(emailSection).join("\n")}
</body></html>`;
}
