// latchkey's dev tools: the panel <LatchkeyProvider> shows in development builds (see devTools in ../provider.tsx,
// which loads this module with import() in such builds only). They are for the app's developers and stay in
// English: scripts/gen-translation-keys.mjs leaves src/react/dev-tools out of the pages' translation keys.
import { Component, Suspense, useEffect, useState } from "react";
import type { KeyboardEvent, ReactNode } from "react";
import type { ClientApp } from "../../apps/client-app";
import { contextOf } from "../../core/context";
import { BaseStyles, styleElement } from "../theme/base-styles";
import { KeyIcon } from "../ui/icons";
import { Tabs } from "../ui/tabs";
import { isEmulator } from "./emulator";
import { OutboxTab } from "./outbox-tab";
import { ProjectTab } from "./project-tab";
import { requestLogOf } from "./request-log";
import { RequestsTab } from "./requests-tab";
import { DEV_TOOLS_CSS } from "./styles";
import { UserTab } from "./user-tab";

/** Shows a tab's failed read as one line instead of breaking the app's page. */
class TabErrorBoundary extends Component<{ children?: ReactNode }, { error: unknown }> {
  override state = { error: undefined as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    return <p role="alert">Could not read this: {error instanceof Error ? error.message : String(error)}</p>;
  }
}

const tab = (content: ReactNode) => (
  <TabErrorBoundary>
    <Suspense fallback={<p>Loading…</p>}>{content}</Suspense>
  </TabErrorBoundary>
);

/**
 * The dev tools of `app`: a "Toggle latchkey dev tools" button in the page's bottom-right corner opening a panel
 * with the User, Project, Requests and (when the app's API is latchkey's emulator) Outbox tabs. Escape closes it.
 * Renders nothing on a server, on the first render in a browser (so hydration matches) and when the app was made
 * with `devTool: false`. Its request log starts when it first renders.
 * @internal
 * @example
 * const DevTools = lazy(() => import("./dev-tools/dev-tools"));
 * <Suspense fallback={null}><DevTools app={app} /></Suspense>
 */
export default function DevTools({ app }: { app: ClientApp }) {
  const { core } = contextOf(app);
  const off = core.options.devTool === false;
  const [mounted, setMounted] = useState(false);
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState("user");
  const [emulator, setEmulator] = useState(false);
  const log = off ? null : requestLogOf(app);
  useEffect(() => setMounted(true), []);
  useEffect(() => {
    // Whether to show the Outbox tab: asked once the panel is first opened (a closed panel sends nothing).
    if (!open || !log || emulator) return;
    let current = true;
    isEmulator(log.fetch, core.http.baseUrl).then((yes) => current && setEmulator(yes));
    return () => void (current = false);
  }, [open, log, emulator, core]);
  if (off || !mounted || !log) return null;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || !open) return;
    setOpen(false);
    event.currentTarget.querySelector<HTMLElement>(".lk-dt-toggle")?.focus();
  };
  const tabs = [
    { id: "user", label: "User", panel: tab(<UserTab />) },
    { id: "project", label: "Project", panel: tab(<ProjectTab />) },
    { id: "requests", label: "Requests", panel: <RequestsTab log={log} /> },
    ...(emulator ? [{ id: "outbox", label: "Outbox", panel: <OutboxTab log={log} baseUrl={core.http.baseUrl} projectId={app.projectId} /> }] : []),
  ];
  return (
    <div className="lk lk-dt" onKeyDown={onKeyDown}>
      <BaseStyles />
      {styleElement(DEV_TOOLS_CSS, {}, { href: "latchkey-dev-tools", precedence: "latchkey" })}
      {open && (
        <section className="lk-dt-panel" id="lk-dev-tools" aria-label="latchkey dev tools">
          <div className="lk-dt-head">
            <h2>latchkey dev tools</h2>
            <span className="lk-badge">development</span>
          </div>
          <Tabs label="Dev tools" tabs={tabs} selected={selected} onSelect={setSelected} />
        </section>
      )}
      <button
        type="button"
        className="lk-dt-toggle"
        aria-label="Toggle latchkey dev tools"
        aria-expanded={open}
        aria-controls={open ? "lk-dev-tools" : undefined}
        onClick={() => setOpen(!open)}
      >
        <KeyIcon />
      </button>
    </div>
  );
}
