import { useRef } from "react";
import { useTranslation } from "../../i18n";
import { Button } from "../../ui/button";
import { useFormAction } from "../../ui/form";
import { Avatar } from "./avatar";
import { EditableText } from "./editable-text";
import { ActionRow, Section } from "./section";
import type { SettingsUser } from "./types";

const IMAGE_SIZE = 256;

/** The image in `file`, cropped to its centre square and scaled to at most 256 px, as a JPEG `data:` URL. */
async function imageDataUrl(file: File): Promise<string> {
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const side = Math.min(image.naturalWidth, image.naturalHeight);
    const size = Math.min(side, IMAGE_SIZE);
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = size;
    const context = canvas.getContext("2d")!;
    context.fillStyle = "#fff"; // transparent parts would turn black in a JPEG
    context.fillRect(0, 0, size, size);
    context.drawImage(image, (image.naturalWidth - side) / 2, (image.naturalHeight - side) / 2, side, side, 0, 0, size, size);
    return canvas.toDataURL("image/jpeg", 0.85);
  } finally {
    URL.revokeObjectURL(url);
  }
}

function ProfileImage({ user }: { user: SettingsUser }) {
  const t = useTranslation();
  const form = useFormAction();
  const input = useRef<HTMLInputElement>(null);
  const upload = (file: File | undefined) =>
    file &&
    form.run(async () => {
      if (!file.type.startsWith("image/")) return form.setErrors({ form: t("Choose an image file (PNG, JPEG, GIF or WebP).") });
      let url: string;
      try {
        url = await imageDataUrl(file);
      } catch {
        return form.setErrors({ form: t("This file could not be read as an image.") });
      }
      await user.update({ profileImageUrl: url });
    });
  return (
    <ActionRow error={form.errors.form}>
      <Avatar who={user} size={56} label={user.displayName || user.primaryEmail} />
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        aria-label={t("Profile image file")}
        onChange={(e) => {
          upload(e.target.files?.[0]);
          e.target.value = "";
        }}
      />
      <Button variant="outline" loading={form.pending} onClick={() => input.current?.click()}>
        {t("Upload image")}
      </Button>
      {user.profileImageUrl && (
        <Button variant="ghost" disabled={form.pending} onClick={() => form.run(() => user.update({ profileImageUrl: null }))}>
          {t("Remove image")}
        </Button>
      )}
    </ActionRow>
  );
}

/**
 * "My Profile": the display name (edited in place) and the profile image (uploaded, resized in the browser, or
 * removed).
 * @internal
 * @example
 * <ProfileSection user={user} />
 */
export function ProfileSection({ user }: { user: SettingsUser }) {
  const t = useTranslation();
  return (
    <>
      <Section inline title={t("User name")} description={t("How others see you. It is not used to sign in.")}>
        <EditableText
          label={t("User name")}
          editLabel={t("Edit user name")}
          value={user.displayName}
          empty={t("No name set")}
          onSave={(name) => user.setDisplayName(name || null)}
        />
      </Section>
      <Section inline title={t("Profile image")} description={t("Shown instead of your initials.")}>
        <ProfileImage user={user} />
      </Section>
    </>
  );
}
