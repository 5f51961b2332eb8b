/**
 * What start-up does to a database, on either engine (PGlite here; PostgreSQL in the
 * second pass of .ci/run): the migrated schema takes the session secret and the demo
 * world, once.
 */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { seedDemoWorld, demoMembers } from "~/features/demo/seed.server";
import { demoStaff, lockPublishedDemoPasswords } from "~/features/demo/staff.seed.server";
import { setStaffPassword } from "~/features/staff/accounts.server";
import { OPERATOR } from "~/features/staff/audit.server";
import { checkPassword } from "~/features/staff/passwords.server";
import type { Connection } from "~/platform/db/db.server";
import { members, staffUsers } from "~/platform/db/schema";
import { loadMasterSecret } from "~/platform/secrets.server";
import { createTestDatabase } from "../support/db";

let conn: Connection;
beforeAll(async () => {
  conn = await createTestDatabase();
});

describe("start-up on a fresh database", () => {
  it("seeds the demo world once, and leaves it alone on the next start", async () => {
    expect(await seedDemoWorld(conn.db)).toBe(true);
    const count = async () => (await conn.db.select({ n: sql<number>`count(*)::int` }).from(members))[0]!.n;
    expect(await count()).toBe(demoMembers.length);
    expect(await seedDemoWorld(conn.db)).toBe(false);
    expect(await count()).toBe(demoMembers.length);
  });

  it("with the demo world not asked for, leaves no demo staff account on its published password", async () => {
    // A database seeded by an earlier start (an older image's default), then an operator
    // changed the agent's password: only the admin still opens with the README's password.
    await seedDemoWorld(conn.db);
    const account = async (username: string) => (await conn.db.select().from(staffUsers).where(eq(staffUsers.username, username)))[0]!;
    await setStaffPassword(OPERATOR, (await account("agent")).id, "the operator's own passphrase");
    const agentHash = (await account("agent")).passwordHash;

    expect(await lockPublishedDemoPasswords(conn.db)).toEqual(["admin"]);
    for (const { username, password } of demoStaff) {
      expect(await checkPassword((await account(username)).passwordHash, password), username).toBe(false);
    }
    expect((await account("agent")).passwordHash).toBe(agentHash);
    expect(await lockPublishedDemoPasswords(conn.db)).toEqual([]);
  });

  it("keeps one session secret across restarts", async () => {
    const first = await loadMasterSecret(conn.db, undefined);
    expect(await loadMasterSecret(conn.db, undefined)).toBe(first);
  });

  it("answers the readiness ping", async () => {
    await expect(conn.ping()).resolves.toBeUndefined();
  });
});
