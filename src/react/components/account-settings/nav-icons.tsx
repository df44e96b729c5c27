import type { ReactNode } from "react";

const icon = (children: ReactNode) => (
  <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
    {children}
  </svg>
);

/**
 * The side menu's icons, under the names of the official package's icon set (so an `extraItems` entry's
 * `iconName` picks one of them: Contact, ShieldCheck, Bell, Monitor, Key, Settings, CirclePlus, Users, Mail,
 * User, Lock, CreditCard). Other names show no icon.
 * @internal
 * @example
 * NAV_ICONS.Bell; // <svg …/>
 */
export const NAV_ICONS: Readonly<Record<string, ReactNode>> = {
  Contact: icon(<><rect x="3" y="4" width="18" height="16" rx="2" /><circle cx="12" cy="11" r="3" /><path d="M7 20a5 5 0 0110 0" /></>),
  ShieldCheck: icon(<><path d="M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z" /><path d="M9 12l2 2 4-4" /></>),
  Bell: icon(<><path d="M6 16V11a6 6 0 0112 0v5l2 2H4z" /><path d="M10 21h4" /></>),
  Monitor: icon(<><rect x="2" y="4" width="20" height="13" rx="2" /><path d="M8 21h8M12 17v4" /></>),
  Key: icon(<><circle cx="7.5" cy="15.5" r="4.5" /><path d="M10.7 12.3L21 2m-4 4l3 3m-6 0l3 3" /></>),
  Settings: icon(<><circle cx="12" cy="12" r="3" /><path d="M12 2v3M12 19v3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M2 12h3M19 12h3M4.9 19.1L7 17M17 7l2.1-2.1" /></>),
  CirclePlus: icon(<><circle cx="12" cy="12" r="9" /><path d="M12 8v8M8 12h8" /></>),
  Users: icon(<><circle cx="9" cy="8" r="4" /><path d="M2 21a7 7 0 0114 0M16 4a4 4 0 010 8M22 21a6 6 0 00-4-6" /></>),
  Mail: icon(<><rect x="3" y="5" width="18" height="14" rx="2" /><path d="M3 7l9 6 9-6" /></>),
  User: icon(<><circle cx="12" cy="8" r="4" /><path d="M4 21a8 8 0 0116 0" /></>),
  Lock: icon(<><rect x="4" y="11" width="16" height="10" rx="2" /><path d="M8 11V7a4 4 0 018 0v4" /></>),
  CreditCard: icon(<><rect x="2" y="5" width="20" height="14" rx="2" /><path d="M2 10h20" /></>),
};
