import { optionalObject } from "../../util/validate";
import { requireUuid } from "../../util/uuid";
import { ArgumentError } from "../../errors/base";
import type { UserUpdate } from "./profile";
import { userUpdateBody } from "./profile";

/**
 * Risk scores of a user, each an integer from 0 (no risk) to 100.
 *
 * @example
 * if (user.riskScores.signUp.bot > 80) await user.update({ restrictedByAdmin: true, restrictedByAdminReason: "Suspected bot" });
 */
export interface ServerUserRiskScores {
  signUp: { bot: number; freeTrialAbuse: number };
}

/**
 * Fields a server can change on any user (`PATCH /users/{id}`). Absent fields are left as they are.
 *
 * @example
 * await user.update({ primaryEmail: "ada@work.example", primaryEmailVerified: true, serverMetadata: { plan: "pro" } });
 */
export interface ServerUserUpdate extends UserUpdate {
  primaryEmailVerified?: boolean;
  primaryEmailAuthEnabled?: boolean;
  /** A new password (null removes it); the platform ends the user's sessions. */
  password?: string | null;
  /** Any JSON value the user can read but not write. */
  clientReadOnlyMetadata?: unknown;
  /** Any JSON value only servers see. */
  serverMetadata?: unknown;
  /** Restricts the user (they can sign in, but `getUser` treats them as restricted). */
  restrictedByAdmin?: boolean;
  /** Shown to the user; only with `restrictedByAdmin: true` (null clears it). */
  restrictedByAdminReason?: string | null;
  /** Never shown to the user; only with `restrictedByAdmin: true` (null clears it). */
  restrictedByAdminPrivateDetails?: string | null;
  /** ISO 3166-1 alpha-2 country code (e.g. "CH"), or null. */
  countryCode?: string | null;
  /** Sign-up risk scores, integers from 0 to 100. */
  riskScores?: ServerUserRiskScores;
}

/**
 * What a new user may start with (`POST /users`). Everything is optional: a server can create a user without
 * any way to sign in.
 *
 * @example
 * const user = await server.createUser({ primaryEmail: "ada@example.com", primaryEmailAuthEnabled: true, password: "correct horse" });
 */
export interface ServerUserCreate {
  primaryEmail?: string | null;
  /** Let the primary e-mail sign in (needed for password and OTP sign-in). */
  primaryEmailAuthEnabled?: boolean;
  password?: string | null;
  otpAuthEnabled?: boolean;
  displayName?: string | null;
  primaryEmailVerified?: boolean;
  clientMetadata?: unknown;
  clientReadOnlyMetadata?: unknown;
  serverMetadata?: unknown;
  /** ISO 3166-1 alpha-2 country code (e.g. "CH"), or null. */
  countryCode?: string | null;
  /** Sign-up risk scores, integers from 0 to 100 (default 0). */
  riskScores?: ServerUserRiskScores;
}

/**
 * Options of `listUsers`. Without `cursor` the first page is read; pass the previous page's `nextCursor` to go on.
 *
 * @example
 * const page = await server.listUsers({ limit: 50, orderBy: "signedUpAt", desc: true, query: "ada" });
 * const anonymous = await server.listUsers({ includeAnonymous: true, onlyAnonymous: true });
 */
export interface ListUsersOptions {
  cursor?: string;
  /** Page size, a positive integer. */
  limit?: number;
  orderBy?: "signedUpAt" | "lastActiveAt";
  desc?: boolean;
  /** Free-text search (e-mail, display name, id). */
  query?: string;
  /** Only members of this team. */
  teamId?: string;
  /** Include restricted users (e.g. e-mail not yet verified). Default false. */
  includeRestricted?: boolean;
  /** Include anonymous users. Default false. */
  includeAnonymous?: boolean;
  /** Only anonymous users; needs `includeAnonymous: true` (the platform answers 400 otherwise). */
  onlyAnonymous?: boolean;
}

const optionalBoolean = (value: unknown, name: string) => {
  if (value !== undefined && typeof value !== "boolean") throw new ArgumentError(`${name} must be a boolean.`);
};
const nullableString = (value: unknown, name: string) => {
  if (value !== undefined && value !== null && typeof value !== "string") throw new ArgumentError(`${name} must be a string or null.`);
};
const countryCode = (value: unknown) => {
  if (value !== undefined && value !== null && (typeof value !== "string" || !/^[A-Za-z]{2}$/.test(value))) {
    throw new ArgumentError('countryCode must be a two-letter country code (e.g. "CH") or null.');
  }
};
const score = (value: unknown, name: string) => {
  if (!Number.isInteger(value) || (value as number) < 0 || (value as number) > 100) throw new ArgumentError(`${name} must be an integer from 0 to 100.`);
  return value as number;
};
/** `riskScores` → `risk_scores` (both sign-up scores are required, as on the platform). */
const riskScoresBody = (value: unknown) => {
  if (value === undefined) return undefined;
  const signUp = (optionalObject(value as object, "riskScores") as { signUp?: unknown }).signUp;
  if (typeof signUp !== "object" || signUp === null) throw new ArgumentError("riskScores.signUp must be an object { bot, freeTrialAbuse }.");
  const s = signUp as { bot?: unknown; freeTrialAbuse?: unknown };
  return { sign_up: { bot: score(s.bot, "riskScores.signUp.bot"), free_trial_abuse: score(s.freeTrialAbuse, "riskScores.signUp.freeTrialAbuse") } };
};
const jsonValue = (value: unknown, name: string) => {
  if (typeof value === "function" || typeof value === "symbol" || typeof value === "bigint") {
    throw new ArgumentError(`${name} must be a JSON value.`);
  }
};

