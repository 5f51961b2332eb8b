/**
 * Where a member's avatar picture is served. Kept apart from `look.ts` (the creator's
 * shapes and labels) because the site header, on every page, needs only these.
 */

/** A saved look: the version in the path changes on every save, so it can be cached forever. */
export function avatarUrl(memberId: number, version: number) {
  return `/avatars/${memberId}/${version}.svg`;
}

/** Members who never saved a look wear the default one (pixelArt, seed Aneka). */
export const DEFAULT_AVATAR_URL = "/avatars/default.svg";
