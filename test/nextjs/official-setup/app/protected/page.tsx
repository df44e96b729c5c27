import { stackServerApp } from "../../stack/server";

export default async function Protected() {
  const user = await stackServerApp.getUser({ or: "redirect" });
  return (
    <main>
      <h1>Protected</h1>
      <p>Only for {user.primaryEmail}</p>
    </main>
  );
}