/**
 * @internal The validated snake_case body of `PATCH /users/{id}`.
 * @example
 * serverUserUpdateBody({ serverMetadata: { a: 1 } }); // { server_metadata: { a: 1 }, …undefined fields }
 */
export function serverUserUpdateBody(data: ServerUserUpdate): Record<string, unknown> {
  const d = optionalObject(data, "user update") as ServerUserUpdate;
  optionalBoolean(d.primaryEmailVerified, "primaryEmailVerified");
  optionalBoolean(d.primaryEmailAuthEnabled, "primaryEmailAuthEnabled");
  nullableString(d.password, "password");
  if (d.password === "") throw new ArgumentError("password must not be empty (pass null to remove it).");
  jsonValue(d.clientReadOnlyMetadata, "clientReadOnlyMetadata");
  jsonValue(d.serverMetadata, "serverMetadata");
  optionalBoolean(d.restrictedByAdmin, "restrictedByAdmin");
  nullableString(d.restrictedByAdminReason, "restrictedByAdminReason");
  nullableString(d.restrictedByAdminPrivateDetails, "restrictedByAdminPrivateDetails");
  if (d.restrictedByAdmin === false && (d.restrictedByAdminReason || d.restrictedByAdminPrivateDetails)) {
    throw new ArgumentError("restrictedByAdminReason and restrictedByAdminPrivateDetails need restrictedByAdmin: true.");
  }
  countryCode(d.countryCode);
  return {
    ...userUpdateBody(d),
    primary_email_verified: d.primaryEmailVerified,
    primary_email_auth_enabled: d.primaryEmailAuthEnabled,
    password: d.password,
    client_read_only_metadata: d.clientReadOnlyMetadata,
    server_metadata: d.serverMetadata,
    restricted_by_admin: d.restrictedByAdmin,
    restricted_by_admin_reason: d.restrictedByAdminReason,
    restricted_by_admin_private_details: d.restrictedByAdminPrivateDetails,
    country_code: d.countryCode,
    risk_scores: riskScoresBody(d.riskScores),
  };
}

/**
 * @internal The validated snake_case body of `POST /users`.
 * @example
 * serverUserCreateBody({ primaryEmail: "ada@example.com" }); // { primary_email: "ada@example.com", … }
 */
export function serverUserCreateBody(data: ServerUserCreate | undefined): Record<string, unknown> {
  const d = optionalObject(data, "createUser data") as ServerUserCreate;
  for (const key of ["primaryEmail", "password", "displayName"] as const) nullableString(d[key], key);
  if (d.password === "") throw new ArgumentError("password must not be empty.");
  if (d.primaryEmail === "") throw new ArgumentError("primaryEmail must not be empty.");
  for (const key of ["primaryEmailAuthEnabled", "otpAuthEnabled", "primaryEmailVerified"] as const) optionalBoolean(d[key], key);
  for (const key of ["clientMetadata", "clientReadOnlyMetadata", "serverMetadata"] as const) jsonValue(d[key], key);
  countryCode(d.countryCode);
  return {
    primary_email: d.primaryEmail,
    primary_email_auth_enabled: d.primaryEmailAuthEnabled,
    password: d.password,
    otp_auth_enabled: d.otpAuthEnabled,
    display_name: d.displayName,
    primary_email_verified: d.primaryEmailVerified,
    client_metadata: d.clientMetadata,
    client_read_only_metadata: d.clientReadOnlyMetadata,
    server_metadata: d.serverMetadata,
    country_code: d.countryCode,
    risk_scores: riskScoresBody(d.riskScores),
  };
}

/**
 * @internal The validated wire query of `GET /users` (only the options given).
 * @example
 * listUsersQuery({ orderBy: "signedUpAt", limit: 10 }); // { limit: 10, order_by: "signed_up_at" }
 */
export function listUsersQuery(options: ListUsersOptions | undefined): Record<string, string | number | boolean> {
  const o = optionalObject(options, "listUsers options") as ListUsersOptions;
  const unknown = Object.keys(o).filter((k) => !Object.hasOwn(LIST_USERS_PARAMS, k));
  if (unknown.length) throw new ArgumentError(`listUsers does not take ${unknown.join(", ")}.`);
  if (o.cursor !== undefined) requireUuid(o.cursor, "cursor");
  if (o.teamId !== undefined) requireUuid(o.teamId, "teamId");
  if (o.query !== undefined && typeof o.query !== "string") throw new ArgumentError("query must be a string.");
  if (o.limit !== undefined && (!Number.isInteger(o.limit) || o.limit < 1)) throw new ArgumentError("limit must be a positive integer.");
  if (o.orderBy !== undefined && o.orderBy !== "signedUpAt" && o.orderBy !== "lastActiveAt") {
    throw new ArgumentError('orderBy must be "signedUpAt" or "lastActiveAt".');
  }
  for (const key of ["desc", "includeRestricted", "includeAnonymous", "onlyAnonymous"] as const) optionalBoolean(o[key], key);
  const query: Record<string, string | number | boolean> = {};
  for (const key in LIST_USERS_PARAMS) {
    const value = o[key as keyof ListUsersOptions];
    if (value === undefined) continue;
    query[LIST_USERS_PARAMS[key]!] = key === "orderBy" ? (value === "signedUpAt" ? "signed_up_at" : "last_active_at") : value;
  }
  return query;
}

/** The options of `listUsers` and their names in the query string, in the order they are sent. */
const LIST_USERS_PARAMS: Record<string, string> = {
  cursor: "cursor",
  limit: "limit",
  orderBy: "order_by",
  desc: "desc",
  query: "query",
  teamId: "team_id",
  includeRestricted: "include_restricted",
  includeAnonymous: "include_anonymous",
  onlyAnonymous: "only_anonymous",
};
