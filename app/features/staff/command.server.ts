/**
 * `npm run staff -- …`: staff accounts from the command line (scripts/staff.mjs runs this
 * from the production build, against the database DATABASE_URL names).
 *
 *   add NAME [--admin]   a new account; asks for the password (twice on a terminal)
 *   password NAME        a new password for an account; its sessions end
 *   list                 every account, admin or agent, with its resources
 */
import { eq, sql } from "drizzle-orm";
import { db, openDatabase, setConnection } from "~/platform/db/db.server";
import { env } from "~/platform/env.server";
import { staffUsers } from "~/platform/db/schema";
import { createStaffAccount, listStaffAccounts, newPassword, NewStaffAccount, setStaffPassword } from "./accounts.server";
import { OPERATOR } from "./audit.server";
import { PASSWORD_MIN } from "./passwords.server";

export interface CommandIo {
  /** Asks for a secret (not echoed on a terminal). */
  askSecret(question: string): Promise<string>;
  out(line: string): void;
  err(line: string): void;
  /** Whether a person is typing (asks twice to catch a typo). */
  interactive: boolean;
}

const USAGE = [
  "Usage: npm run staff -- <command>",
  "  add NAME [--admin]   make a staff account (an agent, or an admin with --admin); asks for its password",
  "  password NAME        set a new password for an account (its sessions end)",
  "  list                 list the staff accounts",
].join("\n");

const operator = { ...OPERATOR, username: "(npm run staff)" };

async function askNewPassword(io: CommandIo, name: string): Promise<string | null> {
  const password = await io.askSecret(`Password for ${name} (at least ${PASSWORD_MIN} characters): `);
  const checked = newPassword.safeParse(password);
  if (!checked.success) {
    io.err(checked.error.issues[0]?.message === "staff:errors.passwordTooLong" ? "That password is too long." : `The password needs at least ${PASSWORD_MIN} characters.`);
    return null;
  }
  if (io.interactive && (await io.askSecret("Again, to be sure: ")) !== password) {
    io.err("The two passwords differ; nothing was changed.");
    return null;
  }
  return password;
}

/** Runs one command; answers the process exit code. */
export async function runStaffCommand(argv: string[], io: CommandIo): Promise<number> {
  const [command, name, ...rest] = argv;
  if (command !== "add" && command !== "password" && command !== "list") {
    io.err(USAGE);
    return 2;
  }
  if (command !== "list" && !name) {
    io.err(USAGE);
    return 2;
  }
  // What can be checked without the database is asked first: a typo costs no start-up.
  let adding: { username: string; password: string } | null = null;
  if (command === "add") {
    const username = NewStaffAccount.shape.username.safeParse(name);
    if (!username.success) {
      io.err("A username is 3 to 40 letters, digits, dots, dashes, underscores or @, starting and ending with a letter or digit.");
      return 2;
    }
    const password = await askNewPassword(io, username.data);
    if (password === null) return 1;
    adding = { username: username.data, password };
  }
  const opened = await openDatabase(env().DATABASE_URL);
  setConnection(opened);
  try {
    if (command === "list") {
      const accounts = await listStaffAccounts();
      if (accounts.length === 0) io.out("No staff accounts yet. Make one with: npm run staff -- add NAME --admin");
      for (const a of accounts) {
        io.out(`${a.username}\t${a.isAdmin ? "admin" : "agent"}${a.agentId ? `\tagent ${a.agentId}, ${a.resources.length} resource(s)` : ""}`);
      }
      return 0;
    }
    if (adding) {
      const isAdmin = rest.includes("--admin");
      const made = await createStaffAccount(operator, { ...adding, isAdmin });
      if (!made.ok) {
        io.err(`There is already a staff account named ${adding.username}.`);
        return 1;
      }
      io.out(`Made ${isAdmin ? "admin" : "agent"} ${adding.username}. Sign in at /login.`);
      return 0;
    }
    const [account] = await db()
      .select({ id: staffUsers.id, username: staffUsers.username })
      .from(staffUsers)
      .where(eq(sql`lower(${staffUsers.username})`, name!.toLowerCase()));
    if (!account) {
      io.err(`There is no staff account named ${name}.`);
      return 1;
    }
    const password = await askNewPassword(io, account.username);
    if (password === null) return 1;
    await setStaffPassword(operator, account.id, password);
    io.out(`New password set for ${account.username}; their sessions have ended.`);
    return 0;
  } finally {
    setConnection(undefined);
    await opened.close();
  }
}
