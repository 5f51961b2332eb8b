/**
 * Party commands run in one transaction and may find, part-way, that they must refuse after
 * writing something (a roster insert that lost a race): `refuse` rolls the transaction back
 * and the command answers the refusal, so callers only ever see an Outcome.
 */
import { type Outcome, type Refused } from "~/platform/outcome";
import { transaction, type Tx } from "~/platform/db/transaction.server";

class RollBack<R extends string> {
  constructor(readonly refusal: Refused<R>) {}
}

/** Rolls the current transaction back and answers `refusal` from `inTransaction`. */
export function refuse<R extends string>(refusal: Refused<R>): never {
  throw new RollBack(refusal);
}

export async function inTransaction<T, R extends string>(work: (tx: Tx) => Promise<Outcome<T, R>>): Promise<Outcome<T, R>> {
  try {
    return await transaction(work);
  } catch (error) {
    if (error instanceof RollBack) return error.refusal as Refused<R>;
    throw error;
  }
}

/** Whether a database error is a unique constraint's (drizzle wraps the driver's error). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === "23505") return true;
  }
  return false;
}
