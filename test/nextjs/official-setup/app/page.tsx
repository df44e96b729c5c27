import Link from "next/link";
import { stackServerApp } from "../stack/server";

export default async function Home() {
  const user = await stackServerApp.getUser();
  return (
    <main>
      <h1>Home</h1>
      <p>{user ? `Signed in as ${user.displayName ?? user.primaryEmail}` : "Not signed in"}</p>
      <ul>
        <li><Link href="/protected">Protected page</Link></li>
        <li><a href={stackServerApp.urls.accountSettings}>Account settings</a></li>
        <li><a href={stackServerApp.urls.signOut}>Sign out</a></li>
      </ul>
    </main>
  );
}
