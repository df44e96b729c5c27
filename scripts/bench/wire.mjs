// Minimal wire helpers for bench set-up (plain fetch, x-stack-* headers, loopback emulator only).

/** Headers of a client request to the demo project, optionally signed in. */
export function clientHeaders(em, accessToken) {
  const h = {
    "x-stack-project-id": em.projectId,
    "x-stack-access-type": "client",
    "x-stack-publishable-client-key": em.keys.publishableClientKey,
  };
  if (accessToken) h["x-stack-access-token"] = accessToken;
  return h;
}

let counter = 0;
/** A unique e-mail address for a bench user. */
export function benchEmail(tag) {
  counter += 1;
  return `bench-${tag}-${process.pid}-${counter}-${Date.now()}@example.com`;
}

/** Signs a password user up on the demo project; returns {email, password, access_token, refresh_token, user_id}. */
export async function signUp(em, { email = benchEmail("user"), password = "bench-password-123" } = {}) {
  const res = await fetch(`${em.url}/api/v1/auth/password/sign-up`, {
    method: "POST",
    headers: { ...clientHeaders(em), "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const body = await res.json().catch(() => ({}));
  if (res.status !== 200 || typeof body.access_token !== "string") {
    throw new Error(`bench set-up: sign-up answered ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
  }
  return { email, password, ...body };
}
