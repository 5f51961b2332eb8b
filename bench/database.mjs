// The bench's own access to Glow's database (ids for page addresses, counting the writes a
// run made) and a throw-away PostgreSQL 15 server, initdb'd the way .ci/run does it.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";

/**
 * Opens Glow's database for a few queries: PostgreSQL through pg, an embedded folder
 * through PGlite. An embedded folder belongs to one process at a time: open it only while
 * Glow is not running on it. Returns { query(text, params) → rows, close() }.
 */
export async function openBenchDatabase(databaseUrl) {
  if (databaseUrl.startsWith("postgres")) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    return {
      query: async (text, params) => (await client.query(text, params)).rows,
      close: () => client.end(),
    };
  }
  const dir = databaseUrl.replace(/^file:/, "");
  const db = await PGlite.create(dir);
  return {
    query: async (text, params) => (await db.query(text, params)).rows,
    close: () => db.close(),
  };
}

export async function withBenchDatabase(databaseUrl, work) {
  const db = await openBenchDatabase(databaseUrl);
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

const PG_BIN = "/usr/lib/postgresql/15/bin";

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * A PostgreSQL 15 server of its own, on loopback and a free port, in a temp folder removed
 * by `stop()`. As root the server runs as the `postgres` user (runuser), as .ci/run does.
 * Durability stays at PostgreSQL's defaults (fsync on): an event's writes are measured as
 * an operator's database would take them. Databases: `createDatabase(name)` → its URL.
 */
export async function startPostgres({ log = () => {}, statements = false } = {}) {
  if (!fs.existsSync(path.join(PG_BIN, "postgres"))) {
    throw new Error(`PostgreSQL 15 is not installed (${PG_BIN}); apt-get install postgresql-15, or leave out the event and growth parts`);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "glow-bench-pg-"));
  const asRoot = process.getuid?.() === 0;
  const asPostgres = (command, args) => {
    const [bin, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
    const result = spawnSync(bin, argv, { encoding: "utf8" });
    if (result.status !== 0) throw new Error(`${path.basename(command)} failed: ${result.stderr || result.stdout}`);
    return result.stdout;
  };
  if (asRoot) {
    try {
      execFileSync("id", ["postgres"], { stdio: "ignore" });
    } catch {
      execFileSync("useradd", ["--system", "--home-dir", "/var/lib/postgresql", "--shell", "/bin/false", "postgres"]);
    }
    fs.chownSync(dir, Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim()), 0);
  }
  const data = path.join(dir, "data");
  const port = await freePort();
  asPostgres(path.join(PG_BIN, "initdb"), ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"]);
  asPostgres(path.join(PG_BIN, "pg_ctl"), [
    "-D", data, "-l", path.join(dir, "server.log"), "-w", "-t", "60", "start",
    "-o",
    `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c max_connections=200` +
      // Which statements cost the database its time (BENCH_PG_STATEMENTS=1): a profile's
      // other half, read by statementsByTime().
      (statements ? " -c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track=all" : ""),
  ]);
  log(`PostgreSQL 15 on 127.0.0.1:${port} (${dir})`);
  const base = `postgres://postgres@127.0.0.1:${port}`;
  let stopped = false;
  return {
    dir,
    /** The data folder: its postmaster.pid names the server's first process. */
    dataDir: data,
    url: (database) => `${base}/${database}`,
    async createDatabase(name) {
      const admin = new pg.Client({ connectionString: `${base}/postgres` });
      await admin.connect();
      try {
        await admin.query(`create database ${name}`);
      } finally {
        await admin.end();
      }
      return `${base}/${name}`;
    },
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        asPostgres(path.join(PG_BIN, "pg_ctl"), ["-D", data, "-m", "immediate", "-w", "stop"]);
      } catch {
        /* already down */
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The statements that took a PostgreSQL database's time since `reset` (pg_stat_statements,
 * loaded when the server was started with `statements`), most first.
 */
export async function statementsByTime(databaseUrl, { reset = false, limit = 25 } = {}) {
  return withBenchDatabase(databaseUrl, async (db) => {
    await db.query("create extension if not exists pg_stat_statements");
    if (reset) {
      await db.query("select pg_stat_statements_reset()");
      return [];
    }
    return db.query(
      `select calls::int, round(total_exec_time::numeric, 1)::float as "totalMs",
              round((total_exec_time / calls)::numeric, 3)::float as "meanMs", rows::int,
              left(regexp_replace(query, '\\s+', ' ', 'g'), 300) as query
         from pg_stat_statements
        where dbid = (select oid from pg_database where datname = current_database())
        order by total_exec_time desc limit $1`,
      [limit],
    );
  });
}
