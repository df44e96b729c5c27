// A compact fixed-width text table.

/** columns: [{ key, title, align?: "left"|"right", format?: (v,row)=>string }] */
export function renderTable(columns, rows) {
  const cells = rows.map((row) => columns.map((c) => (c.format ? c.format(row[c.key], row) : String(row[c.key] ?? ""))));
  const widths = columns.map((c, i) => Math.max(c.title.length, ...cells.map((r) => r[i].length)));
  const pad = (s, i) => (columns[i].align === "left" ? s.padEnd(widths[i]) : s.padStart(widths[i]));
  const line = (parts) => parts.map(pad).join("  ").trimEnd();
  return [line(columns.map((c) => c.title)), widths.map((w) => "-".repeat(w)).join("  "), ...cells.map(line)].join("\n");
}

export const num = (digits = 0) => (v) => (typeof v === "number" && Number.isFinite(v) ? v.toFixed(digits) : "–");
