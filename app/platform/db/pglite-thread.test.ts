import { PGlite } from "@electric-sql/pglite";
import { MessageChannel } from "node:worker_threads";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withPreparedSelects } from "./pglite-prepared.server";
import { databaseClient, DRIZZLE_TEXT_TYPES, forwardNotices, installTextTypes, serveDatabase } from "./pglite-thread.server";

/** Tests that start a fresh PGlite (initdb, a few seconds; much longer on a busy machine). */
const INITDB_TIMEOUT_MS = 60_000;

/**
 * The database thread's protocol, both ends in this thread: messages still cross a real
 * MessageChannel, so every value and error is structured-cloned as between threads.
 */
let pg: PGlite;
let channel: MessageChannel;
let client: ReturnType<typeof databaseClient>;
let db: ReturnType<typeof drizzle>;

beforeAll(async () => {
  pg = await PGlite.create();
  await pg.exec(`create table notes (id serial primary key, body text unique, at timestamptz default now(), n int)`);
  channel = new MessageChannel();
  serveDatabase(channel.port2, withPreparedSelects(pg), async () => {});
  client = databaseClient(channel.port1);
  db = drizzle({ client: client as unknown as PGlite });
});
afterAll(async () => {
  channel.port1.close();
  await pg.close();
});

const count = async () => (await pg.query<{ n: number }>(`select count(*)::int as n from notes`)).rows[0]!.n;

describe("the embedded database over the thread protocol", () => {
  it("answers queries as PGlite does, dates kept as text the way drizzle asks", async () => {
    await db.execute(sql`insert into notes (body, n) values (${"first"}, ${1})`);
    const direct = await drizzle({ client: pg }).execute(sql`select body, at, n from notes order by id`);
    for (let i = 0; i < 4; i++) {
      const remote = await db.execute(sql`select body, at, n from notes order by id`);
      expect(remote.rows).toEqual(direct.rows);
    }
    expect(typeof (await db.execute(sql`select at from notes limit 1`)).rows[0]!.at).toBe("string");
  });

  it("commits a transaction's statements together", async () => {
    const before = await count();
    const answer = await db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes (body) values ('tx one')`);
      await tx.execute(sql`insert into notes (body) values ('tx two')`);
      return "done";
    });
    expect(answer).toBe("done");
    expect(await count()).toBe(before + 2);
  });

  it("rolls a failed transaction back whole and hands back Postgres's error, code and all", async () => {
    const before = await count();
    const failure = await db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into notes (body) values ('only once')`);
        await tx.execute(sql`insert into notes (body) values ('only once')`);
      })
      .catch((error: unknown) => error);
    expect(await count()).toBe(before);
    let e = failure as { code?: string; cause?: unknown } | undefined;
    while (e && !e.code) e = e.cause as typeof e;
    expect(e?.code).toBe("23505");
  });

  it("rolls back when the caller's own code throws inside the transaction", async () => {
    const before = await count();
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into notes (body) values ('never kept')`);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await count()).toBe(before);
  });

  it("keeps other statements waiting until a transaction ends, as PGlite does", async () => {
    const order: string[] = [];
    let letGo!: () => void;
    const hold = new Promise<void>((resolve) => (letGo = resolve));
    const tx = db.transaction(async (t) => {
      await t.execute(sql`insert into notes (body) values ('held')`);
      order.push("tx wrote");
      await hold;
      order.push("tx ends");
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const outside = db.execute(sql`select count(*) from notes where body = 'held'`).then((r) => {
      order.push("outside read");
      return Number((r.rows[0] as { count: string | number }).count);
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    letGo();
    await tx;
    expect(await outside).toBe(1);
    expect(order).toEqual(["tx wrote", "tx ends", "outside read"]);
  });

  it("fails every waiting and later call when the thread stops, instead of hanging", async () => {
    const silent = new MessageChannel(); // nothing answers on the other end
    let stop!: (error: Error) => void;
    const orphan = databaseClient(silent.port1, (listener) => (stop = listener));
    const waiting = orphan.query("select 1");
    stop(new Error("the database thread stopped (exit code 1)"));
    await expect(waiting).rejects.toThrow(/thread stopped/);
    await expect(orphan.query("select 1")).rejects.toThrow(/thread stopped/);
    silent.port1.close();
  });

  it("refuses a parser that would change values rather than drop it silently", async () => {
    await expect(
      client.query("select 1 as n", [], { parsers: { 23: (value: string) => Number(value) * 2 } }),
    ).rejects.toThrow(/keeps values as text/);
  });

  it("answers with the fields PGlite names, for queries and for each result of an exec", async () => {
    const text = `select body, n, at from notes order by id limit 1`;
    const direct = await pg.query(text, [], { rowMode: "array" });
    const remote = await client.query(text, [], { rowMode: "array" });
    expect(remote.fields).toEqual(direct.fields);
    expect(remote).toEqual({ ...direct, rows: remote.rows });
    const both = `select 1 as one; select 'two' as two, 2::int8 as n`;
    const remoteAll = await client.exec(both);
    expect(remoteAll.map((r) => r.fields)).toEqual((await pg.exec(both)).map((r) => r.fields));
  });

  it("answers a statement without drizzle's parsers the way PGlite would, dates as dates", async () => {
    const fresh = await PGlite.create();
    const expected = await fresh.query<{ at: unknown; ats: unknown; d: unknown; i: unknown }>(
      `select timestamptz '2026-01-02 03:04:05+00' as at, array[timestamp '2026-01-02 03:04:05'] as ats, date '2026-01-02' as d, interval '1 day' as i`,
    );
    await fresh.close();
    const answer = await client.query<{ at: unknown; ats: unknown; d: unknown; i: unknown }>(
      `select timestamptz '2026-01-02 03:04:05+00' as at, array[timestamp '2026-01-02 03:04:05'] as ats, date '2026-01-02' as d, interval '1 day' as i`,
    );
    expect(answer.rows).toEqual(expected.rows);
    expect(answer.rows[0]!.at).toBeInstanceOf(Date);
  }, INITDB_TIMEOUT_MS);
});

describe("notices from the thread", () => {
  it("reach the client before the answer of the statement that caused them, transactions at commit", async () => {
    const served = await PGlite.create();
    await served.exec(`create table marks (id serial primary key, n int)`);
    const pipe = new MessageChannel();
    serveDatabase(pipe.port2, withPreparedSelects(served), async () => {});
    await forwardNotices(pipe.port2, served, "marks_changed");
    const notices: string[] = [];
    const remote = drizzle({ client: databaseClient(pipe.port1, undefined, (n) => notices.push(n)) as unknown as PGlite });

    await remote.execute(sql`select pg_notify('marks_changed', '7')`);
    expect(notices).toEqual(["7"]);
    await remote.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('marks_changed', '8')`);
      expect(notices).toEqual(["7"]); // not before the transaction commits
    });
    expect(notices).toEqual(["7", "8"]);
    await remote.execute(sql`select pg_notify('elsewhere', '9')`);
    expect(notices).toEqual(["7", "8"]);

    pipe.port1.close();
    await served.close();
  }, INITDB_TIMEOUT_MS);
});

