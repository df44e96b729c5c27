import type { SurfacePair } from "./member-names";

const pair = (label: string, official: string, latchkey = official.replace(/\bO\./g, "L.")): SurfacePair => ({ label, official, latchkey });
const item = (expr: string) => `Awaited<ReturnType<${expr}>>[number]`;
const result = (expr: string) => `Awaited<ReturnType<${expr}>>`;

/** The official SDK's public types checked member by member, paired with latchkey's type of the same name. */
export const OFFICIAL_SURFACE: SurfacePair[] = [
  // Apps
  pair("StackClientApp", "O.StackClientApp<true, string>"),
  pair("StackServerApp", "O.StackServerApp<true, string>"),
  pair("StackAdminApp", "O.StackAdminApp<true, string>"),
  // Users
  pair("User", "O.User"),
  pair("CurrentUser", "O.CurrentUser"),
  pair("CurrentInternalUser", "O.CurrentInternalUser"),
  pair("ServerUser", "O.ServerUser"),
  pair("CurrentServerUser", "O.CurrentServerUser"),
  pair("CurrentInternalServerUser", "O.CurrentInternalServerUser"),
  pair("ActiveSession", item('O.CurrentUser["getActiveSessions"]')),
  pair("NotificationCategory", item('O.CurrentUser["listNotificationCategories"]')),
  pair("ContactChannel", "O.ContactChannel"),
  pair("ServerContactChannel", "O.ServerContactChannel"),
  pair("OAuthProvider", "O.OAuthProvider"),
  pair("ServerOAuthProvider", "O.ServerOAuthProvider"),
  pair("Connection", "O.Connection"),
  pair("OAuthConnection", "O.OAuthConnection"),
  // Teams
  pair("Team", "O.Team"),
  pair("ServerTeam", "O.ServerTeam"),
  pair("TeamUser", "O.TeamUser"),
  pair("ServerTeamUser", "O.ServerTeamUser"),
  pair("TeamMemberProfile", "O.TeamMemberProfile"),
  pair("EditableTeamMemberProfile", "O.EditableTeamMemberProfile"),
  pair("SentTeamInvitation", "O.SentTeamInvitation"),
  pair("ReceivedTeamInvitation", "O.ReceivedTeamInvitation"),
  // Projects
  pair("Project", "O.Project"),
  pair("ProjectConfig", "O.ProjectConfig"),
  pair("AdminProject", "O.AdminProject"),
  pair("AdminProjectConfig", "O.AdminProjectConfig"),
  pair("AdminOwnedProject", "O.AdminOwnedProject"),
  // Keys
  pair("user API key (first view)", result('O.CurrentUser["createApiKey"]')),
  pair("user API key", item('O.CurrentUser["listApiKeys"]')),
  pair("team API key (first view)", result('O.Team["createApiKey"]')),
  pair("team API key", item('O.Team["listApiKeys"]')),
  pair("InternalApiKey", "O.InternalApiKey"),
  pair("InternalApiKeyFirstView", "O.InternalApiKeyFirstView"),
  // Other admin and server objects
  pair("AdminTeamPermissionDefinition", "O.AdminTeamPermissionDefinition"),
  pair("AdminProjectPermissionDefinition", "O.AdminProjectPermissionDefinition"),
  pair("AdminSentEmail", "O.AdminSentEmail"),
  pair("AdminEmailOutbox", "O.AdminEmailOutbox"),
  pair("DataVaultStore", result('O.StackServerApp<true, string>["getDataVaultStore"]')),
];

const PAYMENTS = "payments (checkout, billing, items, products, invoices, transactions, Stripe): out of scope for now";
const REPLAYS = "session replays and analytics: out of scope for now";
const MANAGED_EMAIL = "managed e-mail domains: out of scope for now";
const BROWSER_FLOWS = "browser flows (OAuth, passkeys, MFA, CLI login, redirects): the browser-flows issue";

/** Official members latchkey does not have yet, each with its reason. Anything else missing fails the test. */
export const ALLOWED_ABSENT: Record<string, string> = {
  createCheckoutUrl: PAYMENTS,
  createPaymentMethodSetupIntent: PAYMENTS,
  setDefaultPaymentMethodFromSetupIntent: PAYMENTS,
  switchSubscription: PAYMENTS,
  getBilling: PAYMENTS,
  getItem: PAYMENTS,
  listProducts: PAYMENTS,
  listInvoices: PAYMENTS,
  cancelSubscription: PAYMENTS,
  grantProduct: PAYMENTS,
  createItemQuantityChange: PAYMENTS,
  createStripeWidgetAccountSession: PAYMENTS,
  getPaymentMethodConfigs: PAYMENTS,
  updatePaymentMethodConfigs: PAYMENTS,
  getStripeAccountInfo: PAYMENTS,
  listTransactions: PAYMENTS,
  refundTransaction: PAYMENTS,
  setupPayments: PAYMENTS,
  queryAnalytics: REPLAYS,
  listSessionReplays: REPLAYS,
  getSessionReplay: REPLAYS,
  listSessionReplayChunks: REPLAYS,
  getSessionReplayChunkEvents: REPLAYS,
  getSessionReplayEvents: REPLAYS,
  setupManagedEmailProvider: MANAGED_EMAIL,
  checkManagedEmailStatus: MANAGED_EMAIL,
  listManagedEmailDomains: MANAGED_EMAIL,
  applyManagedEmailProvider: MANAGED_EMAIL,
  deleteManagedEmailDomain: MANAGED_EMAIL,
};

/**
 * Whether an official member may be missing from latchkey, and why (undefined when it may not).
 * @example
 * allowedAbsence("getBilling"); // "payments (…): out of scope for now"
 */
export function allowedAbsence(name: string): string | undefined {
  return ALLOWED_ABSENT[name];
}
