import { DEFAULT_EMAIL_TEMPLATES, DEFAULT_EMAIL_THEMES, LightEmailTheme, defaultNewTemplateSource } from "@stackframe/stack-shared/dist/helpers/emails";
import type { RunningEmulator } from "../../src/emulator";
import { call, expectKnown, startTestEmulator } from "./helpers";

// The platform's default e-mail sources (compared with the official SDK's copy of them), how they render, and the
// platform's render errors. The expected error texts for the two broken themes below are the platform's answers to
// the same sources (its own end-to-end snapshots).

let em: RunningEmulator;
beforeAll(async () => {
  em = await startTestEmulator();
  const r = await admin("/internal/projects/current", { config: { email_config: { type: "standard", host: "smtp.example.com", port: 587, username: "u", password: "p", sender_name: "Demo", sender_email: "demo@example.com" } } }, "PATCH");
  expect(r.status).toBe(200);
});
afterAll(() => em.stop());

const admin = (path: string, body?: unknown, method?: string) => call(em, path, { access: "admin", body, method });
const LIGHT = "1df07ae6-abf3-4a40-83a5-a1a2cbe336ac";
const VERIFICATION = "e7d009ce-8d47-4528-b245-5bf119f2ffa3";
const projectName = () => em.core.store.projects.get(em.projectId)!.displayName;

describe("the platform's default sources", () => {
  test("each default theme's source, as the admin API returns it, is the platform's", async () => {
    const listed = (await admin("/internal/email-themes")).json.themes as { id: string; display_name: string }[];
    expect(listed.map((t) => [t.id, t.display_name])).toEqual(Object.entries(DEFAULT_EMAIL_THEMES).map(([id, t]) => [id, t.displayName]));
    for (const [id, theme] of Object.entries(DEFAULT_EMAIL_THEMES)) {
      const read = await admin(`/internal/email-themes/${id}`);
      expect(read.json).toEqual({ id, display_name: theme.displayName, tsx_source: theme.tsxSource });
    }
  });

  test("the default templates are the platform's (ids, names, sources, in order); new ones start from the platform's sources", async () => {
    const templates = (await admin("/internal/email-templates")).json.templates as { id: string; display_name: string; tsx_source: string }[];
    expect(templates.map((t) => ({ id: t.id, display_name: t.display_name, tsx_source: t.tsx_source }))).toEqual(
      Object.entries(DEFAULT_EMAIL_TEMPLATES).map(([id, t]) => ({ id, display_name: t.displayName, tsx_source: t.tsxSource })),
    );
    const theme = (await admin("/internal/email-themes", { display_name: "Brand" })).json.id;
    expect((await admin(`/internal/email-themes/${theme}`)).json.tsx_source).toBe(LightEmailTheme);
    const template = (await admin("/internal/email-templates", { display_name: "Welcome" })).json.id;
    const created = (await admin("/internal/email-templates")).json.templates.find((t: { id: string }) => t.id === template);
    expect(created.tsx_source).toBe(defaultNewTemplateSource);
  });
});

describe("rendering the default theme", () => {
  test("a default template in the light theme: the project name, the theme's styles and its unsubscribe link", async () => {
    const r = await admin("/emails/render-email", { template_id: VERIFICATION, theme_id: LIGHT });
    expect(r.status).toBe(200);
    expect(r.json.subject).toBe(`Verify your email at ${projectName()}`);
    expect(r.json.notification_category).toBe("Transactional");
    const html: string = r.json.html;
    expect(html.startsWith('<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN"')).toBe(true);
    expect(html).toContain(`Verify your email at ${projectName()}</h3>`);
    expect(html).toContain("Hi, John Doe! Please click on the following button to verify your email.");
    // Tailwind classes and style objects as inline styles, in the platform's property order (react-email's <Body>
    // keeps the background and margins on <body> and puts the whole style on its table cell)
    expect(html).toContain('<body style="background-color:rgb(250,251,251);margin:0">');
    expect(html).toContain(
      '<td style="background-color:rgb(250,251,251);font-family:ui-sans-serif,system-ui,sans-serif,&quot;Apple Color Emoji&quot;,&quot;Segoe UI Emoji&quot;,&quot;Segoe UI Symbol&quot;,&quot;Noto Color Emoji&quot;;font-size:1rem;line-height:1.5;margin:0px;padding:0px;overflow-x:hidden">',
    );
    expect(html).toMatch(/style="max-width:600px;background-color:rgb\(255,255,255\);padding:45px;[^"]*;width:100%"/);
    // the {unsubscribeLink && (…)} section with the theme's preview link
    expect(html).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer" style="color:rgb(21,93,252)">Click here</a> to unsubscribe from these emails');
    // the template's preview link on its button
    expect(html).toMatch(/<a href="#" style="line-height:100%;[^"]*" target="_blank">.*Verify my email<\/span>/);
    expect(html).not.toContain(' class="');
  });

  test("<ProjectLogo> shows the project's logo in light themes and the dark logo in the dark theme; none without logos", async () => {
    const template = { template_tsx_source: 'export function EmailTemplate() { return <p>Body</p>; }' };
    expect((await admin("/emails/render-email", { ...template, theme_id: LIGHT })).json.html).not.toContain("<img");
    const project = em.core.store.projects.get(em.projectId)!;
    project.logoUrl = "https://cdn.example.com/logo.png";
    project.logoFullDarkModeUrl = "https://cdn.example.com/full-dark.png";
    try {
      const img = 'style="display:block;outline:none;border:none;text-decoration:none;height';
      expect((await admin("/emails/render-email", { ...template, theme_id: LIGHT })).json.html).toContain(
        `<div style="display:flex;gap:0.5rem;align-items:center"><img alt="Logo" src="https://cdn.example.com/logo.png" ${img}:2rem"/></div><p>Body</p>`,
      );
      const dark = (await admin("/emails/render-email", { ...template, theme_id: "a0172b5d-cff0-463b-83bb-85124697373a" })).json.html;
      expect(dark).toContain(`<img alt="Full Logo" src="https://cdn.example.com/full-dark.png" ${img}:4rem"/><p>Body</p>`);
    } finally {
      project.logoUrl = null;
      project.logoFullDarkModeUrl = null;
    }
  });

  test("a sent template e-mail is rendered in the theme with the user's name, the variables and the project name", async () => {
    const email = `grace-${Date.now()}@example.com`;
    const user = (await call(em, "/users", { access: "server", body: { primary_email: email, primary_email_verified: true, display_name: "Grace" } })).json.id;
    const sent = await call(em, "/emails/send-email", { access: "server", body: { user_ids: [user], template_id: VERIFICATION, variables: { emailVerificationLink: "https://app.example.com/verify?code=abc" } } });
    expect(sent.status).toBe(200);
    const mail = em.outbox.list({ to: email }).at(-1)!;
    expect(mail.subject).toBe(`Verify your email at ${projectName()}`);
    expect(mail.html).toContain("Hi, Grace! Please click on the following button to verify your email.");
    expect(mail.html).toContain('href="https://app.example.com/verify?code=abc"');
    expect(mail.html).toContain(';overflow-x:hidden">');
    // a real send passes the theme an unsubscribe link, so the theme's conditional section is there
    expect(mail.html).toMatch(/<a href="[^"]+" target="_blank" rel="noopener noreferrer" style="color:rgb\(21,93,252\)">Click here<\/a> to unsubscribe from these emails/);
  });
});

