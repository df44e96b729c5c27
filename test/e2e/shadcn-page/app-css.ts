/**
 * The style sheet of an app styled with shadcn/ui, for test/e2e/shadcn-theme.e2e.test.ts: Tailwind v4's preflight
 * (the rules that reach latchkey's elements: the reset of margins, padding and borders, headings, links, lists,
 * images and form controls), shadcn's base layer (`* { border-color; outline-color }`, `body { background; color }`)
 * and one of shadcn's palettes on `:root` with its dark half under `.dark`, in either form shadcn has shipped:
 *
 * - v4 (Tailwind v4): full colours, `--primary: oklch(…)`, read as `var(--primary)`;
 * - v3 (Tailwind v3): bare HSL triples, `--primary: 24.6 95% 53.1%`, read as `hsl(var(--primary))`.
 *
 * The palettes are shadcn's own (ui.shadcn.com themes: the v4 registry's "rose" and the v3 base colour "orange",
 * apps/v4/registry/_legacy-base-colors.ts in shadcn-ui/ui).
 */

/**
 * A shadcn palette: light colours on `:root`, dark ones under `.dark`, and the form its values take.
 * @example
 * const mint: ShadcnPalette = { form: "v4", light: { primary: "oklch(0.7 0.15 160)" }, dark: { primary: "oklch(0.8 0.12 160)" } };
 */
export interface ShadcnPalette {
  form: "v3" | "v4";
  light: Record<string, string>;
  dark: Record<string, string>;
}

/**
 * shadcn v4's "rose" theme (zinc neutrals, rose primary; `oklch()` colours, some with alpha).
 * @example
 * await dress(page, shadcnCss(V4_ROSE), true);
 */
export const V4_ROSE: ShadcnPalette = {
  form: "v4",
  light: {
    radius: "0.625rem",
    background: "oklch(1 0 0)",
    foreground: "oklch(0.141 0.005 285.823)",
    card: "oklch(1 0 0)",
    "card-foreground": "oklch(0.141 0.005 285.823)",
    popover: "oklch(1 0 0)",
    "popover-foreground": "oklch(0.141 0.005 285.823)",
    primary: "oklch(0.586 0.253 17.585)",
    "primary-foreground": "oklch(0.969 0.015 12.422)",
    secondary: "oklch(0.967 0.001 286.375)",
    "secondary-foreground": "oklch(0.21 0.006 285.885)",
    muted: "oklch(0.967 0.001 286.375)",
    "muted-foreground": "oklch(0.552 0.016 285.938)",
    accent: "oklch(0.967 0.001 286.375)",
    "accent-foreground": "oklch(0.21 0.006 285.885)",
    destructive: "oklch(0.577 0.245 27.325)",
    border: "oklch(0.92 0.004 286.32)",
    input: "oklch(0.92 0.004 286.32)",
    ring: "oklch(0.712 0.194 13.428)",
  },
  dark: {
    background: "oklch(0.141 0.005 285.823)",
    foreground: "oklch(0.985 0 0)",
    card: "oklch(0.21 0.006 285.885)",
    "card-foreground": "oklch(0.985 0 0)",
    popover: "oklch(0.21 0.006 285.885)",
    "popover-foreground": "oklch(0.985 0 0)",
    primary: "oklch(0.645 0.246 16.439)",
    "primary-foreground": "oklch(0.969 0.015 12.422)",
    secondary: "oklch(0.274 0.006 286.033)",
    "secondary-foreground": "oklch(0.985 0 0)",
    muted: "oklch(0.274 0.006 286.033)",
    "muted-foreground": "oklch(0.705 0.015 286.067)",
    accent: "oklch(0.274 0.006 286.033)",
    "accent-foreground": "oklch(0.985 0 0)",
    destructive: "oklch(0.704 0.191 22.216)",
    border: "oklch(1 0 0 / 10%)",
    input: "oklch(1 0 0 / 10%)",
    ring: "oklch(0.41 0.159 10.272)",
  },
};

/**
 * shadcn v3's "orange" base colour (HSL triples; `--radius: 0.95rem`).
 * @example
 * await dress(page, shadcnCss(V3_ORANGE), false);
 */
