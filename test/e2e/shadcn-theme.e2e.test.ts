/**
 * latchkey/react's pages inside an app styled with shadcn/ui, in Chromium (jsdom computes no custom properties):
 * the React test page (test/e2e/react-page) with a shadcn app's style sheet on it (test/e2e/shadcn-page/app-css.ts:
 * Tailwind's preflight, a shadcn palette on `:root` and `.dark`, shadcn's base layer). The sign-in page and the user
 * menu take the app's colours, in both forms shadcn has shipped (v4 `oklch(…)` colours, v3 bare HSL triples), light
 * and dark as the app switches (its `.dark` class, whatever the system prefers); an explicit `<LatchkeyTheme>`
 * wins; without the variables latchkey keeps its own palette. Elements are found by role and accessible name only.
 * Screenshots go to test-artifacts/shadcn-theme/, and to docs/screenshots/shadcn/ when LATCHKEY_UPDATE_SCREENSHOTS=1.
 */
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Page } from "playwright-core";
import { DEFAULT_THEME } from "../../src/react/theme/tokens";
import { pageErrors, pageSettled, signUpInPage, startE2E } from "./harness";
import type { E2E } from "./harness";
import { PREFLIGHT_ONLY, shadcnCss, V3_ORANGE, V4_ROSE } from "./shadcn-page/app-css";
import type { ShadcnPalette } from "./shadcn-page/app-css";

jest.setTimeout(60_000);

const ARTIFACTS = resolve(__dirname, "../../test-artifacts/shadcn-theme");
const DOCS = resolve(__dirname, "../../docs/screenshots/shadcn");
/** An explicit theme (`<LatchkeyTheme theme>`): it gives some tokens; the app's variables still give the rest. */
const EXPLICIT = {
  light: { primary: "#4f46e5", primaryForeground: "#ffffff", background: "#eef2ff" },
  dark: { primary: "#a5b4fc", primaryForeground: "#1e1b4b", background: "#1e1b4b" },
};

let e2e: E2E;
beforeAll(async () => {
  rmSync(ARTIFACTS, { recursive: true, force: true });
  mkdirSync(ARTIFACTS, { recursive: true });
  e2e = await startE2E("latchkey", {}, { page: "react" });
});
afterAll(() => e2e?.close());

/** Opens `path` in `page` and waits for the heading named `heading`. */
async function open(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(new URL(path, e2e.origin).href);
  await pageSettled(page);
  await page.getByRole("heading", { name: heading, exact: true }).waitFor();
}

/**
 * Gives the open page the app's style sheet `css` (first in <head>, as a Vite app's own CSS is; replacing the one
 * before) and the `dark` class on <html> or not: the app switching its look while latchkey's page stays open.
 */
async function dress(page: Page, css: string, dark: boolean): Promise<void> {
  await page.evaluate(
    ([text, on]) => {
      let sheet = document.getElementById("app-css");
      if (!sheet) {
        sheet = document.createElement("style");
        sheet.id = "app-css";
        document.head.prepend(sheet);
      }
      sheet.textContent = text;
      document.documentElement.classList.toggle("dark", on);
    },
    [css, dark] as const,
  );
}

/**
 * What the page's variable `--name` stands for, as Chromium computes it where the app's own elements read it
 * (`var(--x)` in the v4 form, `hsl(var(--x))` in the v3 form), or a literal CSS colour.
 */
function appColor(page: Page, name: string, form?: ShadcnPalette["form"]): Promise<string> {
  const value = form === "v3" ? `hsl(var(--${name}))` : form === "v4" ? `var(--${name})` : name;
  return page.evaluate((v) => {
    const probe = document.body.appendChild(document.createElement("i"));
    probe.style.color = v;
    const color = getComputedStyle(probe).color;
    probe.remove();
    return color;
  }, value);
}

/** The sRGB bytes `color` paints (through a canvas, which resolves oklch(), oklab() and color-mix() alike). */
function painted(page: Page, color: string): Promise<number[]> {
  return page.evaluate((c) => {
    const ctx = document.createElement("canvas").getContext("2d", { willReadFrequently: true })!;
    ctx.fillStyle = c;
    ctx.fillRect(0, 0, 1, 1);
    return [...ctx.getImageData(0, 0, 1, 1).data].slice(0, 3);
  }, color);
}

