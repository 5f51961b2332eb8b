/**
 * Member light earned from salutes. The beamkins capability owns spending; earning here
 * writes the ledger row and the balance together, inside the caller's transaction.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/platform/db/db.server";

/** Light a member earns for each salute they receive (PRODUCT.md: "salutes received"). */
export const LIGHT_PER_SALUTE_RECEIVED = 5;

export async function creditMemberLight(
  tx: Pick<Database, "execute">,
  memberId: number,
  amount: number,
  reason: string,
  ref: string | null = null,
) {
  if (!Number.isInteger(amount) || amount <= 0) throw new Error("light credit must be a positive integer");
  await tx.execute(sql`insert into light_ledger (member_id, delta, reason, ref) values (${memberId}, ${amount}, ${reason}, ${ref})`);
  await tx.execute(sql`update members set light_balance = light_balance + ${amount} where id = ${memberId}`);
}
