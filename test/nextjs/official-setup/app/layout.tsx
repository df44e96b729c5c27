import type { Metadata } from "next";
import type { ReactNode } from "react";
import { StackProvider, StackTheme } from "latchkey/next";
import { stackServerApp } from "../stack/server";

export const metadata: Metadata = { title: "Official setup on latchkey" };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <StackProvider app={stackServerApp}>
          <StackTheme>{children}</StackTheme>
        </StackProvider>
      </body>
    </html>
  );
}
