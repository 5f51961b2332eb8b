/**
 * "The database is away", recognised in one place (docs/decisions/0510): what PostgreSQL's
 * client and the embedded database throw when they cannot answer at all, as opposed to a
 * query the database refused (a constraint, a bad statement), which is Glow's own bug.
 */

/** Network failures of a connection to PostgreSQL (Node's error codes). */
const CONNECTION_ERRNOS = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);

/**
 * PostgreSQL's own: class 08 (connection exception: 08000, 08001, 08003, 08004, 08006…),
 * 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up or
 * shutting down), 53300 too_many_connections.
 */
const SQLSTATES = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;

/** What the clients say in words when there is no code to read. */
const MESSAGES = [
  /Connection terminated/i, // node-postgres: the server closed the connection
  /timeout exceeded when trying to connect/i, // node-postgres pool: connectionTimeoutMillis
  /Client has encountered a connection error/i,
  /Cannot use a pool after calling end/i,
  /^PGlite is clos(ed|ing)$/, // PGlite: closed, or closing
  /^the database thread stopped/, // the embedded database's thread died
  /^database closed$/, // our embedded connection, once closed
];

/** The errors inside this one: drizzle wraps the driver's error in `cause`. */
function* chain(error: unknown): Generator<unknown> {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === "object" && !seen.has(current)) {
    seen.add(current);
    yield current;
    if (current instanceof AggregateError) for (const inner of current.errors) yield* chain(inner);
    current = (current as { cause?: unknown }).cause;
  }
}

/** Why the database could not answer, in a few words (a code or the client's message), or null. */
export function databaseUnavailableReason(error: unknown): string | null {
  for (const link of chain(error)) {
    const { code, message } = link as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (CONNECTION_ERRNOS.has(code) || SQLSTATES.test(code))) return code;
    if (typeof message === "string" && MESSAGES.some((pattern) => pattern.test(message))) return message.slice(0, 120);
  }
  return null;
}

/** Whether an error means the database is away (unreachable, shut down, closed), not a bug. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return databaseUnavailableReason(error) !== null;
}
