import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sqlLiteral, withPreparedSelects } from "./pglite-prepared.server";

let raw: PGlite;
let client: PGlite;

beforeAll(async () => {
  raw = await PGlite.create();
  await raw.exec(`create table notes (id serial primary key, body text, n int, ok boolean)`);
  client = withPreparedSelects(raw);
});
afterAll(async () => {
  await raw.close();
});

const preparedCount = async () =>
  (await raw.query<{ n: number }>(`select count(*)::int as n from pg_prepared_statements`)).rows[0]!.n;

describe("prepared selects on the embedded database", () => {
  it("answer like the plain query, before and after the statement is prepared", async () => {
    await raw.query(`insert into notes (body, n, ok) values ($1, 1, true), ($2, 2, false)`, ["one", "two"]);
    const text = `select id, body, n, ok from notes where n >= $1 and ok = $2 order by id`;
    const expected = await raw.query(text, [1, true], { rowMode: "array" });
    for (let i = 0; i < 6; i++) {
      const answer = await client.query(text, [1, true], { rowMode: "array" });
      expect(answer.rows).toEqual(expected.rows);
      expect(answer.fields).toEqual(expected.fields);
    }
    expect(await preparedCount()).toBeGreaterThan(0);
  });

  it("pass text exactly, quotes, backslashes, unicode and all", async () => {
    const tricky = ["O'Brien", "back\\slash\\'", "'; drop table notes; --", "火花仔 ✨", "", "$1"];
    for (const body of tricky) await raw.query(`insert into notes (body, n) values ($1, 9)`, [body]);
    const text = `select body from notes where body = $1 and n = $2`;
    for (let round = 0; round < 4; round++) {
      for (const body of tricky) {
        expect((await client.query<{ body: string }>(text, [body, 9])).rows).toEqual([{ body }]);
      }
    }
    expect((await raw.query(`select count(*)::int as n from notes`)).rows[0]).toEqual({ n: 8 });
  });

  it("treat null parameters as NULL", async () => {
    const text = `select count(*)::int as n from notes where body is not distinct from $1`;
    for (let i = 0; i < 4; i++) expect((await client.query(text, [null])).rows).toEqual([{ n: 0 }]);
  });

  it("run what Postgres cannot prepare the ordinary way", async () => {
    // An untyped parameter in the select list cannot be prepared; it still answers.
    const text = `select $1 as echo`;
    for (let i = 0; i < 4; i++) expect((await client.query(text, ["hi"])).rows).toEqual([{ echo: "hi" }]);
  });

  it("refuse a NUL in text the ordinary way, never as a cut-short statement", async () => {
    const text = `select count(*)::int as n from notes where body = $1`;
    for (let i = 0; i < 4; i++) await client.query(text, ["warm"]);
    await expect(client.query(text, ["a\0'; drop table notes; --"])).rejects.toThrow();
    expect((await raw.query(`select count(*)::int as n from notes`)).rows[0]).toEqual({ n: 8 });
  });

  it("leave writes alone", async () => {
    const before = await preparedCount();
    for (let i = 0; i < 4; i++) await client.query(`update notes set n = n where id = $1`, [1]);
    expect(await preparedCount()).toBe(before);
  });

  it("quote literals safely", () => {
    expect(sqlLiteral("it's")).toBe("'it''s'");
    expect(sqlLiteral(null)).toBe("NULL");
    expect(sqlLiteral(5)).toBe("'5'");
    expect(sqlLiteral(false)).toBe("'false'");
  });
});
