// Regenerates what the emulator knows of the platform's Tailwind-to-inline-style step, from the platform's own
// renderer: src/emulator/domain/email-tailwind-classes.ts (the inline styles of the named Tailwind classes) and
// fixtures/email-render/react-email.json (e-mails the platform's renderer made from the default templates and
// themes, and the inline styles of sample classes; test/emulator/email-tailwind.test.ts compares the emulator with
// them).
//
// The platform renders e-mails with @react-email/components 1.0.6, react 19.1.1 and react-dom 19.1.1
// (apps/backend/src/lib/email-rendering.tsx, `nodeModules`). They are not dependencies of this package: install
// them in a scratch folder and name it, e.g.
//   npm install --prefix /tmp/react-email @react-email/components@1.0.6 react@19.1.1 react-dom@19.1.1
//   REACT_EMAIL_DIR=/tmp/react-email node scripts/gen-email-tailwind.mjs
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as esbuild from "esbuild";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const DIR = process.env.REACT_EMAIL_DIR;
if (!DIR) throw new Error("REACT_EMAIL_DIR must name a folder with @react-email/components@1.0.6, react@19.1.1, react-dom@19.1.1 installed");
const requireThere = createRequire(join(DIR, "package.json"));
const importThere = (name) => import(pathToFileURL(requireThere.resolve(name)).href);
// inside the folder, so that the rendered modules find its packages
const SCRATCH = mkdtempSync(join(DIR, "gen-email-tailwind-"));

/** The emulator's copy of the platform's default sources. */
async function defaults() {
  const out = join(SCRATCH, "defaults.mjs");
  await esbuild.build({ entryPoints: [join(ROOT, "src/emulator/domain/email-defaults.ts")], outfile: out, format: "esm", logLevel: "error" });
  return import(pathToFileURL(out).href);
}

// The platform's @stackframe/emails package as its renderer bundles it (email-rendering.tsx, stackframeEmailsPackage).
const EMAILS_PACKAGE = `
import React from 'react';
import { Img } from '@react-email/components';
export const Subject = () => null;
export const NotificationCategory = () => null;
export function Logo(props) { return React.createElement("div", { className: "flex gap-2 items-center" }, React.createElement(Img, { src: props.logoUrl, alt: "Logo", className: "h-8" })); }
export function FullLogo(props) { return React.createElement(Img, { src: props.logoFullUrl, alt: "Full Logo", className: "h-16" }); }
export function ProjectLogo(props) {
  const { mode = "light" } = props;
  const { logoUrl, logoFullUrl, logoDarkModeUrl, logoFullDarkModeUrl } = props.data ?? {};
  if (mode === "dark" && logoFullDarkModeUrl) return React.createElement(FullLogo, { logoFullUrl: logoFullDarkModeUrl });
  if (mode === "dark" && logoDarkModeUrl) return React.createElement(Logo, { logoUrl: logoDarkModeUrl });
  if (mode === "light" && logoFullUrl) return React.createElement(FullLogo, { logoFullUrl });
  if (mode === "light" && logoUrl) return React.createElement(Logo, { logoUrl });
  return null;
}`;

let renders = 0;
/** A template in a theme, rendered like the platform's preview (`renderEmailWithTemplate` with preview mode). */
async function render(templateSource, themeSource, themeProps) {
  const dir = join(SCRATCH, `render-${++renders}`);
  mkdirSync(dir);
  writeFileSync(join(dir, "template.tsx"), templateSource);
  writeFileSync(join(dir, "theme.tsx"), themeSource);
  writeFileSync(join(dir, "emails.js"), EMAILS_PACKAGE);
  writeFileSync(join(dir, "arktype.js"), "export const type = () => (v) => v;");
  writeFileSync(
    join(dir, "render.tsx"),
    `import { render } from '@react-email/components';
import { EmailTemplate } from "./template.tsx";
import { EmailTheme } from "./theme.tsx";
export const html = () => render(
  <EmailTheme {...${JSON.stringify(themeProps)}} {...(EmailTheme.PreviewProps ?? {})}>
    <EmailTemplate variables={EmailTemplate.PreviewVariables ?? {}} user={{ displayName: "John Doe" }} project={{ displayName: "My Project" }} />
  </EmailTheme>,
);`,
  );
  await esbuild.build({
    entryPoints: [join(dir, "render.tsx")],
    outfile: join(dir, "render.mjs"),
    bundle: true,
    format: "esm",
    platform: "node",
    jsx: "automatic",
    external: ["react", "react-dom", "react/jsx-runtime", "@react-email/components"],
    alias: { arktype: join(dir, "arktype.js"), "@stackframe/emails": join(dir, "emails.js") },
    nodePaths: [join(DIR, "node_modules")],
    logLevel: "error",
  });
  return (await import(pathToFileURL(join(dir, "render.mjs")).href)).html();
}

/** The inline style react-email gives each class alone (its `inlineStyles` on the sanitized sheet of all of them). */
async function stylesOf(classes) {
  const tailwind = await importThere("@react-email/tailwind");
  const setup = await tailwind.setupTailwind({});
  setup.addUtilities(classes);
  const sheet = setup.getStyleSheet();
  tailwind.sanitizeStyleSheet(sheet);
  return Object.fromEntries(classes.map((c) => [c, tailwind.inlineStyles(sheet, [c])]));
}

