/**
 * A tiny client-side router (the demo has no router library): the address bar is the state, `<Link>` changes it with
 * `history.pushState`, and `usePath()` re-renders on every change, back and forward included.
 */
import { useSyncExternalStore } from "react";
import type { AnchorHTMLAttributes, MouseEvent } from "react";

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());
window.addEventListener("popstate", notify);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Goes to `to` (a path of this app) without reloading the page. */
export function navigate(to: string): void {
  history.pushState(null, "", to);
  window.scrollTo(0, 0);
  notify();
}

/** The current path and query, e.g. `/teams?x=1`. */
export function usePath(): string {
  return useSyncExternalStore(subscribe, () => location.pathname + location.search);
}

/**
 * A link to a page of this app. Ordinary clicks navigate in place; modified clicks (new tab, …) and links into
 * `/handler` (latchkey's pages, which read the address once as they load) go the usual way.
 */
export function Link({ href, onClick, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const current = usePath() === href;
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (href.startsWith("/handler")) return;
    event.preventDefault();
    navigate(href);
  };
  return <a href={href} aria-current={current ? "page" : undefined} onClick={handle} {...props} />;
}