/** WCAG contrast ratio of two painted colours. */
function contrast(a: number[], b: number[]): number {
  const lum = (rgb: number[]) => {
    const [r, g, bl] = rgb.map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The focus ring of the sign-in page's Email field (focused) and the page's background, as painted. */
async function focusRing(page: Page): Promise<{ ring: number[]; page: number[] }> {
  const email = page.getByRole("textbox", { name: "Email", exact: true });
  await email.focus();
  const ring = await email.evaluate((el) => getComputedStyle(el).outlineColor);
  const background = await page.getByRole("main").evaluate((el) => getComputedStyle(el).backgroundColor);
  return { ring: await painted(page, ring), page: await painted(page, background) };
}

/** The computed colours of the sign-in page (tab "Email & Password" open) that the app's palette should give. */
async function signInColours(page: Page) {
  const style = (el: Element, parent?: boolean) => {
    const s = getComputedStyle(parent ? el.parentElement! : el);
    return { background: s.backgroundColor, color: s.color, border: s.borderTopColor };
  };
  const button = await page.getByRole("button", { name: "Sign In", exact: true }).evaluate(style);
  const tab = await page.getByRole("tab", { name: "Email & Password" }).evaluate(style);
  return {
    page: (await page.getByRole("main").evaluate(style)).background,
    heading: (await page.getByRole("heading", { name: "Sign in to your account" }).evaluate(style)).color,
    button: button.background,
    buttonText: button.color,
    tabs: (await page.getByRole("tablist").evaluate(style)).background,
    selectedTab: tab.background,
    input: (await page.getByRole("textbox", { name: "Email", exact: true }).evaluate(style)).border,
  };
}

/** The colours the sign-in page should have with `palette` (in the mode the page shows now). */
async function expectedSignIn(page: Page, palette: ShadcnPalette) {
  const c = (name: string) => appColor(page, name, palette.form);
  return {
    page: await c("background"),
    heading: await c("foreground"),
    button: await c("primary"),
    buttonText: await c("primary-foreground"),
    tabs: await c("muted"),
    selectedTab: await c("background"),
    input: await c("input"),
  };
}

/** latchkey's own colours for the sign-in page (DEFAULT_THEME), light or dark. */
async function ownSignIn(page: Page, mode: "light" | "dark") {
  const t = DEFAULT_THEME[mode];
  const c = (v: string | undefined) => appColor(page, v!);
  return {
    page: await c(t.background),
    heading: await c(t.foreground),
    button: await c(t.primary),
    buttonText: await c(t.primaryForeground),
    tabs: await c(t.muted),
    selectedTab: await c(t.background),
    input: await c(t.input),
  };
}

/** The open user menu's colours: its surface (the menu's box), an item's text, the focused item, the avatar. */
async function menuColours(page: Page, name: string) {
  const menu = page.getByRole("menu");
  await menu.waitFor();
  const surface = await menu.evaluate((el) => {
    const s = getComputedStyle(el.parentElement!);
    return { background: s.backgroundColor, color: s.color, border: s.borderTopColor };
  });
  const item = page.getByRole("menuitem", { name: "Sign out" });
  const focused = page.getByRole("menuitem").first(); // the menu opens with its first item focused
  return {
    surface: surface.background,
    text: surface.color,
    border: surface.border,
    item: await item.evaluate((el) => getComputedStyle(el).color),
    focused: await focused.evaluate((el) => getComputedStyle(el).backgroundColor),
    avatar: await page.getByRole("img", { name }).evaluate((el) => getComputedStyle(el).backgroundColor),
  };
}

async function expectedMenu(page: Page, palette: ShadcnPalette) {
  const c = (name: string) => appColor(page, name, palette.form);
  return {
    surface: await c("popover"),
    text: await c("popover-foreground"),
    border: await c("border"),
    item: await c("popover-foreground"),
    focused: await c("accent"),
    avatar: await c("muted"),
  };
}

// One member for the menu and the screenshots (the emulator is this file's own: a fixed address is free).
const EMAIL = "ada@example.com";
const NAME = "Ada Lovelace";
let signedIn: Page | undefined;

/** The member's page, signed up (and named) on first use. */
async function member(): Promise<Page> {
  if (!signedIn) {
    signedIn = await (await e2e.newContext()).newPage();
    await open(signedIn, "/", "Home");
    await signUpInPage(signedIn, EMAIL);
    await signedIn.evaluate(async (name) => {
      const user = await (window.app as { getUser(): Promise<{ setDisplayName(n: string): Promise<void> }> }).getUser();
      await user.setDisplayName(name);
    }, NAME);
  }
  return signedIn;
}

describe.each([V4_ROSE, V3_ORANGE])("a shadcn $form palette", (palette) => {
  test("the sign-in page takes the app's colours, light and dark, as the app switches", async () => {
    const page = await (await e2e.newContext()).newPage();
    await open(page, "/handler/sign-in", "Sign in to your account");
    await page.getByRole("tab", { name: "Email & Password" }).click();
    const css = shadcnCss(palette);
    for (const [dark, system] of [[true, "light"], [false, "light"], [false, "dark"], [true, "dark"]] as const) {
      await page.emulateMedia({ colorScheme: system });
      await dress(page, css, dark);
      const mode = `${dark ? "dark app" : "light app"}, system ${system}`;
      expect({ mode, ...(await signInColours(page)) }).toEqual({ mode, ...(await expectedSignIn(page, palette)) });
      // the focus ring is the app's --ring moved towards its foreground: 3:1 or more against the page (WCAG 1.4.11)
      const { ring, page: background } = await focusRing(page);
      expect({ mode, ring: contrast(ring, background) >= 3 }).toEqual({ mode, ring: true });
    }
    // dark and light really differ (the page switched, not stuck on one palette)
    await dress(page, css, true);
    const dark = await signInColours(page);
    await dress(page, css, false);
    expect((await signInColours(page)).page).not.toBe(dark.page);
    // the radius is the app's too
    const radius = await page.getByRole("button", { name: "Sign In", exact: true }).evaluate((el) => getComputedStyle(el).borderTopLeftRadius);
    expect(radius).toBe(`${parseFloat(palette.light.radius) * 16}px`);
    expect(pageErrors(page)).toEqual([]);
  });

  test("the user menu takes the app's popover, accent and muted colours, light and dark", async () => {
    const page = await member();
    await open(page, "/protected", "Protected page");
    await page.getByRole("button", { name: `Account menu for ${NAME}` }).click();
    for (const dark of [true, false]) {
      await dress(page, shadcnCss(palette), dark);
      const mode = dark ? "dark" : "light";
      expect({ mode, ...(await menuColours(page, NAME)) }).toEqual({ mode, ...(await expectedMenu(page, palette)) });
    }
    expect(pageErrors(page)).toEqual([]);
  });
});

test("without shadcn's variables latchkey keeps its own palette, light and dark", async () => {
  const page = await (await e2e.newContext()).newPage();
  await open(page, "/handler/sign-in", "Sign in to your account");
  await page.getByRole("tab", { name: "Email & Password" }).click();
  for (const dark of [false, true]) {
    await dress(page, PREFLIGHT_ONLY, dark);
    expect(await signInColours(page)).toEqual(await ownSignIn(page, dark ? "dark" : "light"));
    expect((await focusRing(page)).ring).toEqual(await painted(page, DEFAULT_THEME[dark ? "dark" : "light"].ring!));
  }
  // and the system setting, when the app says nothing
  await dress(page, PREFLIGHT_ONLY, false);
  await page.emulateMedia({ colorScheme: "dark" });
  expect(await signInColours(page)).toEqual(await ownSignIn(page, "dark"));
});

test("a palette under [data-theme=dark] instead of .dark is followed the same way", async () => {
  const page = await (await e2e.newContext()).newPage();
  await open(page, "/handler/sign-in", "Sign in to your account");
  await page.getByRole("tab", { name: "Email & Password" }).click();
  await dress(page, shadcnCss(V4_ROSE).replace(".dark{", "[data-theme=dark]{"), false);
  await page.evaluate(() => document.documentElement.setAttribute("data-theme", "dark"));
  expect((await signInColours(page)).page).toBe(await appColor(page, V4_ROSE.dark.background));
});

test("an explicit <LatchkeyTheme> wins over the app's variables; the app still gives the tokens it leaves out", async () => {
  const context = await e2e.newContext();
  const page = await context.newPage();
  await page.addInitScript((theme) => Object.assign(window, { __E2E_THEME__: theme }), EXPLICIT);
  await open(page, "/handler/sign-in", "Sign in to your account");
  await page.getByRole("tab", { name: "Email & Password" }).click();
  for (const palette of [V4_ROSE, V3_ORANGE]) {
    for (const dark of [true, false]) {
      await dress(page, shadcnCss(palette), dark);
      const mine = EXPLICIT[dark ? "dark" : "light"];
      const app = await expectedSignIn(page, palette);
      const mode = `${palette.form} ${dark ? "dark" : "light"}`;
      expect({ mode, ...(await signInColours(page)) }).toEqual({
        mode,
        ...app,
        page: await appColor(page, mine.background),
        selectedTab: await appColor(page, mine.background),
        button: await appColor(page, mine.primary),
        buttonText: await appColor(page, mine.primaryForeground),
      });
    }
  }
  expect(pageErrors(page)).toEqual([]);
});

/** Saves what `page` shows as test-artifacts/shadcn-theme/<name>.png (and docs/screenshots/shadcn/ on request). */
async function shot(page: Page, name: string): Promise<void> {
  const file = join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file });
  if (process.env.LATCHKEY_UPDATE_SCREENSHOTS === "1") {
    mkdirSync(DOCS, { recursive: true });
    copyFileSync(file, join(DOCS, `${name}.png`));
  }
}

