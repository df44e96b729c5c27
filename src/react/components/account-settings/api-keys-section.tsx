import { useTranslation } from "../../i18n";
import { ApiKeyPanel } from "./api-key-panel";
import { Section } from "./section";
import type { SettingsUser } from "./types";

/**
 * The user's own API keys (shown when the project allows user API keys).
 * @internal
 * @example
 * {project.config.allowUserApiKeys && <ApiKeysSection user={user} />}
 */
export function ApiKeysSection({ user }: { user: SettingsUser }) {
  const t = useTranslation();
  return (
    <Section title={t("Your API keys")} description={t("Keys that let programs act as you. Keep them secret.")}>
      <ApiKeyPanel keys={user.useApiKeys()} create={(data) => user.createApiKey(data)} />
    </Section>
  );
}
