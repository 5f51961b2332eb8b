// The built server (`server.js`) on its embedded database, with a window onto that database
// for the route fuzz suite (tests/unit/route-fuzz.test.ts): a second port, on this machine only, that
// answers a checksum of every table, so the suite can tell whether a refused request changed
// anything. PGlite is one connection in one process, so the checksum has to be taken here,
// through the server's own instance (caught as it makes its first query).
// Test support only: nothing here is in Glow.
import http from "node:http";
import { PGlite } from "@electric-sql/pglite";

let database = null;
for (const name of ["query", "exec", "transaction"]) {
  const original = PGlite.prototype[name];
  PGlite.prototype[name] = function caught(...args) {
    if (!database) keep(this);
    return original.apply(this, args);
  };
}
/** The server's own instance, the first that makes a query. */
function keep(instance) {
  database = instance;
}

/**
 * Every table of the public schema: its row count and the sum of a hash of each row. A
 * session's last_seen_at is left out of the hash: it records that a signed-in caller was
 * seen (the staff console's idle clock), which is true of a refused request too
 * (decision 1345); every other column of every row counts.
 */
async function checksum() {
  const { rows: tables } = await database.query(
    "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name",
  );
  const parts = tables.map(
    ({ name }) => `select '${name}' as name, count(*)::text as rows, coalesce(sum(hashtext((to_jsonb(t) - 'last_seen_at')::text)::bigint), 0)::text as hash from "${name}" t`,
  );
  const { rows } = await database.query(parts.join(" union all "));
  return Object.fromEntries(rows.map((row) => [row.name, `${row.rows}:${row.hash}`]));
}

const door = http.createServer((req, res) => {
  if (!database) return void res.writeHead(503).end();
  checksum().then(
    (tables) => res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(tables)),
    (error) => res.writeHead(500).end(String(error)),
  );
});
door.listen(0, "127.0.0.1", () => console.log(JSON.stringify({ msg: "fuzz checksum window", port: door.address().port })));

await import("../../server.js");
