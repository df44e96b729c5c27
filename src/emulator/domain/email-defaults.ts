import { PLATFORM_AUTH_TEMPLATES } from "./email-default-auth-templates";
import { PLATFORM_INVITATION_TEMPLATES } from "./email-default-invitation-templates";
import { PLATFORM_PAYMENT_TEMPLATES } from "./email-default-payment-templates";

export { PLATFORM_DEFAULT_THEMES, PLATFORM_EMPTY_THEME_SOURCE, PLATFORM_NEW_TEMPLATE_SOURCE, PLATFORM_PREVIEW_TEMPLATE_SOURCE } from "./email-default-themes";

/**
 * The platform's built-in templates in its order: id, display name and TSX source (they follow the project's
 * selected theme).
 *
 * @example
 * PLATFORM_DEFAULT_TEMPLATES.find((t) => t.displayName === "Magic Link/OTP");
 */
export const PLATFORM_DEFAULT_TEMPLATES: readonly { id: string; displayName: string; tsxSource: string }[] = [
  ...PLATFORM_AUTH_TEMPLATES,
  ...PLATFORM_INVITATION_TEMPLATES,
  ...PLATFORM_PAYMENT_TEMPLATES,
];
