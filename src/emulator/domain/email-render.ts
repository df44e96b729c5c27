import { known } from "../errors";
import { PLATFORM_EMPTY_THEME_SOURCE } from "./email-defaults";
import { findComponent, runComponent, staticProperty, type SourceComponent } from "./tsx-component";
import { TsxSyntaxError } from "./tsx-parse";
import { Markup, SlotMarkup, SourceRuntimeError, type RenderContext } from "./tsx-render";

/**
 * The values a template or theme may read: `project.displayName`, `user.displayName`, `variables.<name>` (template)
 * and `unsubscribeLink`, `projectLogos` (theme).
 *
 * @example
 * const scope: RenderScope = { project: { displayName: "Shop" }, user: { displayName: null }, variables: { otp: "ABC123" } };
 */
export interface RenderScope {
  project: { displayName: string };
  user: { displayName: string | null };
  variables: Record<string, unknown>;
  unsubscribeLink?: string;
  projectLogos?: { logoUrl?: string; logoFullUrl?: string; logoDarkModeUrl?: string; logoFullDarkModeUrl?: string };
}

/**
 * A rendered e-mail.
 *
 * @example
 * const { html, subject } = renderEmail({ templateSource, themeSource, scope });
 */
export interface RenderedEmail {
  html: string;
  text: string;
  subject: string | undefined;
  notificationCategory: string | undefined;
}

/** The document type react-email's `render` puts before every e-mail (as on the platform). */
const DOCTYPE = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/** A failure as the platform reports it: `EMAIL_RENDERING_ERROR` with the renderer's words in `details.error`. */
const renderingError = (error: string) => known("EMAIL_RENDERING_ERROR", { error });

/** Syntax errors, worded like the platform's bundler (`Build failed with 2 errors:` + `virtual:/<file>:<line>:<col>: ERROR: …`). */
function buildError(file: string, e: TsxSyntaxError) {
  const all = [...e.earlier, e];
  const lines = all.map((x) => `virtual:/${file}:${x.line}:${x.column}: ERROR: ${x.message}`);
  return renderingError(`Build failed with ${all.length} error${all.length === 1 ? "" : "s"}:\n${lines.join("\n")}`);
}

/** A render-time failure: the platform returns its sandbox's error object as JSON. */
const runtimeError = (message: string) => renderingError(JSON.stringify({ message }));

function load(source: string, name: "EmailTheme" | "EmailTemplate"): SourceComponent | null {
  try {
    return findComponent(source, name);
  } catch (e) {
    if (e instanceof TsxSyntaxError) throw buildError(name === "EmailTheme" ? "theme.tsx" : "template.tsx", e);
    if (e instanceof RangeError) throw runtimeError(e.message);
    throw e;
  }
}

function run(c: SourceComponent, file: string, props: Record<string, unknown>, ctx: RenderContext): string {
  try {
    const value = runComponent(c, props, ctx);
    if (value === null || value === undefined || typeof value === "boolean") return "";
    if (value instanceof Markup) return value.html;
    return String(value).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  } catch (e) {
    if (e instanceof TsxSyntaxError) throw buildError(file, e);
    // a thrown error, or one the evaluation itself ran into (e.g. a stack overflow on very deep JSX)
    if (e instanceof SourceRuntimeError || e instanceof RangeError) throw runtimeError(e.message);
    throw e;
  }
}

/** The one `<Subject>`/`<NotificationCategory>` value of a template, checked like the platform checks it. */
function capturedValue(ctx: RenderContext, name: "Subject" | "NotificationCategory"): string | undefined {
  const values = ctx.captured[name] ?? [];
  if (values.length === 0) return undefined;
  if (values.length !== 1) throw runtimeError(`Expected exactly one occurrence of component "${name}", found ${values.length}.`);
  if (typeof values[0] !== "string") throw runtimeError(`The "value" prop of "${name}" must be a string.`);
  return values[0];
}

