import type { EmulatorCore } from "../core";
import { consumeCode, createCode } from "../domain/codes";
import { sendVerificationEmail } from "../domain/emails";
import { known, StatusError } from "../errors";
import { authOf, userOf, type RequestContext } from "../http/context";
import { json, list, success } from "../http/reply";
import { CLIENT_OR_HIGHER, type RouteDef } from "../http/router";
import { t } from "../http/schema";
import { checkCodeHandler } from "./check-code";
import type { ContactChannelRecord, ProjectRecord } from "../store/types";
import { newId } from "../util/random";

function channelRead(c: ContactChannelRecord): Record<string, unknown> {
  return { id: c.id, user_id: c.userId, type: c.type, value: c.value, is_primary: c.isPrimary, is_verified: c.isVerified, used_for_auth: c.usedForAuth };
}

/** What a client does with contact channels, as the platform's refusals name it. */
type ChannelAction = "read" | "create" | "update" | "delete" | "list";

/**
 * Like the platform: a client must be signed in (`CANNOT_GET_OWN_USER_WITHOUT_USER`) and act on its own user
 * (403 text otherwise).
 */
function assertOwnUser(ctx: RequestContext, userId: string, action: ChannelAction): void {
  const auth = authOf(ctx);
  if (auth.type !== "client") return;
  if (!auth.user) throw known("CANNOT_GET_OWN_USER_WITHOUT_USER");
  if (userId !== auth.user.id) throw new StatusError(403, `Client can only ${action} contact channels for their own user.`);
}

/** The channel at `/contact-channels/{user_id}/{contact_channel_id}`: 404 text when reading it, 400 text otherwise. */
function findChannel(ctx: RequestContext, action: "read" | "update" | "delete"): ContactChannelRecord {
  assertOwnUser(ctx, ctx.params.user_id, action);
  const c = ctx.core.store.contactChannels.get(ctx.params.contact_channel_id);
  if (!c || c.userId !== ctx.params.user_id || c.projectId !== authOf(ctx).project.id) {
    throw action === "read" ? new StatusError(404, "Contact channel not found.") : new StatusError(400, "Contact channel not found");
  }
  return c;
}

/** The channel a send-verification-code request is for, with the platform's checks in its order. */
function channelToVerify(ctx: RequestContext): ContactChannelRecord {
  const auth = authOf(ctx);
  const userId = ctx.params.user_id as string;
  if (auth.type === "client") {
    if (!auth.user) throw known("CANNOT_GET_OWN_USER_WITHOUT_USER");
    if (userId !== auth.user.id) throw new StatusError(400, "Can only send verification code for your own user");
  } else {
    const user = ctx.core.store.users.get(userId);
    if (!user || user.projectId !== auth.project.id) throw known("USER_ID_DOES_NOT_EXIST", { user_id: userId });
  }
  const c = ctx.core.store.contactChannels.get(ctx.params.contact_channel_id);
  if (!c || c.userId !== userId) throw new StatusError(404, "Contact channel not found");
  return c;
}

function assertUsableForAuth(ctx: RequestContext, project: ProjectRecord, value: string, userId: string): void {
  const taken = ctx.core.store.authChannel(project.id, value);
  if (taken && taken.userId !== userId) {
    throw known("CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE", { type: "email", contact_channel_value: value, would_work_if_email_was_verified: false });
  }
}

function makePrimary(ctx: RequestContext, c: ContactChannelRecord): void {
  for (const other of ctx.core.store.channelsOf(c.userId)) other.isPrimary = other.id === c.id;
}

function create(ctx: RequestContext) {
  const { project, type } = authOf(ctx);
  const b = ctx.body;
  assertOwnUser(ctx, b.user_id, "create");
  const owner = ctx.core.store.users.get(b.user_id);
  if (!owner || owner.projectId !== project.id) throw known("USER_NOT_FOUND");
  const existing = ctx.core.store.channelsOf(b.user_id).find((c) => c.type === b.type && c.value.toLowerCase() === String(b.value).toLowerCase());
  if (existing) throw new StatusError(400, "Contact channel already exists");
  if (b.used_for_auth) assertUsableForAuth(ctx, project, b.value, b.user_id);
  const channel: ContactChannelRecord = {
    id: newId(),
    projectId: project.id,
    userId: b.user_id,
    type: "email",
    value: b.value,
    isPrimary: false,
    isVerified: type !== "client" && b.is_verified === true,
    usedForAuth: b.used_for_auth,
    createdAtMillis: Date.now(),
  };
  ctx.core.store.contactChannels.set(channel.id, channel);
  if (b.is_primary) makePrimary(ctx, channel);
  ctx.core.store.touch();
  ctx.effect("contact_channels_created");
  return json(channelRead(channel), 201);
}

function update(ctx: RequestContext) {
  const { project, type } = authOf(ctx);
  const c = findChannel(ctx, "update");
  const b = ctx.body ?? {};
  const newValue = typeof b.value === "string" && b.value !== c.value ? b.value : undefined;
  if ((b.used_for_auth ?? c.usedForAuth) && (newValue || b.used_for_auth)) assertUsableForAuth(ctx, project, newValue ?? c.value, c.userId);
  if (newValue) {
    c.value = newValue;
    c.isVerified = false;
  }
  if (typeof b.used_for_auth === "boolean") c.usedForAuth = b.used_for_auth;
  if (type !== "client" && typeof b.is_verified === "boolean") c.isVerified = b.is_verified;
  if (b.is_primary === true) makePrimary(ctx, c);
  if (b.is_primary === false) c.isPrimary = false;
  ctx.core.store.touch();
  return json(channelRead(c));
}

