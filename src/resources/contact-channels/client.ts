import { currentUserChanged } from "../users/current";
import type { AppContext } from "../../core/context";

import { emailCallbackUrl } from "../../urls/email-callback";
import { optionalBoolean, optionalObject, requireText } from "../../util/validate";
import { ArgumentError } from "../../errors/base";
import { isPlatformEmail, requestSchemaError } from "../schema-error";
import type { Session } from "../../session/session";
import { resourceCache } from "../cached";
import type { ListJson } from "../cached";

/** @internal Wire shape of a contact channel. */
export interface ContactChannelJson {
  id: string;
  user_id: string;
  type: "email";
  value: string;
  is_primary: boolean;
  is_verified: boolean;
  used_for_auth: boolean;
}

/**
 * Fields a contact channel can be changed to.
 *
 * @example
 * await channel.update({ usedForAuth: true, isPrimary: true });
 */
export interface ContactChannelUpdate {
  value?: string;
  usedForAuth?: boolean;
  isPrimary?: boolean;
}

/**
 * One of the user's contact channels (an e-mail address), with the actions the user can take on it.
 *
 * @example
 * const [channel] = await user.listContactChannels();
 * if (!channel.isVerified) await channel.sendVerificationEmail();
 */
export interface ContactChannel {
  id: string;
  value: string;
  type: "email";
  isPrimary: boolean;
  isVerified: boolean;
  usedForAuth: boolean;
  /** E-mails a verification link (to `callbackUrl`, default the email-verification page). */
  sendVerificationEmail(options?: { callbackUrl?: string }): Promise<void>;
  update(data: ContactChannelUpdate): Promise<void>;
  delete(): Promise<void>;
}

const channels = (ctx: AppContext) =>
  resourceCache(ctx, "contact-channels", async (session: Session) => {
    const list = await ctx.core.request<ListJson<ContactChannelJson>>({ expect: "items[]", path: "/contact-channels", query: { user_id: "me" }, session });
    return list.items;
  });

/**
 * @internal Refreshes what a contact-channel change can alter: the list and the user, whose primary e-mail and
 * its verification (and with them the restriction of unverified users) the access token carries as claims.
 */
function changed(ctx: AppContext, session: Session): Promise<void> {
  currentUserChanged(ctx, session);
  return channels(ctx).refresh([session]);
}

/** @internal A channel's camelCase fields from the wire (shared by the client and server objects). */
export const contactChannelFields = (c: ContactChannelJson) => ({
  id: c.id,
  value: c.value,
  type: c.type,
  isPrimary: c.is_primary,
  isVerified: c.is_verified,
  usedForAuth: c.used_for_auth,
});

/** @internal camelCase fields from the wire, and the channel's actions bound to `session`. */
export function contactChannelFromJson(ctx: AppContext, session: Session, c: ContactChannelJson): ContactChannel {
  const path = `/contact-channels/me/${c.id}`;
  return {
    ...contactChannelFields(c),
    async sendVerificationEmail(options) {
      const o = optionalObject(options, "sendVerificationEmail options");
      const callback_url = emailCallbackUrl(o.callbackUrl, ctx.core.urls.emailVerification, "sendVerificationEmail");
      await ctx.core.request({ method: "POST", path: `${path}/send-verification-code`, session, body: { callback_url } });
    },
    async update(data) {
      await ctx.core.request({ method: "PATCH", path, session, body: channelBody(ctx, path, data) });
      await changed(ctx, session);
    },
    async delete() {
      await ctx.core.request({ method: "DELETE", path, session });
      await changed(ctx, session);
    },
  };
}

/**
 * @internal A channel's e-mail address, checked as the platform checks it: a string (else an ArgumentError), and one
 * its e-mail rule takes (else its very `SCHEMA_ERROR` for `method` `path`; the empty string passes, as there).
 * @example
 * checkChannelValue(ctx, "POST", "/contact-channels", data.value);
 */
export function checkChannelValue(ctx: AppContext, method: string, path: string, value: unknown): void {
  if (!isPlatformEmail(requireText(value, "value"))) throw requestSchemaError(ctx.core.http.baseUrl, method, path, ["body.value must be a valid email"]);
}

/** @internal Validated wire body of a contact-channel change. */
function channelBody(ctx: AppContext, path: string, data: ContactChannelUpdate & { type?: string }) {
  const d = optionalObject(data, "contact channel data");
  if (d.value !== undefined) checkChannelValue(ctx, "PATCH", path, d.value);
  for (const key of ["usedForAuth", "isPrimary"] as const) optionalBoolean(d[key], key);
  return { value: d.value, type: d.type, used_for_auth: d.usedForAuth, is_primary: d.isPrimary };
}

/** @internal The user's contact channels (cached). */
export async function listContactChannels(ctx: AppContext, session: Session): Promise<ContactChannel[]> {
  return (await channels(ctx).get([session])).map((c) => contactChannelFromJson(ctx, session, c));
}

/**
 * What a new contact channel needs.
 *
 * @example
 * await user.createContactChannel({ type: "email", value: "ada@work.example", usedForAuth: false });
 */
export interface ContactChannelCreate {
  type: "email";
  value: string;
  usedForAuth: boolean;
  isPrimary?: boolean;
}

/** @internal `POST /contact-channels` for the signed-in user. */
export async function createContactChannel(ctx: AppContext, session: Session, data: ContactChannelCreate): Promise<ContactChannel> {
  const d = optionalObject(data, "createContactChannel data") as ContactChannelCreate;
  if (d.type !== "email") throw new ArgumentError('type must be "email".');
  checkChannelValue(ctx, "POST", "/contact-channels", d.value);
  if (typeof d.usedForAuth !== "boolean") throw new ArgumentError("usedForAuth must be a boolean.");
  const created = await ctx.core.request<ContactChannelJson>({
        expect: "id",
    method: "POST",
    path: "/contact-channels",
    session,
    body: { user_id: "me", ...channelBody(ctx, "/contact-channels", d) },
  });
  await changed(ctx, session);
  return contactChannelFromJson(ctx, session, created);
}
