/**
 * The embedded database on a thread of its own (docs/decisions/0021).
 *
 * PGlite is Postgres compiled to WebAssembly: every query runs on the thread that called
 * it. On the render thread that was a fifth of a member's page. Here PGlite runs in a
 * worker thread, and the render thread holds a small client with the part of PGlite's API
 * that drizzle and Glow use (`query`, `exec`, `transaction`, `close`), the way it would
 * hold a connection to PostgreSQL in another process.
 *
 * The two sides talk in messages (`DatabaseRequest` / `DatabaseReply`), so the protocol is
 * tested in one thread over a MessageChannel, and the worker is only the wiring at the end.
 * - Results are structured-cloned. drizzle's parsers only keep dates as text; they travel
 *   as a list of type ids and the thread applies the same identity parsers. Any other
 *   parser is refused rather than silently dropped.
 * - Errors keep their name, message and Postgres fields (code, constraint, detail, …).
 * - A transaction holds the database, as in PGlite itself: the thread opens it, runs the
 *   statements sent with its id on the transaction's handle, and commits or rolls back when
 *   told. Other statements wait for it.
 */
import { isMainThread, type MessagePort, parentPort, Worker, workerData } from "node:worker_threads";
import { type PGlite, type QueryOptions, type Results, type Transaction, types } from "@electric-sql/pglite";

type Op = "query" | "exec" | "begin" | "commit" | "rollback" | "close";

export interface DatabaseRequest {
  id: number;
  op: Op;
  /** The transaction a statement belongs to (begin, commit and rollback name theirs). */
  tx?: number;
  text?: string;
  params?: unknown[];
  rowMode?: "array" | "object";
  /** Type ids whose values stay text (drizzle's date and interval parsers). */
  textTypes?: number[];
}

export type DatabaseReply =
  | { id: number; ok: true; result?: unknown }
  | { id: number; ok: false; error: Record<string, unknown> };

/**
 * A Postgres notice on the channel the thread listens on (member-changes.server.ts). It is
 * posted when PGlite reads it, while the statement that caused it is still being answered,
 * so it reaches the client before that statement's reply.
 */
export type DatabaseNotice = { notice: string };

/**
 * An error as it crosses threads: its message, name, stack, cause and every own field that
 * is plain text or a number (Postgres's code, detail, constraint, …). Fields holding objects
 * (PGlite attaches the query's options, parsers and all) stay behind.
 */
function flattenError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error), name: "Error" };
  const flat: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (key === "cause") flat.cause = flattenError(value);
    else if (value === null || ["string", "number", "boolean", "bigint"].includes(typeof value)) flat[key] = value;
  }
  return { ...flat, message: error.message, name: error.name, stack: error.stack };
}

function restoreError(flat: Record<string, unknown>): Error {
  const { message, name, stack, cause, ...fields } = flat;
  const error = new Error(String(message ?? "database error"));
  Object.assign(error, fields);
  error.name = String(name ?? "Error");
  if (typeof stack === "string") error.stack = stack;
  if (cause && typeof cause === "object") error.cause = restoreError(cause as Record<string, unknown>);
  return error;
}

const keepText = (value: string) => value;

/**
 * A result's fields cross as two lists (names and type ids): cloning a few dozen small
 * objects cost more than the rows themselves. The client makes them objects again when
 * asked (drizzle reads only the rows).
 */
interface WireResults {
  fieldNames: string[];
  fieldTypes: number[];
  [key: string]: unknown;
}

function toWire(result: unknown): unknown {
  if (Array.isArray(result)) return result.map(toWire);
  if (!result || typeof result !== "object" || !Array.isArray((result as Results).fields)) return result;
  const { fields, ...rest } = result as Results;
  return { ...rest, fieldNames: fields.map((f) => f.name), fieldTypes: fields.map((f) => f.dataTypeID) };
}

