import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/platform/db/db.server";
import { transaction } from "~/platform/db/transaction.server";
import { createTestDatabase } from "../../tests/support/db";
import {
  currentTiming,
  databaseCallStarted,
  measureRequest,
  newRequestTiming,
  recordRender,
  serverTimingValue,
} from "./server-timing.server";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a request's Server-Timing figures", () => {
  it("counts statements that overlap once, and time between them not at all", async () => {
    let now = 1000;
    const timing = newRequestTiming(() => now);
    await measureRequest(timing, async () => {
      const a = databaseCallStarted();
      const b = databaseCallStarted();
      now += 30;
      a();
      now += 20;
      b();
      b(); // a second end changes nothing
      now += 40; // the page renders: not database time
      const c = databaseCallStarted();
      now += 10;
      await Promise.resolve();
      c();
    });
    expect(timing.queries).toBe(3);
    // 50 ms for a and b together (not 80), 10 for c.
    expect(timing.dbMs).toBe(60);
    expect(serverTimingValue(timing)).toBe('db;dur=60;desc="3 queries", total;dur=100');
  });

  it("is kept per request, through awaits, and nowhere outside one", async () => {
    expect(currentTiming()).toBeUndefined();
    databaseCallStarted()(); // outside a request: nothing to count, nothing thrown
    const one = newRequestTiming();
    const two = newRequestTiming();
    await Promise.all([
      measureRequest(one, async () => {
        await pause(5);
        databaseCallStarted()();
        recordRender(12.34);
      }),
      measureRequest(two, async () => {
        await pause(1);
        databaseCallStarted()();
        databaseCallStarted()();
      }),
    ]);
    expect([one.queries, two.queries]).toEqual([1, 2]);
    expect([one.renderMs, two.renderMs]).toEqual([12.34, null]);
  });

  it("reads as the header an operator sees", () => {
    const timing = { ...newRequestTiming(() => 100), dbMs: 3.21, queries: 4, renderMs: 5.06 };
    expect(serverTimingValue(timing, 109.84)).toBe('db;dur=3.2;desc="4 queries", render;dur=5.1, total;dur=9.8');
    const plain = { ...newRequestTiming(() => 0), queries: 1 };
    expect(serverTimingValue(plain, 2)).toBe('db;dur=0;desc="1 query", total;dur=2');
    // A statement still under way counts up to now.
    let now = 0;
    const open = newRequestTiming(() => now);
    measureRequest(open, () => databaseCallStarted());
    now = 7;
    expect(serverTimingValue(open)).toBe('db;dur=7;desc="1 query", total;dur=7');
  });
});

describe("the database connection counts its statements (database)", () => {
  beforeAll(async () => {
    await createTestDatabase();
  });

  it("times drizzle's statements and transactions for the request that sent them", async () => {
    const timing = newRequestTiming();
    await measureRequest(timing, async () => {
      await db().execute(sql`select pg_sleep(0.03)`);
      await Promise.all([db().execute(sql`select 1`), db().execute(sql`select 2`)]);
      await transaction(async (tx) => {
        await tx.execute(sql`select pg_sleep(0.02)`);
      });
    });
    expect(timing.queries).toBeGreaterThanOrEqual(4);
    expect(timing.dbMs).toBeGreaterThanOrEqual(45);
    expect(timing.active).toBe(0);

    // A statement outside any request is nobody's time.
    const before = { ...timing };
    await db().execute(sql`select 1`);
    expect(timing).toEqual(before);
  });
});
