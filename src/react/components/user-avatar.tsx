import { useState } from "react";
import { BaseStyles } from "../theme/base-styles";
import { useTranslation } from "../i18n";
import { initialsOf } from "../ui/initials";

/**
 * What {@link UserAvatar} shows of a user: any user object of latchkey has these fields.
 * @example
 * const someone: AvatarUser = { displayName: "Ada Lovelace", primaryEmail: "ada@example.com", profileImageUrl: null };
 */
export interface AvatarUser {
  profileImageUrl?: string | null;
  displayName?: string | null;
  primaryEmail?: string | null;
}

/**
 * Props of {@link UserAvatar}.
 * @example
 * const props: UserAvatarProps = { user, size: 48, border: true };
 */
export interface UserAvatarProps {
  /** The user to show; without one (signed out) a neutral person mark. */
  user?: AvatarUser | null;
  /** Width and height in pixels (default 34). */
  size?: number;
  /** A thin border around the circle. */
  border?: boolean;
}

/**
 * A round picture of a user: their profile image, else the first two letters of their display name (of their
 * e-mail when it has none), upper-cased as the official avatar does ("Ada Lovelace" → "AD"), else a person mark.
 * Screen readers read the user's name (an image named by it), or "Not signed in".
 *
 * @example
 * const user = useUser();
 * return <UserAvatar user={user} size={48} />;
 */
export function UserAvatar({ user, size = 34, border }: UserAvatarProps) {
  const t = useTranslation();
  // An image that fails to load falls back to the initials (remembered per URL).
  const [broken, setBroken] = useState<string | null>(null);
  const image = user?.profileImageUrl && user.profileImageUrl !== broken ? user.profileImageUrl : null;
  const name = user ? user.displayName || user.primaryEmail || t("User") : t("Not signed in");
  const letters = user && initialsOf(user);
  return (
    <>
      <BaseStyles />
      <span
        role="img"
        aria-label={name}
        className={border ? "lk-avatar lk-avatar-border" : "lk-avatar"}
        style={{ width: size, height: size, fontSize: Math.round(size * 0.4) }}
      >
        {image ? (
          <img src={image} alt="" onError={() => setBroken(image)} />
        ) : letters ? (
          letters
        ) : (
          <svg width={size * 0.6} height={size * 0.6} viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
            <circle cx="12" cy="8" r="4" />
            <path d="M4 21a8 8 0 0116 0" />
          </svg>
        )}
      </span>
    </>
  );
}
