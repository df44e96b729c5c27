import Link from "next/link";

export default function Home() {
  return (
    <main>
      <h1>latchkey × Next.js</h1>
      <ul>
        <li><Link href="/protected">Protected page</Link> (server-rendered, signed-in users only)</li>
        <li><Link href="/handler/sign-in">Sign in</Link> or <Link href="/handler/sign-up">sign up</Link></li>
        <li><a href="/api/me">/api/me</a> (a route handler)</li>
      </ul>
    </main>
  );
}
