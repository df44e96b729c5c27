/** Up to two initials of a name or e-mail address ("Ada Lovelace" → "AL", "grace@example.com" → "GR"). */
export const initials = (name: string | null | undefined): string => {
  const words = (name ?? "").replace(/@.*/, "").split(/[\s._-]+/).filter(Boolean);
  return (words.length > 1 ? words[0][0] + words[1][0] : (words[0] ?? "?").slice(0, 2)).toUpperCase();
};

/**
 * A round picture, or the initials of `name` when there is none. Decorative: the name is always written next to
 * it, so screen readers skip it.
 * @internal
 * @example
 * <Avatar name={user.displayName ?? user.primaryEmail} src={user.profileImageUrl} size={56} />
 */
export function Avatar({ name, src, size = 32 }: { name: string | null | undefined; src?: string | null; size?: number }) {
  return (
    <span className="lk-avatar" aria-hidden="true" style={{ width: size, height: size, fontSize: size * 0.4 }}>
      {src ? <img src={src} alt="" /> : initials(name)}
    </span>
  );
}
