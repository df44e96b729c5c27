export default function Loading() {
  return <p>Loading…</p>;
}
