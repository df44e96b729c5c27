// Helpers of the sign-in / sign-up / password page tests: typing into fields found by label, the emulator's
// outbox, and changing the demo project's sign-in settings through an AdminApp.
import { act, fireEvent, screen } from "@testing-library/react";
import { AdminApp } from "../../src/index";
import type { AdminProjectConfig } from "../../src/resources/projects/admin-settings";
import type { Emulator } from "./helpers";

/** Sets the value of the field labelled `label` (as typing would). */
export function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

/** Clicks the button named `name` inside act (the click's state updates are applied). */
export async function click(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name }));
  });
}

/** The newest outbox mail of `kind` ("magic_link", "password_reset", …) to `to`. */
export async function lastMail(emulator: Emulator, to: string, kind: string): Promise<{ code: string; otp?: string }> {
  const res = await fetch(`${emulator.url}/emulator/outbox?to=${encodeURIComponent(to)}&kind=${kind}`);
  const { items } = (await res.json()) as { items: { code: string; otp?: string }[] };
  if (!items.length) throw new Error(`no ${kind} mail to ${to}`);
  return items[items.length - 1];
}

/** Adds emulator fault rules (e.g. latency on one route) for the next requests. */
export async function addFaults(emulator: Emulator, rules: object[]) {
  const res = await fetch(`${emulator.url}/emulator/faults`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ rules }) });
  if (!res.ok) throw new Error(`faults: ${res.status} ${await res.text()}`);
}

/** Request counters of one emulator route, e.g. "POST /auth/password/sign-in". */
export async function requestsTo(emulator: Emulator, route: string): Promise<number> {
  const stats = await (await fetch(`${emulator.url}/emulator/stats`)).json();
  return stats.routes?.[route]?.requests ?? 0;
}

/** Changes the demo project's config (through an AdminApp with the project's admin key) for one test. */
export async function setProjectConfig(emulator: Emulator, config: Partial<AdminProjectConfig>) {
  const admin = new AdminApp({
    projectId: emulator.projectId,
    baseUrl: emulator.url,
    superSecretAdminKey: emulator.keys.superSecretAdminKey,
    tokenStore: null,
    retry: { sleep: async () => {}, random: () => 0.5 },
  });
  const project = await admin.getProject();
  const before = project.config;
  await project.update({ config });
  return async () => {
    const restore: Partial<AdminProjectConfig> = {};
    for (const key of Object.keys(config) as (keyof AdminProjectConfig)[]) (restore as Record<string, unknown>)[key] = before[key];
    await (await admin.getProject()).update({ config: restore });
  };
}

/** Puts `search` (e.g. "?code=…") in the page's address, on the path `path`. */
export function visit(path: string) {
  window.history.replaceState(null, "", path);
}
