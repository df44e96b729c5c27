/**
 * Where a test emulator is and how to reach its API as the project's server: its base URL, the project and the
 * keys.
 *
 * @example
 * const target: EmulatorTarget = { url: "http://127.0.0.1:8102", projectId, keys: { publishableClientKey, secretServerKey, superSecretAdminKey } };
 */
export interface EmulatorTarget {
  url: string;
  projectId: string;
  keys: { publishableClientKey: string; secretServerKey: string; superSecretAdminKey: string };
}

/**
 * Sends a request to the emulator and returns its JSON answer; any other status than 2xx throws an Error naming
 * the request, the status and the answer's text, so a failed set-up step says what went wrong.
 *
 * @example
 * const info = await emulatorRequest<{ url: string }>("http://127.0.0.1:8102/emulator/info");
 */
export async function emulatorRequest<T>(url: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}): Promise<T> {
  const method = init.method ?? "GET";
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: { ...(init.body !== undefined ? { "content-type": "application/json" } : {}), ...init.headers },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
    });
  } catch (e) {
    throw new Error(`${method} ${url} failed: ${(e as Error).message}. Is the test emulator running there?`, { cause: e });
  }
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${text.slice(0, 500)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * Calls the project's API (`/api/v1…`) with the secret server key.
 *
 * @example
 * const user = await serverRequest<{ id: string }>(target, "POST", "/users", { primary_email: "ada@example.com" });
 */
export function serverRequest<T>(target: EmulatorTarget, method: string, path: string, body?: unknown): Promise<T> {
  return emulatorRequest<T>(`${target.url}/api/v1${path}`, {
    method,
    body,
    headers: {
      "x-stack-access-type": "server",
      "x-stack-project-id": target.projectId,
      "x-stack-secret-server-key": target.keys.secretServerKey,
    },
  });
}
