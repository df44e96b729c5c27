import type { AppContext } from "../../core/context";
import { optionalObject, requireString } from "../../util/validate";
import { ArgumentError } from "../../errors/base";
import { productionModeErrors } from "./admin-production-mode";
import type { ProductionModeError } from "./admin-production-mode";
import { configMethods, patchConfigOverride } from "./admin-config";
import type { AdminProjectConfigMethods } from "./admin-config";
import { adminConfigFromJson, adminConfigToJson } from "./admin-settings";
import type { AdminProjectConfig, AdminProjectConfigJson } from "./admin-settings";
import { resourceCache } from "../cached";
import type { ProjectJson } from "./client";
export { productionModeErrors, type ProductionModeError } from "./admin-production-mode";
export {
  smtpToJson,
  type AdminDomainConfig,
  type AdminEmailConfig,
  type AdminOAuthProviderConfig,
  type AdminProjectConfig,
} from "./admin-settings";

/**
 * The dashboard onboarding stage a project is in (`"completed"` once set up, the default).
 *
 * @example
 * if (project.onboardingStatus !== "completed") redirectToOnboarding();
 */
export type ProjectOnboardingStatus = "config_choice" | "apps_selection" | "auth_setup" | "domain_setup" | "email_theme_setup" | "payments_setup" | "welcome" | "completed";

const ONBOARDING_STATUSES: readonly string[] = ["config_choice", "apps_selection", "auth_setup", "domain_setup", "email_theme_setup", "payments_setup", "welcome", "completed"];
const LOGOS = [
  ["logoUrl", "logo_url"],
  ["logoFullUrl", "logo_full_url"],
  ["logoDarkModeUrl", "logo_dark_mode_url"],
  ["logoFullDarkModeUrl", "logo_full_dark_mode_url"],
] as const;

/** @internal The admin shape of `GET /internal/projects/current` (wire §8.18). */
export interface AdminProjectJson extends Omit<ProjectJson, "config"> {
  description: string | null;
  created_at_millis: number;
  is_production_mode: boolean;
  is_development_environment?: boolean;
  owner_team_id: string | null;
  onboarding_status?: ProjectOnboardingStatus;
  logo_url?: string | null;
  logo_full_url?: string | null;
  logo_dark_mode_url?: string | null;
  logo_full_dark_mode_url?: string | null;
  config: AdminProjectConfigJson;
}

/**
 * What `AdminProject.update` may change (the official `AdminProjectUpdateOptions`). Only the given fields are sent;
 * `config` fields likewise. Logo URLs may be `https:` or `data:` URLs; `null` removes a logo.
 *
 * @example
 * await project.update({ displayName: "Acme", onboardingStatus: "completed", logoUrl: "https://cdn.example.com/logo.png", config: { signUpEnabled: false } });
 */
export interface AdminProjectUpdate {
  displayName?: string;
  description?: string | null;
  /** Refused locally (ArgumentError, no request) while `getProductionModeErrors()` would report anything. */
  isProductionMode?: boolean;
  onboardingStatus?: ProjectOnboardingStatus;
  /** Whether client requests must carry a publishable client key (`project.requirePublishableClientKey` in the project-level config). */
  requirePublishableClientKey?: boolean;
  logoUrl?: string | null;
  logoFullUrl?: string | null;
  logoDarkModeUrl?: string | null;
  logoFullDarkModeUrl?: string | null;
  config?: Partial<AdminProjectConfig>;
}

/**
 * The project as its owner sees it: every setting, plus the actions an admin can take on it (the config methods
 * of {@link AdminProjectConfigMethods} included). The fields are a snapshot; call `admin.getProject()` again after a
 * change to read the new values.
 *
 * @example
 * const project = await admin.getProject();
 * await project.update({ config: { allowLocalhost: false } });
 * if ((await project.getProductionModeErrors()).length === 0) await project.update({ isProductionMode: true });
 */
export interface AdminProject extends AdminProjectConfigMethods {
  id: string;
  displayName: string;
  description: string;
  createdAt: Date;
  isProductionMode: boolean;
  /** A development environment: its environment config level is read-only and localhost is always allowed. */
  isDevelopmentEnvironment: boolean;
  ownerTeamId: string | null;
  onboardingStatus: ProjectOnboardingStatus;
  /** Logo URLs as the server sends them: a URL, `null` when unset, `undefined` from servers that do not send it. */
  logoUrl: string | null | undefined;
  logoFullUrl: string | null | undefined;
  logoDarkModeUrl: string | null | undefined;
  logoFullDarkModeUrl: string | null | undefined;
  config: AdminProjectConfig;
  /** `PATCH /internal/projects/current` with the snake_case fields (nothing is sent when nothing is given). */
  update(data: AdminProjectUpdate): Promise<void>;
  /** Deletes the project and everything in it. */
  delete(): Promise<void>;
  /** Why production mode would be refused, computed from this snapshot; empty when it is allowed. */
  getProductionModeErrors(): Promise<ProductionModeError[]>;
}

