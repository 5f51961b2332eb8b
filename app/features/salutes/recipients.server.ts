/** Finding who to salute: by name or username, never yourself. */
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { db } from "~/platform/db/db.server";
import { members } from "~/platform/db/schema";
import { displayName } from "~/features/members/index.server";
import type { Language } from "~/platform/i18n";

export interface Recipient {
  id: number;
  name: string;
  username: string | null;
}

export const SEARCH_LIMIT = 8;

/** LIKE treats % and _ as wildcards; a member typing them means the characters. */
function likeEscape(text: string) {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function searchRecipients(query: string, viewerId: number, lang: Language): Promise<Recipient[]> {
  const q = query.trim().toLowerCase().slice(0, 50);
  if (q.length === 0) return [];
  const contains = `%${likeEscape(q)}%`;
  const prefix = `${likeEscape(q.replace(/^@/, ""))}%`;
  const rows = await db()
    .select({ id: members.id, firstName: members.firstName, lastName: members.lastName, username: members.username })
    .from(members)
    .where(
      and(
        ne(members.id, viewerId),
        // A Chinese name is shown family name first (王振仪, see displayName): found that way too.
        sql`(lower(coalesce(${members.firstName}, '') || ' ' || coalesce(${members.lastName}, '')) like ${contains}
             or (coalesce(${members.lastName}, '') || coalesce(${members.firstName}, '')) like ${contains}
             or lower(${members.username}) like ${prefix})`,
      ),
    )
    // Usernames that start with the query first, then by name.
    .orderBy(sql`(lower(${members.username}) like ${prefix}) desc`, asc(members.firstName), asc(members.id))
    .limit(SEARCH_LIMIT);
  return rows.map((r) => ({ id: r.id, name: displayName(r, lang), username: r.username }));
}

export async function findRecipient(id: number, lang: Language): Promise<Recipient | null> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  const [row] = await db()
    .select({ id: members.id, firstName: members.firstName, lastName: members.lastName, username: members.username })
    .from(members)
    .where(eq(members.id, id));
  return row ? { id: row.id, name: displayName(row, lang), username: row.username } : null;
}
