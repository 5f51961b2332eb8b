/**
 * Migration 0013 gives contest results posts written as a line of text ("Spring Glow Hunt ·
 * #2: 1. The Lanterns") the facts later posts carry (decision 1222), so their cards say what
 * happened in a sentence; every contest gets the default of 3 judges per entry. Run on a
 * database migrated to 0012 with such posts in it, as an older install has them.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";

const DRIZZLE = path.resolve("drizzle");
const folders: string[] = [];

/** The committed migrations up to (not including) `tag`, in a folder of their own. */
function migrationsBefore(tag: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "glow-migrations-"));
  folders.push(dir);
  const journal = JSON.parse(fs.readFileSync(path.join(DRIZZLE, "meta/_journal.json"), "utf8")) as { entries: { tag: string }[] };
  const until = journal.entries.findIndex((e) => e.tag === tag);
  expect(until).toBeGreaterThan(0);
  fs.mkdirSync(path.join(dir, "meta"));
  fs.writeFileSync(path.join(dir, "meta/_journal.json"), JSON.stringify({ ...journal, entries: journal.entries.slice(0, until) }));
  for (const entry of journal.entries.slice(0, until)) fs.copyFileSync(path.join(DRIZZLE, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  return dir;
}

afterAll(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

describe("migration 0013", () => {
  it("turns older contest posts' line of text into facts and gives every contest 3 judges per entry", async () => {
    const pg = await PGlite.create();
    try {
      await migrate(drizzle(pg), { migrationsFolder: migrationsBefore("0013_contest_min_judges") });
      await pg.exec(`
        insert into contests (id, name) values (1, 'Spring Glow Hunt');
        insert into posts (id, type, ref_id, text) values
          (1, 'contest', 1, 'Spring Glow Hunt · #2: 1. The Lanterns'),
          (2, 'contest', 1, 'Night · #3 · Finals · #4: 1. Comet Crew'),
          (3, 'contest', 1, 'Spring Glow Hunt · #5'),
          (4, 'contest', 1, 'Something else entirely'),
          (5, 'party', 1, 'Spring Glow Hunt · #2: 1. The Lanterns');
      `);
      await migrate(drizzle(pg), { migrationsFolder: DRIZZLE });
      const { rows } = await pg.query<{ id: number; text: string; data: Record<string, unknown> }>("select id, text, data from posts order by id");
      expect(rows).toEqual([
        { id: 1, text: "", data: { contest: "Spring Glow Hunt", round: 2, winner: "The Lanterns" } },
        { id: 2, text: "", data: { contest: "Night · #3 · Finals", round: 4, winner: "Comet Crew" } },
        { id: 3, text: "", data: { contest: "Spring Glow Hunt", round: 5 } },
        // Not the line publishing wrote: left as it was.
        { id: 4, text: "Something else entirely", data: {} },
        { id: 5, text: "Spring Glow Hunt · #2: 1. The Lanterns", data: {} },
      ]);
      const { rows: contests } = await pg.query<{ min_judges: number }>("select min_judges from contests");
      expect(contests).toEqual([{ min_judges: 3 }]);
    } finally {
      await pg.close();
    }
    // Every migration twice on a fresh PGlite: tens of seconds on a busy machine.
  }, 180_000);
});
