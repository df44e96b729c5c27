import nock from "nock";
import { ArgumentError } from "../../../src/index";
import { BASE } from "../../helpers/http";
import { testClientApp, userJson } from "../../helpers/app";
import { fakeAccessToken, fakeRefreshToken } from "../../helpers/tokens";

afterEach(() => nock.cleanAll());
beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());

const json = (body: unknown) => [200, JSON.stringify(body), { "content-type": "application/json" }] as const;
const TRANSACTIONAL = "7bb82d33-2f54-4a3d-9d23-82739e0d66ef";
const MARKETING = "4f6f8873-3d04-46bd-8bef-18338b1a1b4c";
const items = (marketing: boolean) => [
  { notification_category_id: TRANSACTIONAL, notification_category_name: "Transactional", enabled: true, can_disable: false },
  { notification_category_id: MARKETING, notification_category_name: "Marketing", enabled: marketing, can_disable: true },
];

test("lists camelCase categories and PATCHes {enabled} per category, then refetches", async () => {
  let patch: unknown;
  nock(BASE)
    .get("/api/v1/users/me").reply(...json(userJson()))
    .get("/api/v1/emails/notification-preference/me").reply(...json({ items: items(true), is_paginated: false }))
    .patch(`/api/v1/emails/notification-preference/me/${MARKETING}`, (b) => ((patch = b), true)).reply(...json(items(false)[1]))
    .get("/api/v1/emails/notification-preference/me").reply(...json({ items: items(false), is_paginated: false }));
  const { app } = testClientApp({ tokenStore: { accessToken: fakeAccessToken(600), refreshToken: fakeRefreshToken() } });
  const user = await app.getUser({ or: "throw" });
  const categories = await user.listNotificationCategories();
  expect(categories.map(({ id, name, enabled, canDisable }) => ({ id, name, enabled, canDisable }))).toEqual([
    { id: TRANSACTIONAL, name: "Transactional", enabled: true, canDisable: false },
    { id: MARKETING, name: "Marketing", enabled: true, canDisable: true },
  ]);
  await categories[1].setEnabled(false);
  expect(patch).toEqual({ enabled: false });
  expect((await user.listNotificationCategories())[1].enabled).toBe(false);
  await expect(categories[1].setEnabled("no" as never)).rejects.toThrow(ArgumentError);
  expect(nock.isDone()).toBe(true);
});
