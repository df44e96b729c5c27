import type { ClientApp } from "../../../apps/client-app";
import type { Project } from "../../../resources/projects/client";
import { useTranslation } from "../../i18n";
import { Button } from "../../ui/button";
import { FormError } from "../../ui/field";
import { ConfirmButton } from "./confirm-button";
import { Section } from "./section";
import type { EndPage, SettingsUser } from "./types";

/**
 * "Settings": sign out of this device, and delete the account (with a confirmation step) when the project allows
 * users to delete themselves.
 * @internal
 * @example
 * <SettingsSection app={app} user={user} project={project} />
 */
export function SettingsSection({ app, user, project, end, failure }: { app: ClientApp; user: SettingsUser; project: Project; end: EndPage; failure: string }) {
  const t = useTranslation();
  return (
    <>
      <Section inline title={t("Sign out")} description={t("End your session on this device.")}>
        <div>
          <Button variant="outline" onClick={() => end(t("Signing out…"), () => user.signOut())}>
            {t("Sign out")}
          </Button>
        </div>
      </Section>
      {project.config.clientUserDeletionEnabled && (
        <Section inline title={t("Delete account")} description={t("Permanently removes your account and everything in it. This cannot be undone.")}>
          <ConfirmButton
            label={t("Delete account")}
            question={t("Delete your account for good?")}
            confirmLabel={t("Yes, delete my account")}
            onConfirm={() =>
              end(t("Deleting your account…"), async () => {
                await user.delete();
                await app.redirectToHome();
              })
            }
          />
        </Section>
      )}
      <FormError text={failure} />
    </>
  );
}
