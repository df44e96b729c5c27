/**
 * The dev tools' own rules, on top of latchkey's style sheet (tokens, tabs, badges): a small round toggle fixed to
 * the page's bottom-right corner and the panel above it.
 * @internal
 * @example
 * styleElement(DEV_TOOLS_CSS, {}, { href: "latchkey-dev-tools", precedence: "latchkey" });
 */
export const DEV_TOOLS_CSS = `.lk-dt{position:fixed;right:16px;bottom:16px;z-index:2147483000;font-size:13px;display:flex;flex-direction:column;align-items:flex-end;gap:8px}
.lk-dt-toggle{width:36px;height:36px;border-radius:50%;border:1px solid var(--lk-border);background:var(--lk-popover);color:var(--lk-popover-foreground);box-shadow:0 2px 8px rgba(0,0,0,.18);display:inline-flex;align-items:center;justify-content:center;cursor:pointer;opacity:.8}
.lk-dt-toggle:hover,.lk-dt-toggle[aria-expanded=true]{opacity:1}
.lk-dt-panel{width:min(460px,calc(100vw - 32px));max-height:min(520px,calc(100vh - 80px));overflow:auto;display:flex;flex-direction:column;gap:10px;padding:12px;border:1px solid var(--lk-border);border-radius:var(--lk-radius);background:var(--lk-popover);color:var(--lk-popover-foreground);box-shadow:0 8px 24px rgba(0,0,0,.2)}
.lk-dt-panel h2{font-size:14px}
.lk-dt-head{display:flex;align-items:center;justify-content:space-between;gap:8px}
.lk-dt .lk-tab{min-height:28px;font-size:13px}
.lk-dt dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 12px;margin:0}
.lk-dt dt{color:var(--lk-muted-foreground)}
.lk-dt dd{margin:0;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;word-break:break-all}
.lk-dt table{width:100%;border-collapse:collapse;font-size:12px}
.lk-dt th{text-align:left;color:var(--lk-muted-foreground);font-weight:550}
.lk-dt th,.lk-dt td{padding:4px 6px;border-bottom:1px solid var(--lk-border);vertical-align:top}
.lk-dt td{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;word-break:break-all}
.lk-dt-bad{color:var(--lk-destructive)}
.lk-dt a{color:inherit}
.lk-dt-section{display:flex;flex-direction:column;gap:8px}`;
