/**
 * Statements prepared by name (decision 1240) across a real restart of PostgreSQL: a
 * restarted server has forgotten every prepared statement, and the pool's new connections
 * prepare them again; no statement ever fails with "prepared statement … does not exist".
 *
 * Runs in .ci/run's PostgreSQL pass, alone (it stops the server every other database test
 * uses), which sets TEST_DATABASE_URL and how to stop and start that server:
 * GLOW_TEST_PG_CTL, GLOW_TEST_PG_DATA, GLOW_TEST_PG_LOG, GLOW_TEST_PG_USER. Skipped without them.
 */
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { stoppablePostgres } from "../../../tests/support/database-away";
import { openDatabase, type Connection } from "./db.server";

const postgres = stoppablePostgres();

describe.skipIf(!postgres)("PostgreSQL restarts under statements prepared by name", () => {
  let conn: Connection | undefined;
  afterAll(async () => {
    postgres!.restore();
    await conn?.close();
  }, 120_000);

  it("answers the same statements again once the server is back, prepared anew on every connection", async () => {
    conn = await openDatabase(postgres!.serverUrl, { migrate: false });
    const ask = (n: number) => conn!.db.select({ n: sql<number>`${n}::int + 1` }).from(sql`(values (1)) as restarted(x)`);
    const prepared = () =>
      (conn!.db.execute(sql`select count(*)::int as n from pg_prepared_statements where statement like '%as restarted(x)%' and statement not like '%pg_prepared_statements%'`) as unknown as Promise<{ rows: { n: number }[] }>).then((r) => r.rows[0]!.n);
    // The pool's connections each prepare it (several at once, so several connections).
    expect((await Promise.all([1, 2, 3, 4, 5, 6].map(ask))).map(([row]) => row!.n)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(await prepared()).toBe(1);

    postgres!.stop();
    postgres!.start();

    // The first statements may meet a connection the server ended (as any statement would:
    // answered 503 to a member); within a few tries every one answers again.
    const errors: string[] = [];
    await expect
      .poll(
        async () => {
          const answers = await Promise.allSettled([10, 20, 30, 40, 50, 60].map(ask));
          for (const answer of answers) if (answer.status === "rejected") errors.push(String((answer.reason as Error).cause ?? answer.reason));
          return answers.map((a) => (a.status === "fulfilled" ? a.value[0]!.n : null));
        },
        { timeout: 20_000, interval: 200 },
      )
      .toEqual([11, 21, 31, 41, 51, 61]);
    // Never the server's "prepared statement … does not exist" (a name it had forgotten).
    expect(errors.filter((e) => /prepared statement/i.test(e))).toEqual([]);
    // And again many times over the new connections: every one answers.
    const again = await Promise.all(Array.from({ length: 30 }, (_, i) => ask(i)));
    expect(again.map(([row]) => row!.n)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(await prepared()).toBe(1);
  }, 120_000);
});
