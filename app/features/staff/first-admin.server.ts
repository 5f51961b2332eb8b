/**
 * The first admin of a new installation, from STAFF_FIRST_ADMIN and
 * STAFF_FIRST_ADMIN_PASSWORD: made at start-up when the database has no staff account at
 * all, and never again (a container has no terminal for `npm run staff`).
 */
import { log } from "~/platform/log.server";
import { createStaffAccount, countStaffAccounts, NewStaffAccount } from "./accounts.server";
import { OPERATOR } from "./audit.server";

export class StaffConfigurationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigurationError";
  }
}

/** Answers the admin's username when one was made now, null otherwise. */
export async function ensureFirstAdmin(username: string | undefined, password: string | undefined): Promise<string | null> {
  if (!username && !password) return null;
  if (!username || !password) {
    throw new StaffConfigurationError("STAFF_FIRST_ADMIN and STAFF_FIRST_ADMIN_PASSWORD are set together, or not at all.");
  }
  const parsed = NewStaffAccount.safeParse({ username, password, isAdmin: true });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`).join(", ");
    throw new StaffConfigurationError(`STAFF_FIRST_ADMIN / STAFF_FIRST_ADMIN_PASSWORD are not usable (${problems}).`);
  }
  if ((await countStaffAccounts()) > 0) {
    log.info("staff accounts exist: STAFF_FIRST_ADMIN is not needed any more and was ignored");
    return null;
  }
  const made = await createStaffAccount({ ...OPERATOR, username: "(STAFF_FIRST_ADMIN)" }, parsed.data);
  if (!made.ok) return null; // another instance made it a moment ago
  log.info("created the first staff admin from STAFF_FIRST_ADMIN", { username: parsed.data.username });
  return parsed.data.username;
}
