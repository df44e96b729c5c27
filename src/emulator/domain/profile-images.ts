import type { EmulatorCore } from "../core";
import { StatusError } from "../errors";
import type { Store } from "../store/store";
import { newId } from "../util/random";
import { probeImage } from "./image-probe";

/**
 * Key of the stored images in `store.extra`.
 *
 * @example
 * store.extra[UPLOADS_FAMILY];
 */
export const UPLOADS_FAMILY = "uploads";

/**
 * The folders images are stored in (the platform's bucket folders).
 *
 * @example
 * await storeProfileImage(core, body.profile_image_url, "user-profile-images");
 */
export type UploadFolder = "user-profile-images" | "team-profile-images" | "team-member-profile-images";

/**
 * A stored image, served at `/emulator/uploads/<key>`.
 *
 * @example
 * const upload: UploadRecord = { key: "user-profile-images/…png", contentType: "image/png", base64: "iVBOR…" };
 */
export interface UploadRecord {
  key: string;
  contentType: string;
  base64: string;
}

const MAX_IMAGE_BYTES = 1_000_000;

function uploads(store: Store): UploadRecord[] {
  return (store.extra[UPLOADS_FAMILY] ??= []) as UploadRecord[];
}

/**
 * A stored image by its key (`<folder>/<uuid>.<format>`).
 *
 * @example
 * const upload = findUpload(store, "user-profile-images/3f…c1.png");
 */
export function findUpload(store: Store, key: string): UploadRecord | undefined {
  return uploads(store).find((u) => u.key === key);
}

/** The platform's image checks, with its messages (400 plain text). */
function parseImage(input: string): { bytes: Buffer; format: string } {
  const base64 = input.replace(/^data:image\/[a-z]+;base64,/, "");
  if (base64.length > MAX_IMAGE_BYTES) {
    throw new StatusError(400, `Image size (${base64.length} bytes) exceeds maximum allowed size (${MAX_IMAGE_BYTES} bytes)`);
  }
  const bytes = Buffer.from(base64, "base64");
  const info = probeImage(bytes);
  if (!info) throw new StatusError(400, "Invalid image format or corrupted image data");
  if (!info.width || !info.height) throw new StatusError(400, "Unable to determine image dimensions");
  return { bytes, format: info.format };
}

/**
 * Turns a profile image value into what the platform stores: an image data URL is checked, stored and replaced by
 * the URL it is served at (`<emulator>/emulator/uploads/<folder>/<uuid>.<format>`); an `http(s)` URL is kept; `null`
 * clears the image; `undefined` and `""` leave it unchanged. Anything else is refused with 400 "Invalid profile image
 * URL", and a data URL that is not a PNG, JPEG, GIF or WebP image with the platform's image messages.
 *
 * @example
 * user.profileImageUrl = storeProfileImage(core, "https://example.com/a.png", "user-profile-images") ?? user.profileImageUrl;
 */
export function storeProfileImage(core: EmulatorCore, input: string | null | undefined, folder: UploadFolder): string | null | undefined {
  if (input === null) return null;
  if (!input) return undefined;
  if (/^https?:\/\//.test(input)) return input;
  if (!/^data:image\/[a-zA-Z0-9]+;base64,/.test(input)) throw new StatusError(400, "Invalid profile image URL");
  const { bytes, format } = parseImage(input);
  const key = `${folder}/${newId()}.${format}`;
  uploads(core.store).push({ key, contentType: `image/${format}`, base64: bytes.toString("base64") });
  core.store.touch();
  return `${core.settings.baseUrl}/emulator/uploads/${key}`;
}

/**
 * The platform's check of a profile image a client sends (`validateBase64Image`): only image data URLs (png, jpg,
 * jpeg, gif, bmp, webp) or bare base64.
 *
 * @example
 * if (auth.type === "client" && url && !isClientProfileImage(url)) throw new StatusError(400, "Invalid profile image URL");
 */
export function isClientProfileImage(value: string): boolean {
  return /^data:image\/(png|jpg|jpeg|gif|bmp|webp);base64,[A-Za-z0-9+/]+={0,2}$|^[A-Za-z0-9+/]+={0,2}$/.test(value);
}