function fromWire(result: unknown): unknown {
  if (Array.isArray(result)) return result.map(fromWire);
  if (!result || typeof result !== "object" || !Array.isArray((result as WireResults).fieldNames)) return result;
  const { fieldNames, fieldTypes, ...rest } = result as WireResults;
  let fields: Results["fields"] | undefined;
  return Object.defineProperty(rest, "fields", {
    get: () => (fields ??= fieldNames.map((name, i) => ({ name, dataTypeID: fieldTypes[i]! }))),
    enumerable: true,
    configurable: true,
  });
}

/**
 * The types drizzle keeps as text on every statement: timestamp, timestamptz, interval and
 * date, and the arrays of those and of numeric.
 */
export const DRIZZLE_TEXT_TYPES: readonly number[] = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];

/** Postgres's built-in array types among those, and their elements' types. */
const ARRAY_ELEMENTS: Record<number, number> = { 1115: 1114, 1185: 1184, 1187: 1186, 1182: 1082, 1231: 1700 };

/**
 * Installs "keep as text" for drizzle's types on `db` itself, and answers which parsers a
 * statement must still bring.
 *
 * PGlite copies its ~320 default parsers into a fresh object for every statement that brings
 * parsers of its own (about 160 µs, the thread's largest cost on a page). drizzle brings the
 * same ones every time, so they become the instance's own and its statements bring none.
 * A statement that asks for other types (or none, as a raw `select`) gets PGlite's defaults
 * back for the installed types, so it is answered exactly as before.
 */
export function installTextTypes(db: PGlite, installed: readonly number[] = DRIZZLE_TEXT_TYPES) {
  const defaults: NonNullable<QueryOptions["parsers"]> = {};
  for (const type of installed) {
    const element = ARRAY_ELEMENTS[type];
    // PGlite's array parsers read the element's parser from the instance when they run, so
    // an array of an installed type gets one that holds the element's default itself.
    const elementDefault = element === undefined ? undefined : db.parsers[element];
    defaults[type] =
      element !== undefined && installed.includes(element)
        ? (value: string) => types.arrayParser(value, elementDefault ?? keepText, type)
        : db.parsers[type]!;
  }
  db.parsers = { ...db.parsers, ...Object.fromEntries(installed.map((type) => [type, keepText])) };
  const byKey = new Map<string, QueryOptions["parsers"]>();
  return (textTypes: readonly number[] = []): QueryOptions["parsers"] => {
    const key = textTypes.join(",");
    if (byKey.has(key)) return byKey.get(key);
    const parsers: NonNullable<QueryOptions["parsers"]> = {};
    // An undefined entry sends PGlite to its global table, as the instance's default does.
    for (const type of installed) if (!textTypes.includes(type)) parsers[type] = defaults[type]!;
    for (const type of textTypes) if (!installed.includes(type)) parsers[type] = keepText;
    const answer = Object.keys(parsers).length ? parsers : undefined;
    byKey.set(key, answer);
    return answer;
  };
}

/**
 * Answers a client's messages with `db` (the thread's PGlite, prepared selects and all).
 * The thread owns `db`: its parsers change (see `installTextTypes`).
 */
