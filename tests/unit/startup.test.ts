/**
 * What start-up does to a database, on either engine (PGlite here; PostgreSQL in the
 * second pass of .ci/run): the migrated schema takes the session secret and the demo
 * world, once.
 */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { seedDemoWorld, demoMembers } from "~/features/demo/seed.server";
import type { Connection } from "~/platform/db/db.server";
import { members } from "~/platform/db/schema";
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

  it("keeps one session secret across restarts", async () => {
    const first = await loadMasterSecret(conn.db, undefined);
    expect(await loadMasterSecret(conn.db, undefined)).toBe(first);
  });

  it("answers the readiness ping", async () => {
    await expect(conn.ping()).resolves.toBeUndefined();
  });
});
