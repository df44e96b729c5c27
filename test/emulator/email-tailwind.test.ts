import fixture from "../../fixtures/email-render/react-email.json";
import * as defaults from "../../src/emulator/domain/email-defaults";
import { renderEmail, type RenderScope } from "../../src/emulator/domain/email-render";
import { inlineTailwind, tailwindStyle } from "../../src/emulator/domain/email-tailwind";

// The platform renders e-mails with react-email's `render` around the theme and template, and the themes wrap
// everything in react-email's `<Tailwind>`, which turns Tailwind classes into inline `style` attributes and drops
// the converted classes from `class` (apps/backend/src/lib/email-rendering.tsx: renderEmailWithTemplate, with
// `"@react-email/components": "1.0.6"` in its nodeModules; the default themes and templates are
// packages/stack-shared/src/helpers/emails.ts). The fixture holds what that renderer made from the default sources
// and the styles it gives sample classes; scripts/gen-email-tailwind.mjs made it with @react-email/components 1.0.6,
// react 19.1.1 and react-dom 19.1.1, the versions the platform pins (not the newest components release: the platform
// installs this one).

type Case = (typeof fixture.renders)[number];
const named = defaults as unknown as Record<string, string>;
const sourceOf = (key: string) =>
  [...defaults.PLATFORM_DEFAULT_THEMES, ...defaults.PLATFORM_DEFAULT_TEMPLATES].find((s) => s.id === key)?.tsxSource ?? named[key];

/**
 * What React 19's document renderer adds by itself is not part of what the emulator matches: text-node separators
 * (`<!-- -->`), the suspense boundary of `<Tailwind>` (`<!--$-->`, `<!--/$-->`, `<!--7-->`), an empty `<head>` in
 * a document without one, and image preload links in the head. Outlook's conditional comments stay.
 */
const withoutReactMarkers = (html: string) =>
  html
    .replace(/<!--(?: |\$|\/\$|\d+)-->/g, "")
    .replace(/<link rel="preload" as="image" href="[^"]*"\/>/g, "")
    .replace("<head></head>", "");

function emulatorHtml(c: Case): string {
  const scope: RenderScope = { project: { displayName: "My Project" }, user: { displayName: "John Doe" }, variables: {}, ...c.themeProps };
  return renderEmail({ templateSource: sourceOf(c.template), themeSource: sourceOf(c.theme), scope, preview: true }).html;
}

describe("e-mails rendered like the platform's react-email <Tailwind>", () => {
  test.each(fixture.renders.map((c) => [c.name, c] as const))("%s: the platform's HTML, classes as inline styles", (_name, c) => {
    expect(withoutReactMarkers(emulatorHtml(c))).toBe(withoutReactMarkers(c.html));
  });

  test("no Tailwind class of a default template or theme is left in a class attribute", () => {
    for (const c of fixture.renders) expect(emulatorHtml(c)).not.toMatch(/ class="/);
    const dark = emulatorHtml(fixture.renders.find((c) => c.name.includes("Default Dark"))!);
    expect(dark).toContain('<body style="background-color:rgb(50,50,50);margin:0">');
    expect(dark).not.toContain("bg-[#323232]");
  });

  test.each(Object.entries(fixture.samples))("%s is styled as the platform styles it", (className, style) => {
    expect(tailwindStyle(className)).toEqual(style);
    expect(Object.keys(tailwindStyle(className)!)).toEqual(Object.keys(style));
  });

  test("unknown classes stay in class; the element's own style comes after and wins", () => {
    expect(inlineTailwind({ className: " hero p-4 md:p-8 ", style: { padding: "3px", color: "red" } })).toEqual({
      className: "hero md:p-8",
      style: { padding: "3px", color: "red" },
    });
    expect(inlineTailwind({ className: "p-4 text-[#abc]" })).toEqual({ className: undefined, style: { padding: "1rem", color: "rgb(170,187,204)" } });
    for (const c of ["bg-[red]", "p-[calc(1px)]", "text-[50%]", "w-1.25", "max-w-4", "opacity-101", "constructor"]) expect(tailwindStyle(c)).toBeUndefined();
  });

  test("outside <Tailwind> classes stay as they are", () => {
    const themeSource = "export function EmailTheme({ children }) { return <html><body className=\"p-4\">{children}</body></html>; }";
    const templateSource = 'export function EmailTemplate() { return <p className="text-sm">Hi</p>; }';
    const { html } = renderEmail({ templateSource, themeSource, scope: { project: { displayName: "P" }, user: { displayName: null }, variables: {} } });
    expect(html).toContain('<body class="p-4"><p class="text-sm">Hi</p></body>');
  });

  test("a button whose padding would need an endless Outlook spacer is a rendering error, not a hang", () => {
    const templateSource = 'import { Button } from "@react-email/components"; export function EmailTemplate() { return <Button style={{ paddingLeft: 1e12 }}>Go</Button>; }';
    expect(() => renderEmail({ templateSource, themeSource: null, scope: { project: { displayName: "P" }, user: { displayName: null }, variables: {} } })).toThrow(
      expect.objectContaining({ code: "EMAIL_RENDERING_ERROR" }),
    );
  });
});