export function serveDatabase(port: MessagePort, db: PGlite, onClose: () => Promise<void>) {
  // Open transactions: their handles, and how to finish them.
  const open = new Map<number, { tx: Transaction; finish: (commit: boolean) => void; done: Promise<void> }>();

  const parsersFor = installTextTypes(db);
  const options = (request: DatabaseRequest): QueryOptions => {
    const parsers = parsersFor(request.textTypes);
    return parsers ? { rowMode: request.rowMode, parsers } : { rowMode: request.rowMode };
  };

  function begin(txId: number): Promise<void> {
    return new Promise<void>((started, failedToStart) => {
      let finish!: (commit: boolean) => void;
      const decided = new Promise<boolean>((resolve) => (finish = resolve));
      const done = db
        .transaction(async (tx) => {
          open.set(txId, { tx, finish, done });
          started();
          if (!(await decided)) await tx.rollback();
        })
        .then(() => undefined);
      done.catch(failedToStart).finally(() => open.delete(txId));
    });
  }

  async function handle(request: DatabaseRequest): Promise<unknown> {
    const handleOf = (txId: number | undefined) => {
      if (txId === undefined) return db;
      const entry = open.get(txId);
      if (!entry) throw new Error(`transaction ${txId} is not open`);
      return entry.tx;
    };
    switch (request.op) {
      case "query":
        return handleOf(request.tx).query(request.text!, request.params, options(request));
      case "exec":
        return handleOf(request.tx).exec(request.text!, options(request));
      case "begin":
        return begin(request.tx!);
      case "commit":
      case "rollback": {
        const entry = open.get(request.tx!);
        if (!entry) throw new Error(`transaction ${request.tx} is not open`);
        entry.finish(request.op === "commit");
        return entry.done;
      }
      case "close":
        return onClose();
    }
  }

  const reply = (message: DatabaseReply) => {
    try {
      port.postMessage(message);
    } catch (error) {
      // A value that cannot cross threads: the caller still gets an answer, never a hang.
      port.postMessage({ id: message.id, ok: false, error: flattenError(error) } satisfies DatabaseReply);
    }
  };
  port.on("message", (request: DatabaseRequest) => {
    handle(request).then(
      (result) => reply({ id: request.id, ok: true, result: toWire(result) }),
      (error: unknown) => reply({ id: request.id, ok: false, error: flattenError(error) }),
    );
  });
}

/** Posts each notice on `channel` to the client as a `DatabaseNotice`. */
export async function forwardNotices(port: MessagePort, db: PGlite, channel: string) {
  await db.listen(channel, (payload) => port.postMessage({ notice: payload } satisfies DatabaseNotice));
}

/** Checked parsers objects (drizzle keeps one per statement), so each is probed once. */
const checkedParsers = new WeakMap<object, number[]>();

/** Type ids a caller's parsers map, provided every one of them leaves the text as it is. */
function textTypesOf(options: QueryOptions | undefined): number[] | undefined {
  const parsers = options?.parsers;
  if (!parsers) return undefined;
  const known = checkedParsers.get(parsers);
  if (known) return known;
  const types = Object.entries(parsers).map(([type, parse]) => {
    if (parse("2026-01-02 03:04:05+00", Number(type)) !== "2026-01-02 03:04:05+00") {
      throw new Error(`the database thread keeps values as text; a parser for type ${type} would change them`);
    }
    return Number(type);
  });
  checkedParsers.set(parsers, types);
  return types;
}

export interface DatabaseClient {
  query: PGlite["query"];
  exec: PGlite["exec"];
  transaction<T>(callback: (tx: Pick<PGlite, "query" | "exec">) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The render thread's side: PGlite's API over messages on `port`. */
export function databaseClient(
  port: MessagePort | Worker,
  onStopped?: (listener: (error: Error) => void) => void,
  onNotice?: (payload: string) => void,
): DatabaseClient {
  let next = 0;
  let nextTx = 0;
  let stopped: Error | null = null;
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();

  port.on("message", (reply: DatabaseReply | DatabaseNotice) => {
    if ("notice" in reply) {
      onNotice?.(reply.notice);
      return;
    }
    const call = waiting.get(reply.id);
    if (!call) return;
    waiting.delete(reply.id);
    if (reply.ok) call.resolve(fromWire(reply.result));
    else call.reject(restoreError(reply.error));
  });
  onStopped?.((error) => {
    stopped = error;
    for (const call of waiting.values()) call.reject(error);
    waiting.clear();
  });

  function send(request: Omit<DatabaseRequest, "id">): Promise<unknown> {
    if (stopped) return Promise.reject(stopped);
    const id = ++next;
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      port.postMessage({ ...request, id });
    });
  }

