"use client";

import type { ReactNode } from "react";
import { LatchkeyProvider } from "latchkey/react";
import { clientApp } from "../lib/latchkey-client";

/** Gives latchkey's hooks and pages the client app. */
export function Providers({ children }: { children: ReactNode }) {
  return <LatchkeyProvider app={clientApp}>{children}</LatchkeyProvider>;
}
