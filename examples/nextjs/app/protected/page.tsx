import Link from "next/link";
import { redirect } from "next/navigation";
import { UserButton } from "latchkey/react";
import { serverApp } from "../../lib/latchkey-server";

/** A server component: the user is read on the server, from the session cookies, and rendered into the HTML. */
export default async function ProtectedPage() {
  const user = await serverApp.getUser({ tokenStore: "nextjs-cookie" });
  // The proxy already sent visitors without a valid token away; this catches sessions ended since.
  if (!user) redirect("/handler/sign-in?after_auth_return_to=%2Fprotected");
  return (
    <main>
      <header style={{ display: "flex", alignItems: "center", justifyContent: "space-between", maxWidth: 640 }}>
        <h1>Protected page</h1>
        <UserButton />
      </header>
      <p>Signed in as {user.primaryEmail}</p>
      <p>User id: {user.id}</p>
      <p><Link href="/">Home</Link></p>
    </main>
  );
}
