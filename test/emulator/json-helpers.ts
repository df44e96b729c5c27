/** JSON text nesting `depth` objects (`{"a":{"a":…}}`) or arrays (`[[…]]`) around `leaf`. */
export function nestedText(depth: number, o: { kind?: "object" | "array"; leaf?: string } = {}): string {
  const leaf = o.leaf ?? '"bottom"';
  return o.kind === "array" ? "[".repeat(depth) + leaf + "]".repeat(depth) : '{"a":'.repeat(depth) + leaf + "}".repeat(depth);
}

/** The nesting depth of parsed JSON, counted without recursion (jest's own comparisons recurse). */
export function depthOf(value: unknown): number {
  let max = 0;
  const todo: [unknown, number][] = [[value, 1]];
  while (todo.length > 0) {
    const [v, depth] = todo.pop()!;
    if (v === null || typeof v !== "object") continue;
    max = Math.max(max, depth);
    for (const child of Object.values(v)) todo.push([child, depth + 1]);
  }
  return max;
}

/** The innermost value of `{"a":{"a":…}}` / `[[…]]` nesting. */
export function bottomOf(value: unknown): unknown {
  let v = value;
  while (v !== null && typeof v === "object") v = Array.isArray(v) ? v[0] : (v as { a: unknown }).a;
  return v;
}
