import type { Project } from "../../../resources/projects/client";
import { EmailsSection } from "./emails-section";
import { PasskeySection } from "./passkey-section";
import { PasswordSection } from "./password-section";
import { TotpSection } from "./totp-section";
import type { SettingsUser } from "./types";

/**
 * "Emails & Auth": e-mail addresses, password (when the project signs in with passwords or the user has one),
 * passkey (when the project enables passkeys) and two-factor authentication.
 * @internal
 * @example
 * <AuthSection user={user} project={project} />
 */
export function AuthSection({ user, project }: { user: SettingsUser; project: Project }) {
  return (
    <>
      <EmailsSection user={user} />
      {(project.config.credentialEnabled || user.hasPassword) && <PasswordSection user={user} />}
      {project.config.passkeyEnabled && <PasskeySection user={user} />}
      <TotpSection user={user} issuer={project.displayName} />
    </>
  );
}
