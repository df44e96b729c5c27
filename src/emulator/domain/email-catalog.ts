import type { Store } from "../store/store";
import { newId } from "../util/random";

/**
 * Key of the e-mail theme/template records in `store.extra`.
 *
 * @example
 * store.extra[EMAIL_CATALOG_FAMILY];
 */
export const EMAIL_CATALOG_FAMILY = "email-catalog";

/**
 * An e-mail theme or template of a project (TSX source kept as text; see `email-render.ts` for what is understood).
 * `themeId` (templates only): a theme id, `false` for "no theme", `undefined` for the project's selected theme.
 *
 * @example
 * const t: EmailCatalogRecord = { kind: "theme", projectId, id, displayName: "Brand", tsxSource };
 */
export interface EmailCatalogRecord {
  kind: "theme" | "template";
  projectId: string;
  id: string;
  displayName: string;
  tsxSource: string;
  themeId?: string | false;
}

interface SeededMarker {
  kind: "seeded";
  projectId: string;
}

/**
 * The platform's notification categories (fixed ids; Transactional cannot be disabled).
 *
 * @example
 * NOTIFICATION_CATEGORIES.find((c) => c.name === "Marketing")?.id;
 */
export const NOTIFICATION_CATEGORIES = [
  { id: "7bb82d33-2f54-4a3d-9d23-82739e0d66ef", name: "Transactional", defaultEnabled: true, canDisable: false },
  { id: "4f6f8873-3d04-46bd-8bef-18338b1a1b4c", name: "Marketing", defaultEnabled: true, canDisable: true },
] as const;

/**
 * Ids of the three built-in themes (the platform's ids).
 *
 * @example
 * DEFAULT_THEME_IDS.light; // "1df07ae6-…"
 */
export const DEFAULT_THEME_IDS = {
  light: "1df07ae6-abf3-4a40-83a5-a1a2cbe336ac",
  dark: "a0172b5d-cff0-463b-83bb-85124697373a",
  colorful: "c7e2d94f-8a1b-4e6d-b3f5-9d0a2e7c1b8f",
} as const;

const theme = (background: string, color: string) => `import { Html, Body, Container } from "@react-email/components";

export function EmailTheme({ children, unsubscribeLink }) {
  return (
    <Html>
      <Body style="background:${background};color:${color};font-family:sans-serif">
        <Container>{children}</Container>
        <p><a href={unsubscribeLink}>Unsubscribe</a></p>
      </Body>
    </Html>
  );
}
`;

const template = (subject: string, heading: string, line: string, link: string, label: string) => `import { Section, Heading, Button } from "@react-email/components";
import { Subject, NotificationCategory } from "@stackframe/emails";

export function EmailTemplate({ user, project, variables }) {
  return (
    <>
      <Subject value={${subject}} />
      <NotificationCategory value="Transactional" />
      <Section>
        <Heading>${heading}</Heading>
        <p>${line}</p>
        <Button href={variables.${link}}>${label}</Button>
      </Section>
    </>
  );
}
`;

const DEFAULT_THEMES: [string, string, string][] = [
  [DEFAULT_THEME_IDS.light, "Default Light", theme("#ffffff", "#111111")],
  [DEFAULT_THEME_IDS.dark, "Default Dark", theme("#111111", "#eeeeee")],
  [DEFAULT_THEME_IDS.colorful, "Default Colorful", theme("#fdf2f8", "#4c1d95")],
];

const DEFAULT_TEMPLATES: [string, string, string][] = [
  ["e7d009ce-8d47-4528-b245-5bf119f2ffa3", "Email Verification", template('"Verify your email at " + project.displayName', "Verify your e-mail at {project.displayName}", "Please confirm your e-mail address.", "emailVerificationLink", "Verify my e-mail")],
  ["a70fb3a4-56c1-4e42-af25-49d25603abd0", "Password Reset", template('"Reset your password at " + project.displayName', "Reset your password", "Use the button below to choose a new password.", "passwordResetLink", "Reset my password")],
  ["822687fe-8d0a-4467-a0d1-416b6e639478", "Magic Link/OTP", template('"Sign in to " + project.displayName + ": your code is " + variables.otp', "Sign in to {project.displayName}", "Your one-time code is {variables.otp}.", "magicLink", "Sign in")],
  ["e84de395-2076-4831-9c19-8e9a96a868e4", "Team Invitation", template('"You have been invited to join " + variables.teamDisplayName', "Join {variables.teamDisplayName}", "You were invited to a team.", "teamInvitationLink", "Join team")],
  ["066dd73c-36da-4fd0-b6d6-ebf87683f8bc", "Sign In Invitation", template('"You have been invited to sign in to " + project.displayName', "Sign in to {project.displayName}", "You were invited to sign in.", "signInInvitationLink", "Sign in")],
];

