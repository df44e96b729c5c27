import { initialsOf } from "../../ui/initials";

/**
 * A round picture, or `letters` initials of `who` (its display name, else its e-mail; see {@link initialsOf}) when
 * it has none: 2 for a person, 1 for a team, as the official pages show them. Decorative (screen readers skip it)
 * unless given a `label`, which makes it an image of that name.
 * @internal
 * @example
 * <Avatar who={member.teamProfile} />
 * <Avatar who={team} letters={1} size={20} />
 * <Avatar who={user} size={56} label={user.displayName || user.primaryEmail} />
 */
export function Avatar({ who, letters, size = 32, label }: { who: { displayName?: string | null; primaryEmail?: string | null; profileImageUrl?: string | null }; letters?: number; size?: number; label?: string | null }) {
  return (
    <span className="lk-avatar" role={label ? "img" : undefined} aria-label={label || undefined} aria-hidden={label ? undefined : true} style={{ width: size, height: size, fontSize: size * 0.4 }}>
      {who.profileImageUrl ? <img src={who.profileImageUrl} alt="" /> : initialsOf(who, letters)}
    </span>
  );
}