export const V3_ORANGE: ShadcnPalette = {
  form: "v3",
  light: {
    background: "0 0% 100%",
    foreground: "20 14.3% 4.1%",
    card: "0 0% 100%",
    "card-foreground": "20 14.3% 4.1%",
    popover: "0 0% 100%",
    "popover-foreground": "20 14.3% 4.1%",
    primary: "24.6 95% 53.1%",
    "primary-foreground": "60 9.1% 97.8%",
    secondary: "60 4.8% 95.9%",
    "secondary-foreground": "24 9.8% 10%",
    muted: "60 4.8% 95.9%",
    "muted-foreground": "25 5.3% 44.7%",
    accent: "60 4.8% 95.9%",
    "accent-foreground": "24 9.8% 10%",
    destructive: "0 84.2% 60.2%",
    "destructive-foreground": "60 9.1% 97.8%",
    border: "20 5.9% 90%",
    input: "20 5.9% 90%",
    ring: "24.6 95% 53.1%",
    radius: "0.95rem",
  },
  dark: {
    background: "20 14.3% 4.1%",
    foreground: "60 9.1% 97.8%",
    card: "20 14.3% 4.1%",
    "card-foreground": "60 9.1% 97.8%",
    popover: "20 14.3% 4.1%",
    "popover-foreground": "60 9.1% 97.8%",
    primary: "20.5 90.2% 48.2%",
    "primary-foreground": "60 9.1% 97.8%",
    secondary: "12 6.5% 15.1%",
    "secondary-foreground": "60 9.1% 97.8%",
    muted: "12 6.5% 15.1%",
    "muted-foreground": "24 5.4% 63.9%",
    accent: "12 6.5% 15.1%",
    "accent-foreground": "60 9.1% 97.8%",
    destructive: "0 72.2% 50.6%",
    "destructive-foreground": "60 9.1% 97.8%",
    border: "12 6.5% 15.1%",
    input: "12 6.5% 15.1%",
    ring: "20.5 90.2% 48.2%",
  },
};

// Tailwind v4's preflight, the rules that can reach latchkey's elements (tailwindcss/preflight.css, condensed).
const PREFLIGHT = `*,::after,::before{box-sizing:border-box;margin:0;padding:0;border:0 solid}
html{line-height:1.5;-webkit-text-size-adjust:100%;tab-size:4;font-family:ui-sans-serif,system-ui,sans-serif}
h1,h2,h3,h4,h5,h6{font-size:inherit;font-weight:inherit}
a{color:inherit;text-decoration:inherit}
ol,ul,menu{list-style:none}
img,svg,video,canvas{display:block;vertical-align:middle}
img,video{max-width:100%;height:auto}
button,input,select,optgroup,textarea{font:inherit;letter-spacing:inherit;color:inherit;border-radius:0;background-color:transparent;opacity:1}
::placeholder{opacity:1;color:color-mix(in oklab,currentcolor 50%,transparent)}
button,input:where([type=button],[type=reset],[type=submit]){appearance:button}`;

const vars = (colors: Record<string, string>) =>
  Object.entries(colors)
    .map(([k, v]) => `--${k}:${v};`)
    .join("");

/**
 * The whole style sheet of a shadcn app with `palette`: preflight, the palette, shadcn's base layer.
 * @example
 * const css = shadcnCss(V4_ROSE); // ":root{--background:oklch(1 0 0);…}.dark{…}body{background-color:var(--background);…}"
 */
export function shadcnCss(palette: ShadcnPalette): string {
  const color = (name: string) => (palette.form === "v3" ? `hsl(var(--${name}))` : `var(--${name})`);
  return (
    `${PREFLIGHT}\n:root{${vars(palette.light)}}\n.dark{${vars(palette.dark)}}\n` +
    `*{border-color:${color("border")};outline-color:${palette.form === "v3" ? "hsl(var(--ring) / .5)" : "color-mix(in oklab,var(--ring) 50%,transparent)"}}\n` +
    `body{background-color:${color("background")};color:${color("foreground")}}`
  );
}

/**
 * The same page without any palette (Tailwind's preflight only): latchkey keeps its own colours.
 * @example
 * await dress(page, PREFLIGHT_ONLY, false);
 */
export const PREFLIGHT_ONLY = PREFLIGHT;
