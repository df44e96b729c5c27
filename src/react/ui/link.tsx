import type { MouseEvent, ReactNode } from "react";
import { useProvidedApp } from "../context";
import { coreOf, goTo } from "./navigation";

/**
 * A real link (`<a href>`: it opens in a new tab, and works before scripts run) that, when the app navigates with
 * a router (`redirectMethod: { navigate }` or `{ useNavigate }`), goes through the router on a plain click.
 * `button` styles it as a button (`"secondary"`: the quieter one).
 * @internal
 * @example
 * <AppLink href={app.urls.home} button>{t("Go home")}</AppLink>
 */
export function AppLink({ href, button, children }: { href: string; button?: boolean | "secondary"; children: ReactNode }) {
  const app = useProvidedApp();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const routed = typeof coreOf(app).redirectMethod === "object";
    if (!routed || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void goTo(app, href);
  };
  return (
    <a href={href} className={button ? (button === "secondary" ? "lk-btn lk-secondary" : "lk-btn") : "lk-link"} onClick={onClick}>
      {children}
    </a>
  );
}
