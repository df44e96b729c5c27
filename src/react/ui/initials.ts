/**
 * What an avatar without an image shows, by the official package's rule (its `UserAvatar`:
 * `(user.displayName || user.primaryEmail)?.slice(0, 2).toUpperCase()`; its `TeamIcon` takes one letter of the
 * team's name): the first `letters` characters of the display name, or of the primary e-mail address when the name
 * is missing or empty, upper-cased. No trimming and no word splitting: "Ada Lovelace" → "AD", "grace@example.com"
 * → "GR"; neither → "". Every avatar of latchkey's pages (user button, account settings, team members, team
 * switcher) takes its letters from here.
 * @internal
 * @example
 * initialsOf({ displayName: "Ada Lovelace" }); // "AD"
 * initialsOf({ displayName: "", primaryEmail: "grace@example.com" }); // "GR"
 * initialsOf({ displayName: "design team" }, 1); // "D" (a team's icon)
 */
export const initialsOf = (who: { displayName?: string | null; primaryEmail?: string | null }, letters = 2): string =>
  (who.displayName || who.primaryEmail || "").slice(0, letters).toUpperCase();
