/**
 * One DATABASE_URL, two engines, the same schema and migrations:
 *   unset              → embedded PGlite in ./data/glow
 *   file:PATH          → embedded PGlite in PATH
 *   memory:            → PGlite in memory
 *   postgres(ql)://…   → PostgreSQL through a pg pool
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { databaseConnectionLost } from "./outage.server";
import { timedDatabaseClient, timedPoolClass } from "~/platform/server-timing.server";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type DatabaseTarget =
  | { kind: "pglite"; dataDir: string | null }
  | { kind: "postgres"; url: string };

export const DEFAULT_DATA_DIR = "./data/glow";

export function parseDatabaseUrl(url: string | undefined): DatabaseTarget {
  const value = url?.trim();
  if (!value) return { kind: "pglite", dataDir: DEFAULT_DATA_DIR };
  if (value === "memory:" || value === "memory://") return { kind: "pglite", dataDir: null };
  if (value.startsWith("file:")) {
    const dir = value.slice("file:".length).replace(/^\/\/(?=\/)/, "");
    if (!dir) throw new Error("DATABASE_URL file: needs a folder, e.g. file:./data/glow");
    return { kind: "pglite", dataDir: dir };
  }
  if (value.startsWith("postgres://") || value.startsWith("postgresql://")) {
    return { kind: "postgres", url: value };
  }
  throw new Error(
    "DATABASE_URL must be empty, file:PATH, memory:, or a postgres:// / postgresql:// URL",
  );
}

export function describeTarget(target: DatabaseTarget): string {
  if (target.kind === "postgres") {
    const u = new URL(target.url);
    return `PostgreSQL at ${u.hostname}${u.port ? `:${u.port}` : ""}${u.pathname}`;
  }
  return target.dataDir ? `embedded PGlite in ${target.dataDir}` : "embedded PGlite in memory";
}

export interface Connection {
  db: Database;
  target: DatabaseTarget;
  /** `select 1`; throws when the database cannot answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** PostgreSQL did not answer at start-up: said plainly, without a stack trace. */
export class DatabaseUnreachableError extends Error {
  constructor(target: DatabaseTarget, cause: unknown) {
    const why = cause instanceof Error ? cause.message || (cause as NodeJS.ErrnoException).code || cause.name : String(cause);
    super(`${describeTarget(target)} did not answer (${why}). Check DATABASE_URL and that the server is up.`);
    this.name = "DatabaseUnreachableError";
  }
}

export class DatabaseLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The embedded database in ${dir} is already open in another Glow process (pid ${pid}). ` +
        `Stop that process first, or point DATABASE_URL at another folder (file:PATH) or at PostgreSQL.`,
    );
    this.name = "DatabaseLockedError";
  }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * PGlite is one process on one folder: a second process would corrupt it. A lock file
 * beside the folder, holding our pid, refuses the second process with a clear message.
 */
function acquireFolderLock(dataDir: string): () => void {
  const lockPath = `${path.resolve(dataDir)}.lock`;
  fs.mkdirSync(path.dirname(lockPath), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      return () => {
        try {
          if (fs.readFileSync(lockPath, "utf8") === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(fs.readFileSync(lockPath, "utf8").trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
        throw new DatabaseLockedError(dataDir, holder);
      }
      fs.rmSync(lockPath, { force: true }); // stale lock from a process that died
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

/**
 * How many distinct statements are prepared on PostgreSQL (decision 1240). PostgreSQL parses
 * and plans an unnamed statement every time it runs it; for Glow's short reads that took two
 * to five times as long as running them (pg_stat_statements on the bench's pages: 0.13–0.32
 * ms planning against 0.02–0.11 ms running). A named statement is parsed once per connection
 * and, once PostgreSQL finds its generic plan as good as a custom one, planned once too. Each
 * prepared statement holds memory in every connection of the pool that ran it, so only the
 * first `NAMED_STATEMENTS_MAX` distinct texts a process sends are named: the hot ones, which
 * every page sends, come first; the rest (a rare report, an IN list of an unusual length)
 * run unnamed as before.
 */
export const NAMED_STATEMENTS_MAX = 200;

const statementNames = new Map<string, string>();

/** The name a statement's text is prepared under, or undefined once the names are all given. */
export function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < NAMED_STATEMENTS_MAX) {
    // The text's digest: the same text gets the same name in every process and connection.
    name = `glow_auto_${createHash("sha256").update(text).digest("base64url").slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
}

type QueryConfig = { text?: unknown; name?: unknown };

