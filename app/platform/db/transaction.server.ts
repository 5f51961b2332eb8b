/**
 * Transactions with an after-commit hook. Work that must follow a committed write — shared
 * reads forgotten (the first feed page, the board tops), live events sent — registers with
 * `afterCommit` wherever the write happens (`writePost`, `awardScore`…), so a new caller of
 * those writers cannot forget it, and nothing runs for a transaction that rolled back.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { log } from "~/platform/log.server";
import { db, type Database } from "./db.server";

export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** A query runner: the database itself or an open transaction. */
export type Queryable = Database | Tx;

type Hook = () => void | Promise<void>;

const open = new AsyncLocalStorage<Hook[]>();

/** Runs `work` in one transaction; its after-commit hooks run once it committed. */
export async function transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
  const hooks: Hook[] = [];
  const result = await open.run(hooks, () => db().transaction(work));
  for (const hook of hooks) run(hook);
  return result;
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
    if (done instanceof Promise) done.catch((error: unknown) => log.error("after-commit work failed", { error: String(error) }));
  } catch (error) {
    log.error("after-commit work failed", { error: String(error) });
  }
}