describe("drizzle's text types, installed once on the thread's PGlite", () => {
  it("leave drizzle's own statements nothing to bring, so PGlite merges no parsers for them", async () => {
    const seen: (number[] | undefined)[] = [];
    const spy = new MessageChannel();
    const served = await PGlite.create();
    serveDatabase(spy.port2, withPreparedSelects(served), async () => {});
    const post = spy.port1.postMessage.bind(spy.port1);
    spy.port1.postMessage = (message: { textTypes?: number[] }) => {
      seen.push(message.textTypes);
      post(message);
    };
    const spied = drizzle({ client: databaseClient(spy.port1) as unknown as PGlite });
    await spied.execute(sql`select now() as at`);
    spy.port1.close();
    await served.close();
    expect(seen.length).toBe(1);
    expect([...seen[0]!].sort()).toEqual([...DRIZZLE_TEXT_TYPES].sort());
    const scratch = await PGlite.create();
    expect(installTextTypes(scratch)(seen[0])).toBeUndefined();
    await scratch.close();
    // Two databases made (served and scratch): two initdbs' time.
  }, 2 * INITDB_TIMEOUT_MS);

  it("give back PGlite's defaults for the types a statement does not keep as text", async () => {
    const scratch = await PGlite.create();
    const timestampParser = scratch.parsers[1114];
    const parsersFor = installTextTypes(scratch);
    expect(parsersFor([...DRIZZLE_TEXT_TYPES])).toBeUndefined();
    expect(parsersFor([])).toMatchObject({ 1114: timestampParser });
    const some = parsersFor([1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182, 1083])!;
    expect(Object.keys(some)).toEqual(["1083"]);
    expect(some[1083]!("03:04:05")).toBe("03:04:05");
    expect(parsersFor([])).toBe(parsersFor([])); // built once per list of types
    await scratch.close();
  }, INITDB_TIMEOUT_MS);
});
