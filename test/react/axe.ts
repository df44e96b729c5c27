// axe-core (through jest-axe) on a rendered page: every page of latchkey/react must have no violations.
import { axe } from "jest-axe";

/** Fails with each axe violation (rule, help text, the elements) found in `container`. */
export async function expectNoAxeViolations(container: Element) {
  const results = await axe(container);
  const found = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(found).toEqual([]);
}
