import type { ReactNode } from "react";
import { BaseStyles, styleElement } from "./base-styles";
import { themeCss } from "./tokens";
import type { Theme } from "./tokens";

/**
 * Props of {@link LatchkeyTheme}.
 * @example
 * const props: LatchkeyThemeProps = { theme: { light: { primary: "#4f46e5" }, radius: "12px" } };
 */
export interface LatchkeyThemeProps {
  /** Colours for light and dark mode (official token names) and the corner radius. Missing ones keep the defaults. */
  theme?: Theme;
  /** A CSP nonce for the `<style>` element. */
  nonce?: string;
  children?: ReactNode;
}

/**
 * Themes latchkey's pages: its colour tokens become the `--lk-*` CSS custom properties every component reads
 * (light by default; dark under `prefers-color-scheme: dark`, or a `dark` class or `data-theme="dark"` on an
 * ancestor). Also exported as `StackTheme`. In an app styled with shadcn/ui the pages take the app's own
 * variables (`--background`, `--primary`, …, `--radius`, light on `:root` and dark under `.dark`) without it; the
 * tokens `theme` gives win over those, the others still come from the app.
 *
 * @example
 * <LatchkeyTheme theme={{ light: { primary: "#4f46e5", primaryForeground: "#fff" }, dark: { primary: "#a5b4fc" }, radius: "12px" }}>
 *   <App />
 * </LatchkeyTheme>
 */
export function LatchkeyTheme({ theme, nonce, children }: LatchkeyThemeProps) {
  const css = theme ? themeCss(theme) : "";
  // The theme's sheet after the children: React 18 renders each page's copy of the base sheet in place, and a copy
  // after the theme's rules of equal weight would win over them.
  return (
    <>
      <BaseStyles />
      {children}
      {css && styleElement(css, { nonce, "data-latchkey-theme": "" })}
    </>
  );
}
