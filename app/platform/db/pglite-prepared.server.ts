/**
 * Server-side prepared statements for the embedded database.
 *
 * PGlite runs every query as a fresh unnamed statement: Postgres parses and plans it each
 * time, and on a page like the signed-in home that was half of the session lookup's cost,
 * spent on the thread that renders pages. PGlite's API has no named statements, so this
 * wrapper uses SQL's own: a SELECT seen a few times is `PREPARE`d once, then run as
 * `EXECUTE name('literal', …)`, sent as one simple query. Parameters travel as quoted
 * literals (standard conforming strings: only the quote needs doubling), and Postgres casts
 * each to the type it inferred at PREPARE, as it does for bound parameters.
 *
 * Anything unusual takes the ordinary path: statements inside transactions (drizzle runs
 * those on the transaction's own handle), non-SELECTs, parameters that are not plain
 * scalars, and any statement Postgres refuses to prepare (it is remembered and not tried
 * again). PostgreSQL deployments do not use this; node-postgres has named statements.
 */
import type { PGlite, Results } from "@electric-sql/pglite";

/** Uses of one text before it is prepared: one-off statements are not worth a PREPARE. */
const PREPARE_AFTER = 3;
/** At most this many prepared statements (each holds a plan in the database's memory). */
const MAX_PREPARED = 200;
/** Texts counted before preparing; forgotten in bulk when the count table gets this big. */
const MAX_COUNTED = 2_000;

type Param = string | number | boolean | bigint | null | undefined;

const isScalar = (value: unknown): value is Param =>
  value === null ||
  value === undefined ||
  // A NUL would end the statement's text early (Postgres text cannot hold one anyway).
  (typeof value === "string" && !value.includes("\0")) ||
  typeof value === "number" ||
  typeof value === "boolean" ||
  typeof value === "bigint";

/** A quoted SQL literal (or NULL) for an EXECUTE argument. */
export function sqlLiteral(value: Param): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number" && !Number.isFinite(value)) return `'${String(value)}'`;
  return `'${String(value).replaceAll("'", "''")}'`;
}

export function withPreparedSelects(client: PGlite): PGlite {
  const seen = new Map<string, number>();
  const prepared = new Map<string, string>(); // text → statement name
  const refused = new Set<string>();
  let next = 0;
  // PREPARE is itself a statement: one at a time per text, shared by concurrent callers.
  const preparing = new Map<string, Promise<string | null>>();

  async function prepare(text: string): Promise<string | null> {
    const name = `glow_prepared_${++next}`;
    try {
      await client.exec(`PREPARE ${name} AS ${text}`);
      prepared.set(text, name);
      return name;
    } catch {
      refused.add(text);
      return null;
    }
  }

  const query: PGlite["query"] = async (text, params, options) => {
    const args = params ?? [];
    const eligible =
      !refused.has(text) &&
      /^\s*select\b/i.test(text) &&
      args.every(isScalar) &&
      (prepared.has(text) || prepared.size < MAX_PREPARED);
    if (!eligible) return client.query(text, params, options);

    let name = prepared.get(text);
    if (!name) {
      const uses = (seen.get(text) ?? 0) + 1;
      if (seen.size >= MAX_COUNTED) seen.clear();
      seen.set(text, uses);
      if (uses < PREPARE_AFTER) return client.query(text, params, options);
      let pending = preparing.get(text);
      if (!pending) {
        pending = prepare(text).finally(() => preparing.delete(text));
        preparing.set(text, pending);
      }
      name = (await pending) ?? undefined;
      if (!name) return client.query(text, params, options);
    }
    const list = (args as Param[]).map(sqlLiteral).join(", ");
    // Sent as a simple query: one protocol message instead of the extended protocol's six
    // (parse, describe, bind, describe, execute, sync), a third of a lookup's time. Results
    // are parsed the same way, with the caller's row mode and parsers.
    const [result] = await client.exec(list ? `EXECUTE ${name}(${list})` : `EXECUTE ${name}`, options);
    return result as Results<never>;
  };

  // Everything else is PGlite's own (bound to it: its methods use private fields).
  return new Proxy(client, {
    get(target, property) {
      if (property === "query") return query;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