/** @internal The admin project of the app (cached). */
export const adminProjectCache = (ctx: AppContext) =>
  resourceCache(ctx, "admin-project", () => ctx.core.request<AdminProjectJson>({ expect: "id", path: "/internal/projects/current" }));

function requireLogoUrl(value: unknown, name: string): string | null {
  if (value === null) return null;
  let ok = false;
  try {
    ok = typeof value === "string" && !value.includes(" ") && Boolean(new URL(value));
  } catch {
    ok = false;
  }
  if (!ok) throw new ArgumentError(`${name} must be a URL (https: or data:) or null.`);
  return value as string;
}

/**
 * @internal Validated public project changes → the wire body of `PATCH /internal/projects/current` (and of
 * `POST /internal/projects`, which takes the same fields). `requirePublishableClientKey` is not part of it.
 */
export function adminProjectUpdateToJson(data: AdminProjectUpdate): Record<string, unknown> {
  const d = optionalObject(data, "project update") as AdminProjectUpdate;
  const out: Record<string, unknown> = {};
  if (d.displayName !== undefined) out.display_name = requireString(d.displayName, "displayName");
  if (d.description !== undefined) {
    if (d.description !== null && typeof d.description !== "string") throw new ArgumentError("description must be a string or null.");
    out.description = d.description;
  }
  if (d.isProductionMode !== undefined) {
    if (typeof d.isProductionMode !== "boolean") throw new ArgumentError("isProductionMode must be a boolean.");
    out.is_production_mode = d.isProductionMode;
  }
  if (d.onboardingStatus !== undefined) {
    if (!ONBOARDING_STATUSES.includes(d.onboardingStatus)) throw new ArgumentError(`onboardingStatus must be one of ${ONBOARDING_STATUSES.join(", ")}.`);
    out.onboarding_status = d.onboardingStatus;
  }
  for (const [key, wire] of LOGOS) if (d[key] !== undefined) out[wire] = requireLogoUrl(d[key], key);
  if (d.requirePublishableClientKey !== undefined && typeof d.requirePublishableClientKey !== "boolean") {
    throw new ArgumentError("requirePublishableClientKey must be a boolean.");
  }
  if (d.config !== undefined) out.config = adminConfigToJson(d.config);
  return out;
}

/** @internal Sets `project.requirePublishableClientKey` in the project-level config override. */
export function setRequirePublishableClientKey(ctx: AppContext, value: boolean): Promise<void> {
  return patchConfigOverride(ctx, "project", { "project.requirePublishableClientKey": value });
}

/** @internal Refreshes what a project change can alter. */
function changed(ctx: AppContext): Promise<void> {
  return adminProjectCache(ctx).refresh([]);
}

/** @internal camelCase fields from the wire, and the project's actions bound to `ctx`. */
export function adminProjectFromJson(ctx: AppContext, p: AdminProjectJson): AdminProject {
  const config = adminConfigFromJson(p.config);
  return {
    id: p.id,
    displayName: p.display_name,
    description: p.description ?? "",
    createdAt: new Date(p.created_at_millis),
    isProductionMode: p.is_production_mode,
    isDevelopmentEnvironment: p.is_development_environment ?? false,
    ownerTeamId: p.owner_team_id ?? null,
    onboardingStatus: p.onboarding_status ?? "completed",
    logoUrl: p.logo_url,
    logoFullUrl: p.logo_full_url,
    logoDarkModeUrl: p.logo_dark_mode_url,
    logoFullDarkModeUrl: p.logo_full_dark_mode_url,
    config,
    async update(data) {
      const body = adminProjectUpdateToJson(data);
      const d = data as AdminProjectUpdate | undefined; // undefined or an object: adminProjectUpdateToJson threw otherwise
      if (d?.isProductionMode === true) {
        const errors = productionModeErrors(p.id, { ...config, ...d.config });
        if (errors.length > 0) {
          throw new ArgumentError(`Production mode cannot be enabled yet:\n${errors.map((e) => `- ${e.message} (fix: ${e.relativeFixUrl})`).join("\n")}`);
        }
      }
      // Like the official SDK: no PATCH when nothing but an empty `config` was given.
      if (Object.entries(body).some(([key, value]) => key !== "config" || Object.keys(value as object).length > 0)) {
        await ctx.core.request({ method: "PATCH", path: "/internal/projects/current", body });
      }
      if (d?.requirePublishableClientKey !== undefined) await setRequirePublishableClientKey(ctx, d.requirePublishableClientKey);
      await changed(ctx);
    },
    async delete() {
      await ctx.core.request({ method: "DELETE", path: "/internal/projects/current" });
      adminProjectCache(ctx).invalidate([]);
    },
    getProductionModeErrors: async () => productionModeErrors(p.id, config),
    ...configMethods(ctx, () => changed(ctx)),
  };
}

/** @internal The app's project, admin view (cached). */
export async function getAdminProject(ctx: AppContext): Promise<AdminProject> {
  return adminProjectFromJson(ctx, await adminProjectCache(ctx).get([]));
}
