import { LatchkeyHandler } from "latchkey/react";

/** Sign-in, sign-up, sign-out, account settings and the other auth pages, under /handler/*. */
export default function Handler() {
  return <LatchkeyHandler fullPage />;
}
