import { sessionCookieFor, startSession } from "~/features/auth/session-store.server";
import { db } from "~/platform/db/db.server";
import { members } from "~/platform/db/schema";
import { BASE_URL } from "./route";

/**
 * A new member with a session, and the Cookie header that carries it. `phonePrefix` keeps
 * each test file's numbers apart (e.g. "+1555300"); the rest is a counter.
 */
export function memberFactory(phonePrefix: string) {
  let n = 0;
  return async function signedIn(values: Partial<typeof members.$inferInsert> = {}) {
    n += 1;
    const [member] = await db()
      .insert(members)
      .values({ phone: `${phonePrefix}${String(n).padStart(4, "0")}`, ...values })
      .returning();
    const sid = await startSession(member!.id);
    const cookie = (await sessionCookieFor(new Request(BASE_URL), sid)).split(";")[0]!;
    return { member: member!, cookie };
  };
}
