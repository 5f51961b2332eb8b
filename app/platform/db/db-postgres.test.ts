import pg from "pg";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DatabaseUnreachableError, NAMED_STATEMENTS_MAX, openDatabase, statementName } from "./db.server";

describe("PostgreSQL at start-up", () => {
  it("says plainly which server did not answer, without the password", async () => {
    // Port 1 on loopback: nothing listens there, so the connection is refused at once.
    const opening = openDatabase("postgres://glow:s3cret@127.0.0.1:1/glow");
    await expect(opening).rejects.toBeInstanceOf(DatabaseUnreachableError);
    await expect(openDatabase("postgres://glow:s3cret@127.0.0.1:1/glow")).rejects.toThrow(
      /^PostgreSQL at 127\.0\.0\.1:1\/glow did not answer \(.+\)\. Check DATABASE_URL/,
    );
    await opening.catch((error: Error) => expect(error.message).not.toContain("s3cret"));
  });
});

// The second pass of .ci/run points TEST_DATABASE_URL at a throw-away PostgreSQL 15.
const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)("PostgreSQL while serving", () => {
  it("keeps the process alive when the server ends an idle connection, and reconnects", async () => {
    const conn = await openDatabase(serverUrl, { migrate: false });
    try {
      const run = conn.db.execute.bind(conn.db) as unknown as (q: unknown) => Promise<{ rows: { pid: number }[] }>;
      const { rows } = await run(sql`select pg_backend_pid() as pid`);
      // The pooled connection is idle again; end it from outside, as a restart would.
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query("select pg_terminate_backend($1)", [rows[0]!.pid]);
      await admin.end();
      // Without a listener, the pool's "error" event would have ended this process by now.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await expect(conn.ping()).resolves.toBeUndefined();
    } finally {
      await conn.close();
    }
  });
});

describe.runIf(serverUrl)("PostgreSQL: statements prepared by name", () => {
  it("runs drizzle's statements as prepared statements of the connection, with the same answers", async () => {
    const conn = await openDatabase(serverUrl, { migrate: false });
    try {
      const run = conn.db.execute.bind(conn.db) as unknown as (q: unknown) => Promise<{ rows: Record<string, unknown>[] }>;
      // One statement at a time: the pool hands the same idle connection back each time.
      const first = await conn.db.select({ n: sql<number>`${41} + 1` }).from(sql`(values (1)) as v(x)`);
      const second = await conn.db.select({ n: sql<number>`${41} + 1` }).from(sql`(values (1)) as v(x)`);
      expect(first).toEqual([{ n: 42 }]);
      expect(second).toEqual(first);
      const { rows } = await run(sql`select name from pg_prepared_statements where statement like '%as v(x)%' and statement not like '%pg_prepared_statements%'`);
      expect(rows.length).toBe(1);
      expect(String(rows[0]!.name)).toMatch(/^glow_auto_/);
      // In a transaction too, and a statement without parameters (a migration's) is not prepared.
      const inTransaction = await conn.db.transaction(async (tx) => {
        const answer = await tx.select({ n: sql<number>`${2} * 21` }).from(sql`(values (1)) as w(y)`);
        const prepared = await tx.execute(sql`select name from pg_prepared_statements where statement like '%as w(y)%' and statement not like '%pg_prepared_statements%'`);
        return { answer, prepared: (prepared as unknown as { rows: unknown[] }).rows.length };
      });
      expect(inTransaction).toEqual({ answer: [{ n: 42 }], prepared: 1 });
      await conn.db.execute(sql.raw("select 7 as plain_statement"));
      const plain = await run(sql`select name from pg_prepared_statements where statement like '%plain_statement%' and statement not like '%pg_prepared_statements%'`);
      expect(plain.rows).toEqual([]);
    } finally {
      await conn.close();
    }
  });
});

describe.runIf(serverUrl)("PostgreSQL: prepared statements when the server forgets them", () => {
  it("prepares them again on the pool's new connections once the server has ended the old ones", async () => {
    const conn = await openDatabase(serverUrl, { migrate: false });
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      const ask = (n: number) => conn.db.select({ n: sql<number>`${n}::int * 2`, pid: sql<number>`pg_backend_pid()` }).from(sql`(values (1)) as forgotten(x)`);
      // Several at once: the statement is prepared on several connections of the pool.
      const before = await Promise.all([1, 2, 3, 4, 5].map(ask));
      expect(before.map(([row]) => row!.n)).toEqual([2, 4, 6, 8, 10]);
      const pids = [...new Set(before.map(([row]) => row!.pid))];
      // Every one of those sessions ended from outside, as a restart or a failover ends them:
      // the server forgets what they prepared.
      await admin.query("select pg_terminate_backend(pid) from unnest($1::int[]) as pid", [pids]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      // New connections: the same statements answer, prepared anew on each (pg keeps what a
      // connection prepared with the connection, so a new one starts with none).
      const after = await Promise.all([6, 7, 8, 9, 10].map(ask));
      expect(after.map(([row]) => row!.n)).toEqual([12, 14, 16, 18, 20]);
      expect(after.every(([row]) => !pids.includes(row!.pid))).toBe(true);
      const run = conn.db.execute.bind(conn.db) as unknown as (q: unknown) => Promise<{ rows: Record<string, unknown>[] }>;
      const { rows } = await run(sql`select name from pg_prepared_statements where statement like '%as forgotten(x)%' and statement not like '%pg_prepared_statements%'`);
      expect(rows).toHaveLength(1);
      expect(String(rows[0]!.name)).toMatch(/^glow_auto_/);
    } finally {
      await admin.end();
      await conn.close();
    }
  });
});

// After the tests above: this one fills the names up.
describe("statements prepared by name", () => {
  it("names each distinct text once, the same way in every process, and names no more than the bound", () => {
    const name = statementName("select 1 as glow_test_statement");
    expect(name).toMatch(/^glow_auto_[\w-]{24}$/);
    expect(statementName("select 1 as glow_test_statement")).toBe(name);
    expect(statementName("select 2 as glow_test_statement")).not.toBe(name);
    for (let i = 0; i < NAMED_STATEMENTS_MAX; i++) statementName(`select ${i} as glow_filler`);
    expect(statementName("select 3 as glow_test_statement, 'past the bound'")).toBeUndefined();
    expect(statementName("select 1 as glow_test_statement")).toBe(name);
  });
});