/**
 * The TSX source a new theme starts from (the light theme's).
 *
 * @example
 * createCatalogRecord(store, { kind: "theme", projectId, displayName: "Brand", tsxSource: NEW_THEME_SOURCE });
 */
export const NEW_THEME_SOURCE = DEFAULT_THEMES[0][2];

/**
 * The TSX source a new template starts from.
 *
 * @example
 * createCatalogRecord(store, { kind: "template", projectId, displayName: "Welcome", tsxSource: NEW_TEMPLATE_SOURCE });
 */
export const NEW_TEMPLATE_SOURCE = template('"Hello from " + project.displayName', "Hello {user.displayName}", "This is a new e-mail template.", "link", "Open");

function records(store: Store, projectId: string): (EmailCatalogRecord | SeededMarker)[] {
  const list = (store.extra[EMAIL_CATALOG_FAMILY] ??= []) as (EmailCatalogRecord | SeededMarker)[];
  if (!list.some((r) => r.kind === "seeded" && r.projectId === projectId)) {
    list.push({ kind: "seeded", projectId });
    for (const [id, displayName, tsxSource] of DEFAULT_THEMES) list.push({ kind: "theme", projectId, id, displayName, tsxSource });
    for (const [id, displayName, tsxSource] of DEFAULT_TEMPLATES) list.push({ kind: "template", projectId, id, displayName, tsxSource });
    store.touch();
  }
  return list;
}

/**
 * A project's themes or templates (the built-in ones are seeded on first use), in creation order.
 *
 * @example
 * const themes = listCatalog(store, projectId, "theme");
 */
export function listCatalog(store: Store, projectId: string, kind: "theme" | "template"): EmailCatalogRecord[] {
  return records(store, projectId).filter((r): r is EmailCatalogRecord => r.kind === kind && r.projectId === projectId);
}

/**
 * A theme by id.
 *
 * @example
 * if (!findTheme(store, projectId, id)) throw new StatusError(404, "No theme found with given id");
 */
export function findTheme(store: Store, projectId: string, id: string): EmailCatalogRecord | undefined {
  return listCatalog(store, projectId, "theme").find((r) => r.id === id);
}

/**
 * A template by id.
 *
 * @example
 * const tpl = findTemplate(store, projectId, body.template_id);
 */
export function findTemplate(store: Store, projectId: string, id: string): EmailCatalogRecord | undefined {
  return listCatalog(store, projectId, "template").find((r) => r.id === id);
}

/**
 * Adds a theme or template with a fresh id.
 *
 * @example
 * const rec = createCatalogRecord(store, { kind: "theme", projectId, displayName: "Brand", tsxSource: NEW_THEME_SOURCE });
 */
export function createCatalogRecord(store: Store, o: Omit<EmailCatalogRecord, "id">): EmailCatalogRecord {
  const record: EmailCatalogRecord = { ...o, id: newId() };
  records(store, o.projectId).push(record);
  store.touch();
  return record;
}

/**
 * Removes a theme or template; returns whether it existed.
 *
 * @example
 * deleteCatalogRecord(store, projectId, "template", id);
 */
export function deleteCatalogRecord(store: Store, projectId: string, kind: "theme" | "template", id: string): boolean {
  const list = records(store, projectId);
  const i = list.findIndex((r) => r.kind === kind && r.projectId === projectId && (r as EmailCatalogRecord).id === id);
  if (i < 0) return false;
  list.splice(i, 1);
  store.touch();
  return true;
}
