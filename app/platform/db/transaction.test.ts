/**
 * A transaction PostgreSQL rolls back for a conflict (a deadlock, a serialization failure) is
 * run again, its writes and after-commit work once; any other failure is not retried. The
 * conflict is raised by the work itself here: the embedded database has one connection and
 * never deadlocks.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { db } from "./db.server";
import { members } from "./schema";
import { afterCommit, transaction } from "./transaction.server";

const conflict = (code: string) => Object.assign(new Error("could not serialize access"), { cause: Object.assign(new Error("driver"), { code }) });

beforeAll(async () => {
  await createTestDatabase();
});

describe("a transaction rolled back for a conflict", () => {
  it.each(["40P01", "40001"])("is run again when PostgreSQL says %s: one write, one after-commit call", async (code) => {
    const phone = `+1555777${code === "40P01" ? "1001" : "1002"}`;
    let attempts = 0;
    let hooks = 0;
    await transaction(async (tx) => {
      attempts++;
      await tx.insert(members).values({ phone });
      afterCommit(() => {
        hooks++;
      });
      if (attempts === 1) throw conflict(code);
    });
    expect(attempts).toBe(2);
    expect(hooks).toBe(1);
    expect(await db().select().from(members).where(eq(members.phone, phone))).toHaveLength(1);
  });

  it("gives up after three attempts, and never retries another failure", async () => {
    let attempts = 0;
    await expect(
      transaction(async () => {
        attempts++;
        throw conflict("40P01");
      }),
    ).rejects.toThrow(/could not serialize/);
    expect(attempts).toBe(3);

    attempts = 0;
    await expect(
      transaction(async () => {
        attempts++;
        throw Object.assign(new Error("duplicate key"), { code: "23505" });
      }),
    ).rejects.toThrow(/duplicate key/);
    expect(attempts).toBe(1);
  });
});
