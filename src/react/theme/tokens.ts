/**
 * The colour tokens of latchkey's React pages, with the official names (shadcn-style): each is a CSS colour.
 *
 * @example
 * const brand: ThemeColors = { primary: "#4f46e5", primaryForeground: "#fff" };
 */
export interface ThemeColors {
  background?: string;
  foreground?: string;
  card?: string;
  cardForeground?: string;
  popover?: string;
  popoverForeground?: string;
  primary?: string;
  primaryForeground?: string;
  secondary?: string;
  secondaryForeground?: string;
  muted?: string;
  mutedForeground?: string;
  accent?: string;
  accentForeground?: string;
  destructive?: string;
  destructiveForeground?: string;
  border?: string;
  input?: string;
  ring?: string;
}

/**
 * A theme: colours for light and dark mode, and the corner radius (any CSS length).
 *
 * @example
 * <LatchkeyTheme theme={{ light: { primary: "#4f46e5" }, dark: { primary: "#818cf8" }, radius: "10px" }} />
 */
export interface Theme {
  light?: ThemeColors;
  dark?: ThemeColors;
  radius?: string;
}

/** @internal The default colours: neutral, WCAG AA contrast for text and controls in both modes. */
export const DEFAULT_THEME: Required<Theme> = {
  light: {
    background: "#ffffff",
    foreground: "#0a0a0b",
    card: "#ffffff",
    cardForeground: "#0a0a0b",
    popover: "#ffffff",
    popoverForeground: "#0a0a0b",
    primary: "#18181b",
    primaryForeground: "#fafafa",
    secondary: "#f4f4f5",
    secondaryForeground: "#18181b",
    muted: "#f4f4f5",
    mutedForeground: "#5f5f68",
    accent: "#f4f4f5",
    accentForeground: "#18181b",
    destructive: "#c81e1e",
    destructiveForeground: "#fafafa",
    border: "#e4e4e7",
    input: "#a1a1aa",
    ring: "#2563eb",
  },
  dark: {
    background: "#0b0b0d",
    foreground: "#fafafa",
    card: "#121215",
    cardForeground: "#fafafa",
    popover: "#121215",
    popoverForeground: "#fafafa",
    primary: "#fafafa",
    primaryForeground: "#18181b",
    secondary: "#27272a",
    secondaryForeground: "#fafafa",
    muted: "#27272a",
    mutedForeground: "#b4b4bc",
    accent: "#27272a",
    accentForeground: "#fafafa",
    destructive: "#f87171",
    destructiveForeground: "#18181b",
    border: "#2e2e33",
    input: "#63636b",
    ring: "#60a5fa",
  },
  radius: "8px",
};

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase());

/**
 * CSS declarations setting the `--lk-*` custom properties of `colors`.
 * @internal
 * @example
 * tokenCss({ primary: "#000" }); // "--lk-primary:#000;"
 */
export const tokenCss = (colors: ThemeColors = {}): string =>
  Object.entries(colors)
    .filter(([, v]) => typeof v === "string" && !/[;{}<]/.test(v))
    .map(([k, v]) => `--lk-${kebab(k)}:${v};`)
    .join("");

/**
 * The style sheet text of a theme: light tokens on `.lk`, dark tokens under `prefers-color-scheme: dark` (or a
 * `dark` class / `data-theme="dark"` on an ancestor), the radius.
 * @internal
 * @example
 * themeCss({ light: { primary: "#4f46e5" } });
 */
export function themeCss(theme: Theme): string {
  const radius = theme.radius && !/[;{}<]/.test(theme.radius) ? `--lk-radius:${theme.radius};` : "";
  const light = tokenCss(theme.light);
  const dark = tokenCss(theme.dark);
  return (
    `.lk{${light}${radius}}` +
    (dark ? `@media (prefers-color-scheme:dark){.lk{${dark}}}.dark .lk,[data-theme=dark] .lk{${dark}}` : "") +
    (light ? `.light .lk,[data-theme=light] .lk{${light}}` : "")
  );
}