test("screenshots: sign-in, sign-up, account settings and the user menu in a dark (v4) and a light (v3) shadcn app", async () => {
  const looks = [
    { name: "dark", css: shadcnCss(V4_ROSE), dark: true },
    { name: "light", css: shadcnCss(V3_ORANGE), dark: false },
  ];
  const sizes = [
    { name: "desktop", viewport: { width: 1000, height: 720 } },
    { name: "390", viewport: { width: 390, height: 844 } },
  ];
  const visitor = await (await e2e.newContext()).newPage();
  const signedInPage = await member();
  for (const size of sizes) {
    await visitor.setViewportSize(size.viewport);
    await signedInPage.setViewportSize(size.viewport);
    await open(visitor, "/handler/sign-in", "Sign in to your account");
    await visitor.getByRole("textbox", { name: "Email", exact: true }).focus(); // shows the focus ring
    for (const look of looks) {
      await dress(visitor, look.css, look.dark);
      await shot(visitor, `sign-in-${look.name}-${size.name}`);
    }
    await open(visitor, "/handler/sign-up", "Create a new account");
    await visitor.getByRole("tab", { name: "Email & Password" }).click();
    for (const look of looks) {
      await dress(visitor, look.css, look.dark);
      await shot(visitor, `sign-up-${look.name}-${size.name}`);
    }
    await open(signedInPage, "/handler/account-settings", "Account Settings");
    for (const look of looks) {
      await dress(signedInPage, look.css, look.dark);
      await shot(signedInPage, `account-settings-${look.name}-${size.name}`);
    }
    await open(signedInPage, "/protected", "Protected page");
    await signedInPage.getByRole("button", { name: `Account menu for ${NAME}` }).click();
    await signedInPage.getByRole("menu").waitFor();
    for (const look of looks) {
      await dress(signedInPage, look.css, look.dark);
      await shot(signedInPage, `user-menu-${look.name}-${size.name}`);
    }
  }
  expect(pageErrors(visitor)).toEqual([]);
  expect(pageErrors(signedInPage)).toEqual([]);
});
