// Reading the environment variables the apps use (the official SDK's names), below every module that reads them.
// Each caller reads its variable by its literal name (`process.env.NEXT_PUBLIC_STACK_PROJECT_ID`), so bundlers that
// inline `process.env.X` can do so, and a browser bundle carries only the names its code reads.

/**
 * @internal The value `read` returns from the environment; undefined for an empty value or where there is no
 * `process` (browsers without a bundler's replacement).
 * @example
 * const projectId = readEnv(() => process.env.NEXT_PUBLIC_STACK_PROJECT_ID || process.env.STACK_PROJECT_ID);
 */
export function readEnv(read: () => string | undefined): string | undefined {
  try {
    return read() || undefined;
  } catch {
    return undefined;
  }
}