describe("render errors as on the platform", () => {
  test("a theme without an EmailTheme export: the platform's build error in details.error", async () => {
    const source = `
            import { Html } from '@react-email/components';
            export function WrongFunctionName({ children }: { children: React.ReactNode }) {
              return <Html>{children}</Html>;
            }
          `;
    const body = expectKnown(await admin(`/internal/email-themes/${LIGHT}`, { tsx_source: source }, "PATCH"), 400, "EMAIL_RENDERING_ERROR");
    const error = 'Build failed with 1 error:\nvirtual:/render.tsx:9:9: ERROR: No matching export in "virtual:/theme.tsx" for import "EmailTheme"';
    expect(body).toEqual({ code: "EMAIL_RENDERING_ERROR", details: { error }, error: `Failed to render email with theme: ${error}` });
  });

  test("a theme with broken JSX: the platform's two bundler errors, positions included", async () => {
    const source = `
            export function EmailTheme({ children }) {
              return <div><span>unclosed tag
            }
          `;
    const body = expectKnown(await admin(`/internal/email-themes/${LIGHT}`, { tsx_source: source }, "PATCH"), 400, "EMAIL_RENDERING_ERROR");
    const error = [
      "Build failed with 2 errors:",
      'virtual:/theme.tsx:4:12: ERROR: The character "}" is not valid inside a JSX element',
      'virtual:/theme.tsx:5:10: ERROR: Unexpected end of file before a closing "span" tag',
    ].join("\n");
    expect(body).toEqual({ code: "EMAIL_RENDERING_ERROR", details: { error }, error: `Failed to render email with theme: ${error}` });
  });

  test("a theme that throws: its message in the error and in details.error", async () => {
    const source = `
            import { Html } from '@react-email/components';
            export function EmailTheme({ children }: { children: React.ReactNode }) {
              throw new Error('Intentional error from theme');
            }
          `;
    const body = expectKnown(await admin(`/internal/email-themes/${LIGHT}`, { tsx_source: source }, "PATCH"), 400, "EMAIL_RENDERING_ERROR");
    expect(body.error).toContain("Intentional error from theme");
    expect(String(body.details?.error)).toContain("Intentional error from theme");
  });

  test("a theme that returns no JSX renders nothing and is accepted, as on the platform (React renders null)", async () => {
    const id = (await admin("/internal/email-themes", { display_name: "Blank" })).json.id;
    for (const source of ["export function EmailTheme() { return null; }", "export function EmailTheme({ children }) {}"]) {
      expect((await admin(`/internal/email-themes/${id}`, { tsx_source: source }, "PATCH")).json).toEqual({ display_name: "Blank" });
      const r = await admin("/emails/render-email", { template_id: VERIFICATION, theme_tsx_source: source });
      expect(r.json).toMatchObject({ subject: `Verify your email at ${projectName()}` });
      expect(r.json.html).not.toContain("Verify my email");
    }
    expect((await admin(`/internal/email-themes/${id}`)).json.tsx_source).toBe("export function EmailTheme({ children }) {}");
  });
});
