import { appColorsCss, DEFAULT_THEME, themeCss } from "./tokens";

/**
 * latchkey's style sheet: the tokens (the page's shadcn/ui variables where it defines them, else latchkey's
 * defaults) and the rules of every component, all under the `lk` class (plain CSS, no framework). The pages and
 * blocks put it on the page.
 * @internal
 */
export const BASE_CSS =
  /* @__PURE__ */ appColorsCss() +
  /* @__PURE__ */ themeCss(DEFAULT_THEME, true) +
  `.lk{color:var(--lk-foreground);font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;font-size:15px;line-height:1.5;box-sizing:border-box}
.lk *,.lk *::before,.lk *::after{box-sizing:inherit}
.lk-page{min-height:100vh;display:flex;align-items:flex-start;justify-content:center;padding:48px 16px;background:var(--lk-background)}
.lk-card{width:100%;max-width:380px;display:flex;flex-direction:column;gap:16px}
.lk-wide{max-width:none}
.lk h1,.lk h2,.lk h3{margin:0;font-weight:650;line-height:1.25}
.lk h1{font-size:24px;text-align:center}.lk h2{font-size:19px}.lk h3{font-size:16px}
.lk p{margin:0}
.lk-center{text-align:center}
.lk-muted{color:var(--lk-muted-foreground);font-size:14px}
.lk-stack{display:flex;flex-direction:column;gap:12px}
.lk-row{display:flex;align-items:center;gap:8px;flex-wrap:wrap}
.lk-grow{flex:1;min-width:0}
.lk-field{display:flex;flex-direction:column;gap:6px}
.lk-label{font-size:14px;font-weight:550}
.lk-input{width:100%;height:40px;padding:0 12px;border:1px solid var(--lk-input);border-radius:var(--lk-radius);background:var(--lk-background);color:inherit;font:inherit}
.lk-input[aria-invalid=true]{border-color:var(--lk-destructive)}
.lk-pw{position:relative}.lk-pw .lk-input{padding-right:44px}
.lk-pw .lk-icon-btn{position:absolute;right:2px;top:2px}
.lk-error{color:var(--lk-destructive);font-size:14px}
.lk-ok{color:var(--lk-foreground);background:var(--lk-muted);border-radius:var(--lk-radius);padding:10px 12px;font-size:14px}
.lk-btn{display:inline-flex;align-items:center;justify-content:center;gap:8px;min-height:40px;padding:0 16px;border-radius:var(--lk-radius);border:1px solid transparent;font:inherit;font-weight:550;cursor:pointer;text-decoration:none;background:var(--lk-primary);color:var(--lk-primary-foreground)}
.lk-btn:disabled{opacity:.6;cursor:default}
.lk-block{width:100%}
.lk-secondary{background:var(--lk-secondary);color:var(--lk-secondary-foreground);border-color:var(--lk-border)}
.lk-outline{background:transparent;color:inherit;border-color:var(--lk-border)}
.lk-ghost{background:transparent;color:inherit}
.lk-ghost:hover,.lk-outline:hover{background:var(--lk-accent)}
.lk-destructive{background:var(--lk-destructive);color:var(--lk-destructive-foreground)}
.lk-link{background:none;border:0;padding:0;min-height:0;color:inherit;text-decoration:underline;font-weight:inherit;cursor:pointer;font:inherit}
.lk-icon-btn{display:inline-flex;align-items:center;justify-content:center;width:36px;height:36px;border-radius:var(--lk-radius);background:transparent;border:0;color:inherit;cursor:pointer}
.lk-icon-btn:hover{background:var(--lk-accent)}
.lk :focus-visible{outline:2px solid var(--lk-ring);outline-offset:2px}
.lk-tabs{display:grid;grid-auto-flow:column;grid-auto-columns:1fr;gap:4px;padding:4px;border-radius:var(--lk-radius);background:var(--lk-muted)}
.lk-tab{min-height:34px;border:0;border-radius:calc(var(--lk-radius) - 2px);background:transparent;color:var(--lk-muted-foreground);font:inherit;cursor:pointer}
.lk-tab[aria-selected=true]{background:var(--lk-background);color:var(--lk-foreground);font-weight:550;box-shadow:0 1px 2px rgba(0,0,0,.12)}
.lk-divider{display:flex;align-items:center;gap:12px;color:var(--lk-muted-foreground);font-size:14px}
.lk-divider::before,.lk-divider::after{content:"";flex:1;border-top:1px solid var(--lk-border)}
.lk-spinner{width:16px;height:16px;border:2px solid currentColor;border-right-color:transparent;border-radius:50%;animation:lk-spin .7s linear infinite}
@keyframes lk-spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.lk-spinner{animation-duration:2s}}
.lk-avatar{display:inline-flex;align-items:center;justify-content:center;flex:none;border-radius:50%;overflow:hidden;background:var(--lk-muted);color:var(--lk-foreground);font-weight:600}
.lk-avatar img{width:100%;height:100%;object-fit:cover}
.lk-menu-wrap{position:relative;display:inline-block}
.lk-menu.lk-menu-start{right:auto;left:0}
.lk-menu{position:absolute;right:0;top:calc(100% + 6px);z-index:50;min-width:220px;padding:6px;border:1px solid var(--lk-border);border-radius:var(--lk-radius);background:var(--lk-popover);color:var(--lk-popover-foreground);box-shadow:0 8px 24px rgba(0,0,0,.16)}
.lk-menu [role=menuitem]{display:flex;width:100%;align-items:center;gap:8px;padding:8px 10px;border:0;border-radius:calc(var(--lk-radius) - 2px);background:transparent;color:inherit;font:inherit;text-align:left;cursor:pointer}
.lk-menu [role=menuitem]:hover,.lk-menu [role=menuitem]:focus{background:var(--lk-accent);outline:none}
.lk-settings{display:grid;grid-template-columns:220px 1fr;gap:32px;width:100%;max-width:1000px}
.lk-nav{display:flex;flex-direction:column;gap:2px}
.lk-nav a,.lk-nav button{display:flex;align-items:center;gap:8px;padding:8px 10px;border-radius:var(--lk-radius);color:inherit;text-decoration:none;border:0;background:none;font:inherit;text-align:left;cursor:pointer}
.lk-nav [aria-current=page]{background:var(--lk-accent);font-weight:550}
.lk-section{display:flex;flex-direction:column;gap:12px;padding:20px 0;border-top:1px solid var(--lk-border)}
.lk-list{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:8px}
.lk-list>li{display:flex;align-items:center;gap:8px;flex-wrap:wrap;padding:10px 12px;border:1px solid var(--lk-border);border-radius:var(--lk-radius)}
.lk-badge{display:inline-block;padding:1px 8px;border-radius:999px;background:var(--lk-muted);color:var(--lk-muted-foreground);font-size:12px}
.lk-code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;word-break:break-all;background:var(--lk-muted);padding:8px 10px;border-radius:var(--lk-radius)}
.lk-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (max-width:720px){.lk-settings{grid-template-columns:1fr;gap:16px}.lk-page{padding:24px 12px}}
/* sign-in, sign-up, password and handler pages */
.lk-actions{display:flex;justify-content:center;flex-wrap:wrap;gap:12px}
.lk-muted .lk-link{color:var(--lk-foreground)}
.lk h1[tabindex]{outline:none}
.lk-status{display:flex;align-items:center;justify-content:center;gap:8px;color:var(--lk-muted-foreground)}
.lk-otp{height:48px;text-align:center;text-indent:.3em;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:20px;letter-spacing:.3em;text-transform:uppercase;font-variant-numeric:tabular-nums}
/* account settings */
.lk-settings h1{text-align:left;font-size:20px;margin:4px 0 16px 10px;hyphens:auto}
.lk-nav ul{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:2px}
.lk-nav button{width:100%}.lk-nav button:hover{background:var(--lk-accent)}
.lk-nav span{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.lk-nav-label{padding:16px 10px 4px;font-size:13px;font-weight:600;color:var(--lk-muted-foreground)}
.lk-settings>*{min-width:0}.lk-content>h2{padding-bottom:4px}
.lk-inline{flex-direction:row;flex-wrap:wrap;align-items:center;justify-content:space-between}
.lk-inline>:first-child{flex:1 1 240px}.lk-inline>form{flex:1 1 320px}
.lk h4{margin:8px 0 0;font-size:15px}
.lk-value{font-weight:550;overflow-wrap:anywhere}
.lk-item{display:flex;align-items:center;gap:8px 12px;flex-wrap:wrap;width:100%}.lk-item>.lk-grow{flex:1 1 220px}
.lk-full{flex-basis:100%}
.lk-strong{background:var(--lk-primary);color:var(--lk-primary-foreground)}
.lk-warn{background:none;box-shadow:inset 0 0 0 1px var(--lk-destructive);color:var(--lk-destructive)}
.lk-danger{color:var(--lk-destructive)}
.lk-add{align-items:flex-start}.lk-add>.lk-btn{margin-top:27px}.lk-add>.lk-grow{flex:1 1 200px}
.lk-narrow{max-width:380px}
.lk-check{display:flex;align-items:center;gap:10px;cursor:pointer}.lk-check input{width:18px;height:18px;margin:0;accent-color:var(--lk-primary)}
.lk-qr{width:184px;height:184px;background:#fff;border-radius:var(--lk-radius)}.lk-qr svg{display:block;width:100%;height:100%}
.lk-callout{padding:16px;border:1px solid var(--lk-border);border-radius:var(--lk-radius);background:var(--lk-muted)}
.lk-mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.lk-confirm{display:flex;flex-direction:column;gap:8px}
@media (max-width:720px){.lk-nav{padding-bottom:12px;border-bottom:1px solid var(--lk-border)}}
/* user button, avatar, team switcher */
.lk-avatar-border{border:1px solid var(--lk-border)}
.lk-user-btn{display:inline-flex;padding:2px;border:0;border-radius:999px;background:none;color:inherit;font:inherit;text-align:left;cursor:pointer}
.lk-user-info{display:flex;flex-direction:column;min-width:0;max-width:14rem;line-height:1.3}
.lk-user-info>span{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.lk-menu-head{display:flex;align-items:center;gap:10px;padding:6px 8px 10px;margin-bottom:6px;border-bottom:1px solid var(--lk-border)}
.lk-menu [role=menuitem]:focus-visible{outline:2px solid var(--lk-ring);outline-offset:-2px}
.lk-user-btn .lk-row{flex-wrap:nowrap}
@media (max-width:480px){.lk-user-btn .lk-user-info{display:none}}
.lk-team-switch{display:inline-flex;flex-direction:column;gap:4px;min-width:0;max-width:100%}
.lk-team-switch>.lk-row{flex-wrap:nowrap}
.lk-team-select{width:auto;min-width:0;max-width:16rem}
.lk-team-icon{width:28px;height:28px;border-radius:calc(var(--lk-radius) - 2px);font-size:13px}`;
