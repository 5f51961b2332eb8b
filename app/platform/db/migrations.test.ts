/**
 * Committed migrations never change (decision 1200). The migrator applies a migration once,
 * by its place in the journal, and never compares a database with the file again: a file
 * edited after databases ran it leaves those databases silently different. So every
 * committed file keeps the sha256 written in drizzle/checksums.json, and the one time files
 * were edited (0003, 0010, 0011) is made good by migration 0012, proven here on a database
 * migrated with the files as they were first committed.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { throwAwayDatabase } from "../../../tests/support/db";

const DRIZZLE = path.resolve("drizzle");
const MANIFEST = path.join(DRIZZLE, "checksums.json");
/** The three edited files as their first commits had them (git show 0e43b12, fce584b, 3b9948a). */
const FIRST_COMMITTED = path.resolve("app/platform/db/migrations-as-first-committed");

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}
const journal = (folder = DRIZZLE): JournalEntry[] =>
  JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")).entries;
const sha256 = (file: string) => createHash("sha256").update(fs.readFileSync(file)).digest("hex");

describe("committed migrations", () => {
  const manifest: Record<string, string> = JSON.parse(fs.readFileSync(MANIFEST, "utf8"));

  it("keep the checksum they were committed with", () => {
    const problems: string[] = [];
    for (const { tag } of journal()) {
      const file = `${tag}.sql`;
      const now = sha256(path.join(DRIZZLE, file));
      const kept = manifest[file];
      if (kept === undefined) {
        problems.push(`${file} has no checksum yet: once it is final, add "${file}": "${now}" to drizzle/checksums.json`);
      } else if (kept !== now) {
        problems.push(
          `${file} changed after it was committed. Databases that ran it never run it again, so they would ` +
            `silently differ: put the old text back and make a new migration (npm run db:generate, or ` +
            `npx drizzle-kit generate --custom for SQL alone) that changes what you meant to change`,
        );
      }
    }
    for (const file of Object.keys(manifest)) {
      if (!fs.existsSync(path.join(DRIZZLE, file))) {
        problems.push(`${file} is in drizzle/checksums.json but gone from drizzle/: a committed migration is never removed or renamed`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("every .sql file in drizzle/ is in the journal (the migrator reads only the journal)", () => {
    const tags = new Set(journal().map((e) => `${e.tag}.sql`));
    const stray = fs.readdirSync(DRIZZLE).filter((f) => f.endsWith(".sql") && !tags.has(f));
    expect(stray).toEqual([]);
  });

  it("follow one another in time: the migrator skips an entry older than the last one a database ran", () => {
    // 0006_parties was merged with a timestamp older than 0005's: a database migrated to 0005
    // before the merge skipped it (decision 1200). It is committed, so it stays; no other may.
    const grandfathered = new Set(["0006_parties"]);
    const late: string[] = [];
    let newest = 0;
    for (const entry of journal()) {
      if (entry.when <= newest && !grandfathered.has(entry.tag)) late.push(`${entry.tag} (${entry.when} ≤ ${newest})`);
      newest = Math.max(newest, entry.when);
    }
    expect(late).toEqual([]);
  });
});

// ── An older database caught up by 0012 ──

/** One database, on PGlite or (in the second pass of .ci/run) on a PostgreSQL server. */
interface Scratch {
  migrate(folder: string): Promise<void>;
  rows<T>(query: string): Promise<T[]>;
  close(): Promise<void>;
}

const serverUrl = process.env.TEST_DATABASE_URL;

async function scratchDatabase(): Promise<Scratch> {
  if (!serverUrl) {
    const lite = await PGlite.create();
    return {
      migrate: (folder) => migratePglite(drizzlePglite(lite), { migrationsFolder: folder }),
      rows: async <T>(query: string) => (await lite.query<T>(query)).rows,
      close: () => lite.close(),
    };
  }
  const server = await throwAwayDatabase(serverUrl);
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  return {
    migrate: (folder) => migratePg(drizzlePg(client), { migrationsFolder: folder }),
    rows: async <T>(query: string) => (await client.query(query)).rows as T[],
    close: async () => {
      await client.end();
      await server.drop();
    },
  };
}

/**
 * drizzle/ as it stood before 0012, with the edited files as first committed: the journal up
 * to 0011 and today's files, but for the three originals.
 */
function foldersBeforeTheEdits(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "glow-first-migrations-"));
  fs.mkdirSync(path.join(dir, "meta"));
  const entries = journal().filter((e) => e.idx <= 11);
  const meta = JSON.parse(fs.readFileSync(path.join(DRIZZLE, "meta", "_journal.json"), "utf8"));
  fs.writeFileSync(path.join(dir, "meta", "_journal.json"), JSON.stringify({ ...meta, entries }));
  for (const { tag } of entries) {
    const original = path.join(FIRST_COMMITTED, `${tag}.sql`);
    fs.copyFileSync(fs.existsSync(original) ? original : path.join(DRIZZLE, `${tag}.sql`), path.join(dir, `${tag}.sql`));
  }
  return dir;
}

interface Shape {
  kind: string;
  name: string;
  definition: string;
}

/** Everything a migration shapes: columns, indexes, constraints, triggers, functions (with their bodies). */
const SHAPE = `
  select 'column' as kind, table_name || '.' || column_name as name,
         data_type || ' ' || is_nullable || ' ' || coalesce(column_default, '') as definition
    from information_schema.columns where table_schema = 'public'
  union all
  select 'index', indexname, indexdef from pg_indexes where schemaname = 'public'
  union all
  select 'constraint', conrelid::regclass::text || '.' || conname, pg_get_constraintdef(oid)
    from pg_constraint where connamespace = 'public'::regnamespace
  union all
  select 'trigger', tgrelid::regclass::text || '.' || tgname, pg_get_triggerdef(oid)
    from pg_trigger where not tgisinternal
  union all
  select 'function', proname, pg_get_functiondef(oid) from pg_proc where pronamespace = 'public'::regnamespace
  order by 1, 2`;

describe("a database made before 0010 and 0011 were edited", () => {
  const opened: Scratch[] = [];
  const open = async () => {
    const db = await scratchDatabase();
    opened.push(db);
    return db;
  };
  afterAll(async () => {
    for (const db of opened) await db.close();
  });

  it("ends, after 0012, with the schema of one migrated from today's files", async () => {
    const today = await open();
    await today.migrate(DRIZZLE);
    const wanted = await today.rows<Shape>(SHAPE);

    const older = await open();
    const firstFiles = foldersBeforeTheEdits();
    await older.migrate(firstFiles);
    fs.rmSync(firstFiles, { recursive: true, force: true });
    const before = await older.rows<Shape>(SHAPE);
    // The fixture really is the older shape: no index, the first function body.
    expect(before.find((s) => s.name === "contest_requests_one_pending")).toBeUndefined();
    const countScores = (shape: Shape[]) => shape.find((s) => s.kind === "function" && s.name === "glow_count_scores")?.definition;
    expect(countScores(before)).toBeDefined();
    expect(countScores(before)).not.toBe(countScores(wanted));

    // Without the index an older database could hold the same pending ask twice.
    await older.rows(`insert into members (id, phone) values (1, '+15550100001')`);
    await older.rows(`insert into contests (id, name) values (1, 'Spring')`);
    await older.rows(`insert into contest_requests (contest_id, member_id, kind) values
      (1, 1, 'join'), (1, 1, 'join'), (1, 1, 'question'), (1, 1, 'question')`);

    // The upgrade: today's folder, whose only migration this database has not run is 0012.
    await older.migrate(DRIZZLE);
    expect(await older.rows<Shape>(SHAPE)).toEqual(wanted);
    expect(await older.rows(`select id, kind from contest_requests order by id`)).toEqual([
      { id: 1, kind: "join" },
      { id: 3, kind: "question" },
      { id: 4, kind: "question" },
    ]);
    const ran = await older.rows<{ n: number }>(`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(ran[0]!.n).toBe(journal().length);
  }, 300_000);
});