  const statements = (tx?: number) => ({
    query: (async (text: string, params?: unknown[], options?: QueryOptions) =>
      send({ op: "query", tx, text, params, rowMode: options?.rowMode, textTypes: textTypesOf(options) })) as PGlite["query"],
    exec: (async (text: string, options?: QueryOptions) =>
      send({ op: "exec", tx, text, rowMode: options?.rowMode, textTypes: textTypesOf(options) })) as PGlite["exec"],
  });

  return {
    ...statements(),
    async transaction(callback) {
      const tx = ++nextTx;
      await send({ op: "begin", tx });
      let result;
      try {
        result = await callback(statements(tx));
      } catch (error) {
        await send({ op: "rollback", tx }).catch(() => {});
        throw error;
      }
      await send({ op: "commit", tx });
      return result;
    },
    async close() {
      await send({ op: "close" });
    },
  };
}

export interface ThreadOptions {
  dataDir: string | null;
  migrationsFolder: string | null;
  /** A channel whose notices the thread forwards (`DatabaseNotice`). */
  listen?: string;
}

export interface ThreadHooks {
  onNotice?: (payload: string) => void;
  /** The thread stopped (or died): no more answers or notices will come. */
  onStopped?: () => void;
}

const MARK = "glowDatabaseThread";

/**
 * Starts the database thread from this very module file and answers once the database is
 * open (and migrated, when `migrationsFolder` is given). Only a built (JavaScript) module
 * can be a worker; `canRunOnThread()` says whether this one is.
 */
export async function startDatabaseThread(options: ThreadOptions, hooks: ThreadHooks = {}) {
  const worker = new Worker(new URL(import.meta.url), { workerData: { [MARK]: options } });
  const listeners: ((error: Error) => void)[] = [];
  const stop = (error: Error) => {
    listeners.splice(0).forEach((listener) => listener(error));
    hooks.onStopped?.();
  };
  worker.on("error", (error) => stop(error));
  worker.on("exit", (code) => stop(new Error(`the database thread stopped (exit code ${code})`)));
  const client = databaseClient(worker, (listener) => listeners.push(listener), hooks.onNotice);
  // The thread says "ready" (or why not) before it serves anything.
  await new Promise<void>((resolve, reject) => {
    listeners.push(reject);
    worker.once("message", (first: { ready?: true; error?: Record<string, unknown> }) => {
      if (first.ready) resolve();
      else reject(restoreError(first.error ?? {}));
    });
  });
  return {
    ...client,
    async close() {
      await client.close().catch(() => {});
      await worker.terminate();
    },
  };
}

export const canRunOnThread = () => import.meta.url.endsWith(".js");

/** The worker's side: open PGlite (migrate it), say ready, then serve. */
async function runThread(options: ThreadOptions, parent: MessagePort) {
  try {
    const [{ PGlite }, { withPreparedSelects }, { drizzle }, { migrate }] = await Promise.all([
      import("@electric-sql/pglite"),
      import("./pglite-prepared.server"),
      import("drizzle-orm/pglite"),
      import("drizzle-orm/pglite/migrator"),
    ]);
    // relaxedDurability: see docs/decisions/0009-embedded-database-speed.md.
    const pg = await PGlite.create(options.dataDir ?? undefined, { relaxedDurability: true });
    if (options.migrationsFolder) await migrate(drizzle(pg), { migrationsFolder: options.migrationsFolder });
    if (options.listen) await forwardNotices(parent, pg, options.listen);
    serveDatabase(parent, withPreparedSelects(pg), async () => {
      await pg.close();
    });
    parent.postMessage({ ready: true });
  } catch (error) {
    parent.postMessage({ error: flattenError(error) });
  }
}

if (!isMainThread && parentPort && (workerData as Record<string, unknown> | null)?.[MARK]) {
  void runThread((workerData as Record<string, ThreadOptions>)[MARK]!, parentPort);
}
