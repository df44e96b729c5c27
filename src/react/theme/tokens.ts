/**
 * The colour tokens of latchkey's React pages, with the official names (shadcn-style): each is a CSS colour. A page
 * styled with shadcn/ui gives them through its own variables of the same names (`--primary-foreground` for
 * `primaryForeground`), in the v4 form (`oklch(…)`) or the v3 form (a bare HSL triple); a theme's value wins.
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

// The value of token `name` taken from the page, `read` giving a page variable's colour. The focus ring is the
// page's ring moved 40% towards its foreground: shadcn's rings are often under 3:1 against the background
// (neutral light 2.6:1), and latchkey's focus outline is the only mark of focus.
const fromApp = (name: string, read: (variable: string) => string) =>
  name === "ring" ? `color-mix(in oklab,${read("ring")} 60%,${read("foreground")})` : read(name);

/**
 * CSS declarations setting the `--lk-*` custom properties of `colors`; with `app`, each reads the page's own
 * variable of the same name first (shadcn/ui's `--primary` for `--lk-primary`), `colors` being the fallback.
 * @internal
 * @example
 * tokenCss({ primary: "#000" }); // "--lk-primary:#000;"
 * tokenCss({ primary: "#000" }, true); // "--lk-primary:var(--primary,#000);"
 */
export const tokenCss = (colors: ThemeColors = {}, app?: boolean): string =>
  Object.entries(colors)
    .filter(([, v]) => typeof v === "string" && !/[;{}<]/.test(v))
    .map(([k, v]) => `--lk-${kebab(k)}:${app ? fromApp(kebab(k), (n) => `var(--${n},${v})`) : v};`)
    .join("");

/**
 * The style sheet text of a theme: light tokens on `.lk`, dark tokens under `prefers-color-scheme: dark` (or a
 * `dark` class / `data-theme="dark"` on an ancestor), the radius. The tokens are set on the root of every page and
 * building block (`.lk`) and on the avatar, which an app also places on its own (`.lk-avatar`). With `app`
 * (latchkey's defaults), every token reads the page's shadcn/ui variable first (see {@link appColorsCss}).
 * @internal
 * @example
 * themeCss({ light: { primary: "#4f46e5" } });
 */
export function themeCss(theme: Theme, app?: boolean): string {
  const r = theme.radius && !/[;{}<]/.test(theme.radius) && theme.radius;
  const radius = r ? `--lk-radius:${app ? `var(--radius,${r})` : r};` : "";
  const light = tokenCss(theme.light, app);
  const dark = tokenCss(theme.dark, app);
  return (
    `.lk,.lk-avatar{${light}${radius}}` +
    (dark
      ? `@media (prefers-color-scheme:dark){.lk,.lk-avatar{${dark}}}` +
        `.dark .lk,.dark .lk-avatar,[data-theme=dark] .lk,[data-theme=dark] .lk-avatar{${dark}}`
      : "") +
    (light ? `.light .lk,.light .lk-avatar,[data-theme=light] .lk,[data-theme=light] .lk-avatar{${light}}` : "")
  );
}

/**
 * The page's shadcn/ui palette in either form. Every colour token is registered as a `<color>` (`@property`,
 * inherited, latchkey's light colour as its initial value), so a declaration whose value is not a colour counts
 * as absent: the element inherits instead. The tokens on `.lk` read `var(--primary, <default>)`, a colour in
 * shadcn v4 (`oklch(…)`); a v3 app's bare HSL triple (`222.2 84% 4.9%`) is no colour there, and the token is
 * inherited from the parent element, which reads the same variable as `hsl(var(--primary))`.
 * @internal
 * @example
 * const css = appColorsCss() + themeCss(DEFAULT_THEME, true);
 */
export function appColorsCss(): string {
  const colors = Object.entries(DEFAULT_THEME.light).map(([k, v]) => [kebab(k), v]);
  return (
    colors.map(([n, v]) => `@property --lk-${n}{syntax:"<color>";inherits:true;initial-value:${v}}`).join("") +
    `:has(>.lk,>.lk-avatar){${colors.map(([n]) => `--lk-${n}:${fromApp(n, (m) => `hsl(var(--${m}))`)}`).join(";")}}`
  );
}
