/** Members as the party screens name and show them: a display name and an avatar, never an id. */
import { eq, inArray } from "drizzle-orm";
import { avatarUrl, DEFAULT_AVATAR_URL } from "~/features/avatars";
import { displayName } from "~/features/members/index.server";
import type { Language } from "~/platform/i18n";
import { db } from "~/platform/db/db.server";
import type { Queryable } from "~/platform/db/transaction.server";
import { characters, members } from "~/platform/db/schema";

export interface Person {
  id: number;
  name: string;
  avatarUrl: string;
}

/**
 * The people with these ids, by id (ids that name no one are left out). A member who chose
 * no name is named by their generated name (0512) in `lang`: the reader's on a screen, the
 * email's in an email. Every caller that shows a name to someone passes their language.
 */
export async function peopleByIds(
  ids: Iterable<number | null | undefined>,
  executor: Queryable = db(),
  lang: Language = "en",
): Promise<Map<number, Person>> {
  const wanted = [...new Set([...ids].filter((id): id is number => typeof id === "number"))];
  const found = new Map<number, Person>();
  if (wanted.length === 0) return found;
  const rows = await executor
    .select({
      id: members.id,
      firstName: members.firstName,
      lastName: members.lastName,
      username: members.username,
      version: characters.version,
    })
    .from(members)
    .leftJoin(characters, eq(characters.memberId, members.id))
    .where(inArray(members.id, wanted));
  for (const row of rows) found.set(row.id, personOf(row, lang));
  return found;
}

/** What a person is read from: a member's names and their saved look's version. */
export interface PersonRow {
  id: number;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  version: number | null;
}

/**
 * A member read in another statement (joined to `members` and `characters`) as a person, so
 * a screen that lists people names them in the statement that lists them.
 */
export function personOf(row: PersonRow, lang: Language): Person {
  return {
    id: row.id,
    name: displayName(row, lang),
    avatarUrl: row.version === null ? DEFAULT_AVATAR_URL : avatarUrl(row.id, row.version),
  };
}
