import type { AppContext } from "../../core/context";
import { emailCallbackUrl } from "../../urls/email-callback";
import { optionalObject } from "../../util/validate";
import { ArgumentError } from "../../errors/base";
import { resourceCache } from "../cached";
import type { ListJson } from "../cached";
import { checkChannelValue, contactChannelFields } from "./client";
import type { ContactChannel, ContactChannelCreate, ContactChannelJson, ContactChannelUpdate } from "./client";
import { SERVER_USER_CACHE as SERVER_CACHE } from "../server-cache-keys";
import { userChanged } from "../users/server-requests";

/**
 * Fields a server can change on a contact channel: the user's fields plus `isVerified`.
 *
 * @example
 * await channel.update({ isVerified: true, usedForAuth: true });
 */
export interface ServerContactChannelUpdate extends ContactChannelUpdate {
  isVerified?: boolean;
}

/**
 * What a server needs to add a contact channel to a user; it may start verified.
 *
 * @example
 * await user.createContactChannel({ type: "email", value: "ada@work.example", usedForAuth: true, isVerified: true });
 */
export interface ServerContactChannelCreate extends ContactChannelCreate {
  isVerified?: boolean;
}

/**
 * A contact channel of any user, as a server sees it (`/contact-channels/{userId}/{id}`).
 *
 * @example
 * const [channel] = await user.listContactChannels();
 * if (!channel.isVerified) await channel.update({ isVerified: true });
 */
export interface ServerContactChannel extends Omit<ContactChannel, "update"> {
  /** Like the client's, plus `isVerified`. */
  update(data: ServerContactChannelUpdate): Promise<void>;
}

const channelsOf = (ctx: AppContext) =>
  resourceCache(ctx, SERVER_CACHE.channels, async (userId: string) => {
    const list = await ctx.core.request<ListJson<ContactChannelJson>>({ expect: "items[]", path: "/contact-channels", query: { user_id: userId } });
    return list.items;
  });

/** The user's channels and the user itself (primary e-mail, verification) refresh; so do sessions' cached channels. */
async function changed(ctx: AppContext, userId: string): Promise<void> {
  await Promise.all([
    channelsOf(ctx).refresh([userId]),
    ctx.caches.get("contact-channels")?.refreshWhere(() => true),
    userChanged(ctx, userId),
  ]);
}

const optionalBoolean = (value: unknown, name: string) => {
  if (value !== undefined && typeof value !== "boolean") throw new ArgumentError(`${name} must be a boolean.`);
};

/** Validated wire body of a server-side channel change. */
function channelBody(ctx: AppContext, method: string, path: string, data: ServerContactChannelUpdate & { type?: string }) {
  const d = optionalObject(data, "contact channel data");
  if (d.value !== undefined) checkChannelValue(ctx, method, path, d.value);
  for (const key of ["usedForAuth", "isPrimary", "isVerified"] as const) optionalBoolean(d[key], key);
  return { value: d.value, type: d.type, used_for_auth: d.usedForAuth, is_primary: d.isPrimary, is_verified: d.isVerified };
}

/**
 * @internal A {@link ServerContactChannel} from its wire JSON, actions bound to its user.
 * @example
 * const channel = serverContactChannelFromJson(ctx, userId, json);
 */
export function serverContactChannelFromJson(ctx: AppContext, userId: string, c: ContactChannelJson): ServerContactChannel {
  const path = `/contact-channels/${encodeURIComponent(userId)}/${encodeURIComponent(c.id)}`;
  return {
    ...contactChannelFields(c),
    async sendVerificationEmail(options) {
      const o = optionalObject(options, "sendVerificationEmail options");
      const callback_url = emailCallbackUrl(o.callbackUrl, ctx.core.urls.emailVerification, "sendVerificationEmail");
      await ctx.core.request({ method: "POST", path: `${path}/send-verification-code`, body: { callback_url } });
    },
    async update(data) {
      await ctx.core.request({ method: "PATCH", path, body: channelBody(ctx, "PATCH", path, data) });
      await changed(ctx, userId);
    },
    async delete() {
      await ctx.core.request({ method: "DELETE", path });
      await changed(ctx, userId);
    },
  };
}

/**
 * @internal `GET /contact-channels?user_id={userId}` through the cache.
 * @example
 * const channels = await listServerContactChannels(ctx, userId);
 */
export async function listServerContactChannels(ctx: AppContext, userId: string): Promise<ServerContactChannel[]> {
  return (await channelsOf(ctx).get([userId])).map((c) => serverContactChannelFromJson(ctx, userId, c));
}

/**
 * @internal `POST /contact-channels` for `userId` (201), then the user's channels and the user refresh.
 * @example
 * await createServerContactChannel(ctx, userId, { type: "email", value: "a@example.com", usedForAuth: false });
 */
export async function createServerContactChannel(
  ctx: AppContext,
  userId: string,
  data: ServerContactChannelCreate,
): Promise<ServerContactChannel> {
  const d = optionalObject(data, "createContactChannel data") as ServerContactChannelCreate;
  if (d.type !== "email") throw new ArgumentError('type must be "email".');
  checkChannelValue(ctx, "POST", "/contact-channels", d.value);
  if (typeof d.usedForAuth !== "boolean") throw new ArgumentError("usedForAuth must be a boolean.");
  const body = { user_id: userId, ...channelBody(ctx, "POST", "/contact-channels", d) };
  const created = await ctx.core.request<ContactChannelJson>({ expect: "id", method: "POST", path: "/contact-channels", body });
  await changed(ctx, userId);
  return serverContactChannelFromJson(ctx, userId, created);
}
