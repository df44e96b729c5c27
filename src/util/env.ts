// The environment variables the apps read (the official SDK's names), below every module that reads them.
// Each variable is read by its literal name so that bundlers which inline `process.env.X` can do so.
const env = {
  projectId: () => process.env.NEXT_PUBLIC_STACK_PROJECT_ID || process.env.STACK_PROJECT_ID,
  publishableClientKey: () => process.env.NEXT_PUBLIC_STACK_PUBLISHABLE_CLIENT_KEY,
  browserUrl: () => process.env.NEXT_PUBLIC_BROWSER_STACK_API_URL,
  serverUrl: () => process.env.NEXT_PUBLIC_SERVER_STACK_API_URL,
  url: () => process.env.NEXT_PUBLIC_STACK_API_URL || process.env.STACK_API_URL || process.env.NEXT_PUBLIC_STACK_URL,
  extraHeaders: () => process.env.NEXT_PUBLIC_STACK_EXTRA_REQUEST_HEADERS,
  secretServerKey: () => process.env.STACK_SECRET_SERVER_KEY,
  superSecretAdminKey: () => process.env.STACK_SUPER_SECRET_ADMIN_KEY,
  hostedSuffix: () => process.env.NEXT_PUBLIC_STACK_HOSTED_HANDLER_DOMAIN_SUFFIX,
  hostedTemplate: () => process.env.NEXT_PUBLIC_STACK_HOSTED_HANDLER_URL_TEMPLATE,
};

/**
 * @internal Reads one environment variable; undefined where there is no `process` (browsers).
 * @example
 * const projectId = readEnv("projectId"); // NEXT_PUBLIC_STACK_PROJECT_ID, else STACK_PROJECT_ID
 */
export function readEnv(name: keyof typeof env): string | undefined {
  try {
    return env[name]() || undefined;
  } catch {
    return undefined;
  }
}
