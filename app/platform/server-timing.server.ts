/**
 * Where a response spent its time, for the `Server-Timing` header every response carries:
 * `db` (the time the request waited on the database), `render` (React rendering the page
 * until its first bytes could go) and `total` (from the request's arrival to its headers).
 * An operator sees a slow page's reason in the browser's network panel or any access log
 * that records the header, without a profiler.
 *
 * The request's figures live in an AsyncLocalStorage entered by the Express shell (server/
 * app.ts); the database's drivers are wrapped where the connection is made (db.server.ts),
 * so every statement drizzle sends is counted without touching drizzle itself.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type pg from "pg";

export interface RequestTiming {
  /** The clock the figures are read from (performance.now; a test's own clock). */
  readonly clock: () => number;
  /** The clock's reading when the request arrived. */
  readonly startedAt: number;
  /** Milliseconds during which at least one of the request's statements was under way. */
  dbMs: number;
  /** Statements (and transactions) sent. */
  queries: number;
  /** Statements under way right now; overlapping ones count once (Promise.all). */
  active: number;
  activeSince: number;
  /** Milliseconds React took to render the page's shell; null for anything else. */
  renderMs: number | null;
}

const timings = new AsyncLocalStorage<RequestTiming>();

export function newRequestTiming(clock: () => number = () => performance.now()): RequestTiming {
  return { clock, startedAt: clock(), dbMs: 0, queries: 0, active: 0, activeSince: 0, renderMs: null };
}

/** Runs `work` (and everything it starts) as one request whose time is measured. */
export function measureRequest<T>(timing: RequestTiming, work: () => T): T {
  return timings.run(timing, work);
}

/** The current request's figures; undefined outside a request (start-up, tests, timers). */
export function currentTiming(): RequestTiming | undefined {
  return timings.getStore();
}

/**
 * Marks the start of a database call for the current request and returns its end (safe to
 * call more than once). Outside a request it does nothing.
 */
export function databaseCallStarted(timing = timings.getStore()): () => void {
  if (!timing) return () => {};
  timing.queries += 1;
  if (timing.active++ === 0) timing.activeSince = timing.clock();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    if (--timing.active === 0) timing.dbMs += timing.clock() - timing.activeSince;
  };
}

/** The database time so far, including calls still under way. */
export function databaseMs(timing: RequestTiming, now = timing.clock()): number {
  return timing.dbMs + (timing.active > 0 ? now - timing.activeSince : 0);
}

/** Called by entry.server.tsx when the page's shell is rendered. */
export function recordRender(ms: number, timing = timings.getStore()) {
  if (timing) timing.renderMs = (timing.renderMs ?? 0) + ms;
}

const ms = (value: number) => (Math.round(value * 10) / 10).toString();

/** The header's value: `db;dur=3.2;desc="4 queries", render;dur=5.1, total;dur=9.8`. */
export function serverTimingValue(timing: RequestTiming, now = timing.clock()): string {
  const parts = [`db;dur=${ms(databaseMs(timing, now))};desc="${timing.queries} ${timing.queries === 1 ? "query" : "queries"}"`];
  if (timing.renderMs !== null) parts.push(`render;dur=${ms(timing.renderMs)}`);
  parts.push(`total;dur=${ms(now - timing.startedAt)}`);
  return parts.join(", ");
}

type AnyFunction = (...args: unknown[]) => unknown;

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null)?.then === "function";
}

/**
 * Calls `call`, counting it as database time until its promise settles, or, for node-style
 * APIs (`callbacks`), until the callback its last argument is runs.
 */
function timedCall(call: AnyFunction, self: unknown, args: unknown[], callbacks = false): unknown {
  const done = databaseCallStarted();
  const last = callbacks ? args.at(-1) : undefined;
  if (typeof last === "function") {
    const callback = last as AnyFunction;
    args = [...args.slice(0, -1), (...results: unknown[]) => {
      done();
      return callback(...results);
    }];
  }
  let result: unknown;
  try {
    result = call.apply(self, args);
  } catch (error) {
    done();
    throw error;
  }
  if (isThenable(result)) result.then(done, done);
  else if (typeof last !== "function") done();
  return result;
}

/**
 * An embedded database client (PGlite, or anything shaped like it) whose `query`, `exec`
 * and `transaction` count as database time. A transaction counts from its start to its
 * end, its own statements inside it. Everything else is the client's own, bound to it.
 */
export function timedDatabaseClient<T extends object>(client: T, methods: readonly string[] = ["query", "exec", "transaction"]): T {
  const timed = new Set(methods);
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      const method = value as AnyFunction;
      if (typeof property === "string" && timed.has(property)) {
        return (...args: unknown[]) => timedCall(method, target, args);
      }
      return method.bind(target);
    },
  });
}

/**
 * A node-postgres pool class whose statements count as database time: `query` from its call
 * to its answer (waiting for a free connection included), and a connection taken for a
 * transaction (`connect()`, as drizzle does) from the call until it is released. The
 * request is remembered when the call is made: pg hands connections over in callbacks that
 * run in whichever request released the connection last.
 */
export function timedPoolClass(Pool: typeof pg.Pool): typeof pg.Pool {
  const checkedOut = new WeakMap<object, () => void>();
  return class TimedPool extends Pool {
    constructor(...args: ConstructorParameters<typeof pg.Pool>) {
      super(...args);
      this.on("release", (_error: unknown, client: object) => {
        checkedOut.get(client)?.();
        checkedOut.delete(client);
      });
    }

    override query(...args: unknown[]): never {
      return timedCall(super.query as AnyFunction, this, args, true) as never;
    }

    override connect(...args: unknown[]): never {
      // pg-pool's own query() takes its connection with a callback: timed by query() already.
      if (typeof args[0] === "function") return (super.connect as AnyFunction).apply(this, args) as never;
      const done = databaseCallStarted();
      const connecting = (super.connect as () => Promise<object>).call(this);
      return connecting.then(
        (client) => {
          checkedOut.set(client, done);
          return client;
        },
        (error: unknown) => {
          done();
          throw error;
        },
      ) as never;
    }
  };
}
