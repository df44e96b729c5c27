import { known, KnownError } from "../errors";
import { assertValidSource } from "./email-render";
import { findComponent } from "./tsx-component";
import { TsxSyntaxError } from "./tsx-parse";

const VARIABLE_RE = /\bvariables\s*(?:\?\.|\.)\s*([A-Za-z_$][\w$]*)/g;

function checked(source: string): void {
  try {
    if (!findComponent(source, "EmailTemplate")) throw known("TEMPLATE_SOURCE_REWRITE_ERROR", { error: "The source does not export an EmailTemplate component" });
  } catch (e) {
    if (e instanceof TsxSyntaxError) throw known("TEMPLATE_SOURCE_REWRITE_ERROR", { error: `${e.line}:${e.column}: ${e.message}` });
    throw e;
  }
  try {
    assertValidSource(source, "EmailTemplate");
  } catch (e) {
    if (e instanceof KnownError && e.code === "EMAIL_RENDERING_ERROR") throw known("TEMPLATE_SOURCE_REWRITE_ERROR", { error: String(e.details?.error) });
    throw e;
  }
}

/**
 * The emulator's deterministic stand-in for the platform's AI rewrite of a template into standalone draft TSX (the
 * platform asks an AI model; the emulator runs none). A draft is sent without variables, so every
 * `variables.<name>` read becomes the visible placeholder string `"{{name}}"`; everything else is kept as written.
 * The source must be a valid template before and after (`TEMPLATE_SOURCE_REWRITE_ERROR` with the problem otherwise).
 *
 * @example
 * rewriteTemplateForDraft('export function EmailTemplate({ variables }) { return <p>{variables.code}</p>; }');
 * // 'export function EmailTemplate({ variables }) { return <p>{"{{code}}"}</p>; }'
 */
export function rewriteTemplateForDraft(source: string): string {
  checked(source);
  const rewritten = source.replace(VARIABLE_RE, (_, name: string) => JSON.stringify(`{{${name}}}`));
  checked(rewritten);
  return rewritten;
}
