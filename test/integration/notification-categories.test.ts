import { ArgumentError } from "../../src/index";
import { clientFor, startTestEmulator, uniqueEmail } from "../helpers/emulator";
import type { Emulator } from "../helpers/emulator";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.stop());

async function signedInUser() {
  const { app } = clientFor(emulator);
  await app.signUpWithCredential({ email: uniqueEmail("notify"), password: "notify me 1234" });
  return { app, user: await app.getUser({ or: "throw" }) };
}

test("lists the categories and opts out of marketing; the next list shows it", async () => {
  const { user } = await signedInUser();
  const categories = await user.listNotificationCategories();
  expect(categories.map(({ name, enabled, canDisable }) => ({ name, enabled, canDisable }))).toEqual([
    { name: "Transactional", enabled: true, canDisable: false },
    { name: "Marketing", enabled: true, canDisable: true },
  ]);
  const marketing = categories.find((c) => c.name === "Marketing")!;
  await marketing.setEnabled(false);
  expect((await user.listNotificationCategories()).find((c) => c.id === marketing.id)?.enabled).toBe(false);
  await marketing.setEnabled(true);
  expect((await user.listNotificationCategories()).find((c) => c.id === marketing.id)?.enabled).toBe(true);
  await expect(marketing.setEnabled(undefined as never)).rejects.toThrow(ArgumentError);
});

test("preferences are per user, and a client cannot read or change another user's", async () => {
  const a = await signedInUser();
  const b = await signedInUser();
  const marketing = (await a.user.listNotificationCategories()).find((c) => c.name === "Marketing")!;
  await marketing.setEnabled(false);
  expect((await b.user.listNotificationCategories()).find((c) => c.name === "Marketing")?.enabled).toBe(true);
  const headers = {
    "content-type": "application/json",
    "x-stack-access-type": "client",
    "x-stack-project-id": emulator.projectId,
    "x-stack-publishable-client-key": emulator.keys.publishableClientKey,
    "x-stack-access-token": (await b.app.getAccessToken())!,
  };
  const read = await fetch(`${emulator.url}/api/v1/emails/notification-preference/${a.user.id}`, { headers });
  expect(read.status).toBe(403);
  const write = await fetch(`${emulator.url}/api/v1/emails/notification-preference/${a.user.id}/${marketing.id}`, {
    method: "PATCH",
    headers,
    body: JSON.stringify({ enabled: true }),
  });
  expect(write.status).toBe(403);
  expect((await a.user.listNotificationCategories()).find((c) => c.name === "Marketing")?.enabled).toBe(false);
});