// Named classes the table holds besides the defaults' own: the theme's font weights, sizes and alignments.
const NAMED = [
  ..."thin extralight light normal medium semibold bold extrabold black".split(" ").map((w) => `font-${w}`),
  ..."xs sm base lg xl 2xl 3xl 4xl 5xl 6xl".split(" ").map((s) => `text-${s}`),
  ..."left center right justify".split(" ").map((a) => `text-${a}`),
  "font-sans", "font-serif", "font-mono", "underline", "no-underline", "line-through", "italic", "uppercase", "lowercase", "capitalize",
  "block", "inline-block", "inline", "flex", "hidden", "text-white", "text-black", "bg-white", "bg-black", "bg-transparent",
];
// Classes the emulator styles by rule (email-tailwind.ts), checked against the platform's styles for them.
const SAMPLES = [
  ..."p-0 p-1 p-1.5 p-2.5 p-7 p-12 px-3 px-0.5 py-2 py-10 pt-3 pr-4 pb-5 pl-6 m-0 m-2 mx-3 my-4 mt-6 mr-1 mb-8 ml-0.5 gap-4 w-4 h-6 w-0 h-0 gap-0 px-0 mt-0".split(" "),
  ..."m-auto mx-auto my-auto mt-auto ml-auto w-auto h-auto w-full h-full max-w-full min-h-full".split(" "),
  ..."p-[10px] px-[3px] py-[7px] pt-[1px] pr-[2rem] pb-[5%] pl-[8px] m-[2px] mx-[4px] my-[6px] mt-[12px] gap-[6px]".split(" "),
  ..."w-[600px] h-[40px] max-w-[600px] min-h-[10px] text-[18px] text-[1.5rem] rounded-[8px] rounded-[50%]".split(" "),
  ..."tracking-[1px] tracking-[-0.5px] leading-[20px] leading-[2] opacity-0 opacity-5 opacity-75 opacity-100".split(" "),
  ..."text-[#abc] text-[#0a0b0c] bg-[#11223344] bg-[#abcd] bg-[#FFFFFF] border-[#ff0000]".split(" "),
];

const { PLATFORM_DEFAULT_THEMES: themes, PLATFORM_DEFAULT_TEMPLATES: templates, ...sources } = await defaults();
const all = [...themes, ...templates].map((s) => s.tsxSource).concat([sources.PLATFORM_NEW_TEMPLATE_SOURCE, sources.PLATFORM_PREVIEW_TEMPLATE_SOURCE, EMAILS_PACKAGE]);
const used = new Set(all.flatMap((s) => [...s.matchAll(/className: ?"([^"]*)"|className="([^"]*)"/g)].flatMap((m) => (m[1] ?? m[2]).trim().split(/\s+/))));
const named = [...new Set([...used, ...NAMED])].sort();
const table = await stylesOf(named);

const source = (id) => [...themes, ...templates].find((s) => s.id === id)?.tsxSource ?? sources[id];
const LIGHT = themes[0].id;
const cases = [
  ...templates.map((t) => ({ name: `${t.displayName} in ${themes[0].displayName}`, template: t.id, theme: LIGHT, themeProps: {} })),
  ...themes.map((t) => ({ name: `the theme preview in ${t.displayName}`, template: "PLATFORM_PREVIEW_TEMPLATE_SOURCE", theme: t.id, themeProps: {} })),
  { name: "a new template in the empty theme", template: "PLATFORM_NEW_TEMPLATE_SOURCE", theme: "PLATFORM_EMPTY_THEME_SOURCE", themeProps: {} },
  { name: "a logo in a light theme", template: "PLATFORM_NEW_TEMPLATE_SOURCE", theme: LIGHT, themeProps: { projectLogos: { logoUrl: "https://cdn.example.com/logo.png" } } },
  { name: "a full dark logo in the dark theme", template: "PLATFORM_NEW_TEMPLATE_SOURCE", theme: themes[1].id, themeProps: { projectLogos: { logoFullDarkModeUrl: "https://cdn.example.com/full-dark.png" } } },
];
for (const c of cases) c.html = await render(source(c.template), source(c.theme), c.themeProps);

const banner = "// Generated by scripts/gen-email-tailwind.mjs from the platform's renderer (@react-email/components 1.0.6). Do not edit: run the script.";
const rows = named.map((c) => `  ${JSON.stringify(c)}: ${JSON.stringify(table[c])},`).join("\n");
writeFileSync(
  join(ROOT, "src/emulator/domain/email-tailwind-classes.ts"),
  `${banner}

/**
 * The inline style the platform's e-mail renderer (react-email's \`<Tailwind>\`, Tailwind CSS 4) gives each named
 * class: React style keys and values, in its order, colors as \`rgb(…)\`. Holds every class of the default templates
 * and themes and of \`<ProjectLogo>\`, and the theme's font weights, sizes and alignments; spacing steps and
 * arbitrary values (\`bg-[#323232]\`) are computed by \`tailwindStyle\` (email-tailwind.ts).
 *
 * @example
 * TAILWIND_CLASS_STYLES["text-blue-600"]; // { color: "rgb(21,93,252)" }
 */
export const TAILWIND_CLASS_STYLES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
${rows}
};
`,
);
const samples = await stylesOf(SAMPLES);
mkdirSync(join(ROOT, "fixtures/email-render"), { recursive: true });
writeFileSync(join(ROOT, "fixtures/email-render/react-email.json"), `${JSON.stringify({ renderer: "@react-email/components 1.0.6", samples, renders: cases }, null, 1)}\n`);
rmSync(SCRATCH, { recursive: true, force: true });
console.log(`${named.length} named classes, ${SAMPLES.length} samples, ${cases.length} renders`);
