/**
 * Transactions with an after-commit hook, and refusals that roll back. Work that must follow a committed write — shared
 * reads forgotten (the first feed page, the board tops), live events sent — registers with
 * `afterCommit` wherever the write happens (`writePost`, `awardScore`…), so a new caller of
 * those writers cannot forget it, and nothing runs for a transaction that rolled back.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { log } from "~/platform/log.server";
import type { Refused } from "~/platform/outcome";
import { db, type Database } from "./db.server";
import { noteDatabaseFailure } from "./outage.server";

export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** A query runner: the database itself or an open transaction. */
export type Queryable = Database | Tx;

type Hook = () => void | Promise<void>;

const open = new AsyncLocalStorage<Hook[]>();

/**
 * Runs `work` in one transaction; its after-commit hooks run once it committed. When the
 * work answers a refusal (an outcome with `ok: false`), everything it wrote is rolled back
 * and the refusal is the answer: a command may refuse at any point without undoing by hand.
 */
export async function transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    // Each attempt keeps its own hooks: a rolled-back attempt's are dropped with its writes.
    const hooks: Hook[] = [];
    let result: T;
    try {
      result = await open.run(hooks, () =>
        db().transaction(async (tx) => {
          const answer = await work(tx);
          if (isRefusal(answer)) throw new RolledBack(answer);
          return answer;
        }),
      );
    } catch (error) {
      if (error instanceof RolledBack) return error.answer as T;
      // Two transactions that each wait for the other (or a serialization failure): PostgreSQL
      // rolled this one back whole, so running the work again is the fix it asks for. Safe
      // because work writes only through `tx` and does the rest after commit (afterCommit).
      if (attempt < CONFLICT_ATTEMPTS && isConflict(error)) {
        await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
        continue;
      }
      throw error;
    }
    for (const hook of hooks) run(hook);
    return result;
  }
}

/** How many times a transaction PostgreSQL rolled back for a conflict is tried in all. */
const CONFLICT_ATTEMPTS = 3;

/** deadlock_detected (40P01) and serialization_failure (40001), wherever drizzle put the driver's error. */
function isConflict(error: unknown): boolean {
  for (let link = error, depth = 0; link && typeof link === "object" && depth < 5; link = (link as { cause?: unknown }).cause, depth++) {
    const code = (link as { code?: unknown }).code;
    if (code === "40P01" || code === "40001") return true;
  }
  return false;
}

/** Carries a refusal out of the transaction it rolled back. */
class RolledBack {
  constructor(readonly answer: unknown) {}
}

function isRefusal(value: unknown): value is Refused<string> {
  return typeof value === "object" && value !== null && (value as { ok?: unknown }).ok === false && "refusal" in value;
}

/**
 * Runs `hook` after the current transaction commits; at once when no transaction of
 * `transaction()` is open (the write already happened).
 */
export function afterCommit(hook: Hook) {
  const hooks = open.getStore();
  if (hooks) hooks.push(hook);
  else run(hook);
}

function run(hook: Hook) {
  try {
    const done = hook();
    if (done instanceof Promise) done.catch(afterCommitFailed);
  } catch (error) {
    afterCommitFailed(error);
  }
}

/** A live event that could not be sent because the database went away is part of the outage (said once). */
function afterCommitFailed(error: unknown) {
  if (!noteDatabaseFailure(error)) log.error("after-commit work failed", { error: String(error) });
}