/** Plain text of the HTML (head and comments, such as a button's Outlook spacing, dropped; block ends as line breaks). */
function plainText(html: string): string {
  return html
    .replace(/<head>[\s\S]*?<\/head>/, "")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<br\s*\/?>/g, "\n")
    .replace(/<\/(p|div|h\d|tr|table)>/g, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{2,}/g, "\n")
    .trim()
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/**
 * Renders a template (or plain HTML content) inside a theme (`null` = the platform's empty theme) the way the
 * platform does, without running code: the sources are parsed and their JSX evaluated (see `tsx-parse.ts` and
 * `tsx-render.ts`). `preview` is the platform's preview mode (`render-email`, template and theme saves): the
 * template's `PreviewVariables` fill in missing variables and the theme's `PreviewProps` (its preview unsubscribe
 * link) are used. Inside the theme's `<Tailwind>` the template's and theme's Tailwind classes become inline styles,
 * as the platform's react-email `<Tailwind>` leaves them (`email-tailwind.ts`). Errors are `EMAIL_RENDERING_ERROR`
 * with the problem in `details.error`: a theme without an `EmailTheme` export gets the platform's build error word
 * for word; syntax errors name the file, line and column.
 *
 * @example
 * const r = renderEmail({ templateSource: tpl.tsxSource, themeSource: theme?.tsxSource ?? null, scope });
 */
export function renderEmail(o: { templateSource?: string; html?: string; themeSource: string | null; scope: RenderScope; preview?: boolean }): RenderedEmail {
  const themeSource = o.themeSource ?? PLATFORM_EMPTY_THEME_SOURCE;
  const theme = load(themeSource, "EmailTheme");
  const template = o.templateSource !== undefined ? load(o.templateSource, "EmailTemplate") : null;
  if (!theme) throw renderingError('Build failed with 1 error:\nvirtual:/render.tsx:9:9: ERROR: No matching export in "virtual:/theme.tsx" for import "EmailTheme"');
  const ctx: RenderContext = { captured: {}, collect: true };
  let content = o.html ?? "";
  // the template as the platform's <Tailwind> would leave it (HTML content is not JSX: it stays as it is)
  let styled = content;
  if (o.templateSource !== undefined) {
    if (!template) {
      throw runtimeError(
        "Element type is invalid: expected a string (for built-in components) or a class/function (for composite components) but got: undefined. You likely forgot to export your component from the file it's defined in, or you might have mixed up default and named imports.",
      );
    }
    const previewVariables = o.preview ? staticProperty(o.templateSource, "EmailTemplate", "PreviewVariables") : undefined;
    const variables = { ...(previewVariables && typeof previewVariables === "object" ? previewVariables : {}), ...o.scope.variables };
    const props = { user: o.scope.user, project: o.scope.project, variables };
    content = run(template, "template.tsx", props, ctx);
    styled = run(template, "template.tsx", props, { captured: {}, collect: false, tailwind: true });
  }
  const previewProps = o.preview ? staticProperty(themeSource, "EmailTheme", "PreviewProps") : undefined;
  const themeProps = {
    unsubscribeLink: o.scope.unsubscribeLink,
    projectLogos: o.scope.projectLogos ?? {},
    ...(previewProps && typeof previewProps === "object" ? previewProps : {}),
    children: new SlotMarkup(content, styled),
  };
  const body = run(theme, "theme.tsx", themeProps, { captured: {}, collect: false });
  const subject = capturedValue(ctx, "Subject");
  const notificationCategory = capturedValue(ctx, "NotificationCategory");
  const html = DOCTYPE + body;
  return { html, text: plainText(body), subject, notificationCategory };
}

/**
 * Checks that a template (`"EmailTemplate"`) or theme (`"EmailTheme"`) source renders, by rendering it in preview
 * mode (a theme with the platform's preview template, a template in the empty theme). Throws
 * `EMAIL_RENDERING_ERROR` with `details.error` otherwise.
 *
 * @example
 * assertValidSource(body.tsx_source, "EmailTemplate");
 */
export function assertValidSource(source: string, component: "EmailTemplate" | "EmailTheme", previewTemplate?: string): void {
  const scope: RenderScope = { project: { displayName: "My Project" }, user: { displayName: "John Doe" }, variables: {} };
  if (component === "EmailTheme") renderEmail({ templateSource: previewTemplate, themeSource: source, scope, preview: true });
  else renderEmail({ templateSource: source, themeSource: null, scope, preview: true });
}
