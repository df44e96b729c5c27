import { serverApp } from "../../../lib/latchkey-server";

/** GET /api/me: the signed-in user as JSON, or 401. */
export async function GET() {
  const user = await serverApp.getUser({ tokenStore: "nextjs-cookie" });
  if (!user) return Response.json({ error: "Not signed in" }, { status: 401 });
  return Response.json({ id: user.id, primaryEmail: user.primaryEmail, displayName: user.displayName });
}
