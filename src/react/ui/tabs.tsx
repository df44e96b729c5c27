import { useId, useRef } from "react";
import type { KeyboardEvent, ReactNode } from "react";

/**
 * Tabs with the ARIA tabs pattern: a `tablist` of `tab` buttons (arrow keys, Home and End move between them)
 * and the selected `tabpanel`.
 * @internal
 * @example
 * <Tabs label={t("Sign-in method")} tabs={[{ id: "magic-link", label: t("Email"), panel: <MagicLinkSignIn /> }]} selected={tab} onSelect={setTab} />
 */
export function Tabs({ label, tabs, selected, onSelect }: { label: string; tabs: { id: string; label: ReactNode; panel: ReactNode }[]; selected: string; onSelect: (id: string) => void }) {
  const base = useId();
  const list = useRef<HTMLDivElement>(null);
  const current = tabs.find((tab) => tab.id === selected) ?? tabs[0];
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.indexOf(current);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = tabs[(next + tabs.length) % tabs.length];
    onSelect(tab.id);
    list.current?.ownerDocument.getElementById(base + tab.id)?.focus();
  };
  return (
    <>
      <div className="lk-tabs" role="tablist" aria-label={label} ref={list} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            className="lk-tab"
            id={base + tab.id}
            aria-selected={tab === current}
            aria-controls={base + tab.id + "p"}
            tabIndex={tab === current ? 0 : -1}
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={base + current.id + "p"} aria-labelledby={base + current.id}>
        {current.panel}
      </div>
    </>
  );
}