/**
 * A pg client whose parameterised statements are prepared by name (`statementName`): drizzle
 * hands the client a query config without a name unless `.prepare(name)` gave it one; the
 * client gives it the text's. Statements without parameters (migrations, `begin`, a raw
 * script that may hold several commands, which a prepared statement cannot) run as before.
 * Every connection of the pool is one of these: its queries, and a transaction's.
 */
class NamingClient extends pg.Client {
  override query(...args: unknown[]): never {
    const config = args[0] as (QueryConfig & { values?: unknown }) | null;
    const values = Array.isArray(args[1]) ? args[1] : config?.values;
    if (config && typeof config === "object" && typeof config.text === "string" && !config.name && Array.isArray(values) && values.length > 0) {
      const name = statementName(config.text);
      if (name) args[0] = { ...config, name };
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}

/** A pg pool whose statements count as the request's database time (Server-Timing). */
const TimedPool = timedPoolClass(pg.Pool);

/** LOG_SQL=1 prints every statement to the console (a development aid; never in production logs). */
const logSql = () => process.env.LOG_SQL === "1";

export const MIGRATIONS_FOLDER = path.resolve(process.env.GLOW_MIGRATIONS_DIR ?? "drizzle");

/** Opens the database named by DATABASE_URL and applies every committed migration. */
export async function openDatabase(
  url: string | undefined,
  options: { migrate?: boolean; pglite?: PGlite } = {},
): Promise<Connection> {
  const target = parseDatabaseUrl(url);
  const shouldMigrate = options.migrate ?? true;

  if (target.kind === "postgres") {
    // A server that does not answer (down, a failover) fails the request after 5 s
    // (answered 503, decision 1146) instead of holding it until the client gives up.
    const pool = new TimedPool({ connectionString: target.url, max: 10, connectionTimeoutMillis: 5_000, Client: NamingClient });
    // A connection the server drops (a restart, a failover, an administrator) must never end
    // the process: an EventEmitter's 'error' without a listener throws. The pool listens to
    // its idle connections ('error' on the pool); a connection checked out of it (a
    // transaction between statements, the migration's) has no listener of the pool's, so
    // each gets one of its own as it is made. Its statement fails (answered 503, decision
    // 1122), the pool drops it when it is released and opens a new one for the next query;
    // one line says the database went, one that it is back (outage.server.ts).
    pool.on("error", databaseConnectionLost);
    pool.on("connect", (client) => client.on("error", databaseConnectionLost));
    const db = drizzlePg(pool, { schema, logger: logSql() }) as unknown as Database;
    if (shouldMigrate) {
      // Several instances may start at once: one migrates, the others wait on the lock.
      const client = await pool.connect().catch(async (error: unknown) => {
        await pool.end().catch(() => {});
        throw new DatabaseUnreachableError(target, error);
      });
      try {
        await client.query("select pg_advisory_lock(827341)");
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query("select pg_advisory_unlock(827341)").catch(() => {});
        client.release();
      }
    }
    return {
      db,
      target,
      ping: async () => {
        await pool.query("select 1");
      },
      close: () => pool.end(),
    };
  }

  const release = target.dataDir ? acquireFolderLock(target.dataDir) : () => {};
  let client: PGlite | undefined;
  try {
    if (options.pglite) {
      client = options.pglite;
    } else {
      if (target.dataDir) fs.mkdirSync(target.dataDir, { recursive: true });
      // relaxedDurability: answer a query without waiting for PGlite's copy-back to the
      // folder (it still happens right after); see docs/decisions/0009-embedded-database-speed.md.
      client = await PGlite.create(target.dataDir ?? undefined, { relaxedDurability: true });
    }
    if (shouldMigrate) {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    }
  } catch (error) {
    // An instance left open would keep the process alive (and the folder in use).
    if (client && !options.pglite) await client.close().catch(() => {});
    release();
    throw error;
  }
  const pglite = client;
  // Statements count as the request's database time (Server-Timing).
  const db = drizzlePglite({ client: timedDatabaseClient(pglite), schema, logger: logSql() }) as unknown as Database;
  let closed = false;
  return {
    db,
    target,
    ping: async () => {
      if (closed) throw new Error("database closed");
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      try {
        await pglite.close();
      } finally {
        release();
      }
    },
  };
}

// ── The process-wide connection, set once at start-up (or by a test). ──

let current: Connection | undefined;

export function setConnection(connection: Connection | undefined) {
  current = connection;
}

export function connection(): Connection {
  if (!current) throw new Error("The database is not connected yet");
  return current;
}

/** The drizzle database every service uses. */
export function db(): Database {
  return connection().db;
}