function sendCode(ctx: RequestContext, c: ContactChannelRecord, callbackUrl: string) {
  const { project } = authOf(ctx);
  if (c.isVerified) throw known("EMAIL_ALREADY_VERIFIED");
  const { record, link } = createCode(ctx.core, {
    project,
    type: "contact_channel_verification",
    method: { email: c.value },
    data: { user_id: c.userId },
    callbackUrl,
  });
  sendVerificationEmail(ctx.core, project, { to: c.value, link: link!, code: record.code, userId: c.userId }, ctx.effect);
  return success();
}

function verify(ctx: RequestContext) {
  const { project } = authOf(ctx);
  const code = consumeCode(ctx.core, project.id, "contact_channel_verification", ctx.body.code, "use");
  const email = String(code.method.email).toLowerCase();
  const c = ctx.core.store.channelsOf(String(code.data.user_id)).find((ch) => ch.value.toLowerCase() === email);
  if (!c) throw new StatusError(400, "Contact channel not found");
  c.isVerified = true;
  ctx.core.store.touch();
  ctx.effect("emails_verified");
  return success();
}

/**
 * The contact-channel family (wire §8.15): client CRUD, send-verification-code (per channel and legacy),
 * verify and verify/check-code.
 *
 * @example
 * core.router.addAll(contactChannelRoutes(core));
 */
export function contactChannelRoutes(_core: EmulatorCore): RouteDef[] {
  const itemParams = t.object({ user_id: t.userIdOrMe().defined(), contact_channel_id: t.string({ format: "uuid" }).defined() });
  const code = t.object({ code: t.string({ length: 45 }).defined() }).defined();
  const base = { access: CLIENT_OR_HIGHER } as const;
  return [
    {
      ...base,
      method: "GET",
      path: "/contact-channels",
      query: t.object({ user_id: t.userIdOrMe().defined() }),
      handler: (ctx) => {
        assertOwnUser(ctx, ctx.query.user_id, "list");
        return list(ctx.core.store.channelsOf(ctx.query.user_id).map(channelRead));
      },
    },
    {
      ...base,
      method: "POST",
      path: "/contact-channels",
      body: (auth) =>
        t.object({
          user_id: t.userIdOrMe().defined(),
          type: t.string({ oneOf: ["email"] }).defined(),
          value: t.string({ format: "email" }).defined(),
          used_for_auth: t.boolean().defined(),
          is_primary: t.boolean(),
          ...(auth?.type === "client" ? {} : { is_verified: t.boolean() }),
        }).defined(),
      handler: create,
    },
    { ...base, method: "GET", path: "/contact-channels/:user_id/:contact_channel_id", params: itemParams, handler: (ctx) => json(channelRead(findChannel(ctx, "read"))) },
    {
      ...base,
      method: "PATCH",
      path: "/contact-channels/:user_id/:contact_channel_id",
      params: itemParams,
      body: (auth) =>
        t.object({
          value: t.string({ format: "email" }),
          type: t.string({ oneOf: ["email"] }),
          used_for_auth: t.boolean(),
          is_primary: t.boolean(),
          ...(auth?.type === "client" ? {} : { is_verified: t.boolean() }),
        }),
      handler: update,
    },
    {
      ...base,
      method: "DELETE",
      path: "/contact-channels/:user_id/:contact_channel_id",
      params: itemParams,
      handler: (ctx) => {
        ctx.core.store.contactChannels.delete(findChannel(ctx, "delete").id);
        ctx.core.store.touch();
        return success();
      },
    },
    {
      ...base,
      method: "POST",
      path: "/contact-channels/:user_id/:contact_channel_id/send-verification-code",
      params: itemParams,
      body: t.object({ callback_url: t.string({ format: "url" }).defined() }).defined(),
      handler: (ctx) => sendCode(ctx, channelToVerify(ctx), ctx.body.callback_url),
    },
    {
      ...base,
      method: "POST",
      path: "/contact-channels/send-verification-code",
      user: "required",
      body: t.object({ email: t.string({ format: "email" }).defined(), callback_url: t.string({ format: "url" }).defined() }).defined(),
      handler: (ctx) => {
        const user = userOf(ctx);
        const channels = ctx.core.store.channelsOf(user.id);
        const c = channels.find((ch) => ch.value.toLowerCase() === String(ctx.body.email).toLowerCase());
        if (!c) throw known("EMAIL_IS_NOT_PRIMARY_EMAIL", { email: ctx.body.email, primary_email: channels.find((ch) => ch.isPrimary)?.value ?? null });
        return sendCode(ctx, c, ctx.body.callback_url);
      },
    },
    { ...base, method: "POST", path: "/contact-channels/verify", body: code, handler: verify },
    { ...base, method: "POST", path: "/contact-channels/verify/check-code", body: code, handler: checkCodeHandler("contact_channel_verification") },
  ];
}
