// A probe for the hook tests: renders what one hook returns as text, so a test can check that it shows the data
// and follows a mutation made through the core.
import { act, waitFor, within } from "@testing-library/react";
import { Component } from "react";
import type { ReactNode } from "react";
import type { ClientApp } from "../../src/index";
import { renderWithApp, settled } from "./helpers";

/** Shows the message of an error a hook threw (an error boundary). */
export class Caught extends Component<{ children?: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">{String((this.state.error as Error).message ?? this.state.error)}</p> : this.props.children;
  }
}

/**
 * Renders `read()` (one hook call, e.g. `() => useUser({ or: "throw" }).useTeams()`) through `show` in an
 * `<output>` named "Value", under the provider and an error boundary, and waits until it stopped loading.
 */
export async function probe<T>(app: ClientApp, read: () => T, show: (value: T) => string) {
  let renders = 0;
  function Probe() {
    renders++;
    return <output aria-label="Value">{show(read())}</output>;
  }
  const rendered = renderWithApp(app, <Caught><Probe /></Caught>);
  await settled();
  const value = () => {
    const inside = within(rendered.container);
    const error = inside.queryByRole("alert");
    return error ? `error: ${error.textContent}` : inside.getByRole("status", { name: "Value" }).textContent;
  };
  return {
    ...rendered,
    /** The text shown now. */
    value,
    /** How many times the probe rendered. */
    renders: () => renders,
    /** Runs `mutation` (through the core) and waits until the probe shows `expected`. */
    async after(mutation: () => Promise<unknown>, expected: string | RegExp) {
      await act(async () => void (await mutation()));
      await waitFor(() => (typeof expected === "string" ? expect(value()).toBe(expected) : expect(value()).toMatch(expected)), { timeout: 5000 });
    },
  };
}

/** Names of `items`, sorted, joined with ", ". */
export const names = (items: readonly unknown[], field = "displayName") => items.map((i) => String((i as Record<string, unknown>)[field])).sort().join(", ");
