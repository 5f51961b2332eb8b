/**
 * Giving what quests, prize boxes and catch links hand out, inside the caller's
 * transaction: a beamkin (the beamkins capability's obtain rules: one of each kind per
 * member, the first becomes the companion, a feed post), gems to give and cosmetics.
 */
import { and, eq, sql } from "drizzle-orm";
import { gemLedger, memberCosmetics, memberCreatures, members } from "~/platform/db/schema";
import type { Tx } from "~/platform/db/transaction.server";
import { STARTING_LIGHT } from "~/features/beamkins";
import { writePost } from "~/features/feed/index.server";
import { weekStart } from "~/features/leaderboard/index.server";
import { SALUTE_RULES } from "~/features/salutes/index.server";

export type ObtainedVia = "prize" | "kidnap";

/**
 * Gives a beamkin the member does not have. False (nothing changed) when they have it:
 * the caller replaces it by its equivalent or refuses.
 */
export async function grantBeamkin(tx: Tx, memberId: number, creatureId: number, via: ObtainedVia, now = new Date()): Promise<boolean> {
  const [added] = await tx
    .insert(memberCreatures)
    .values({ memberId, creatureId, light: STARTING_LIGHT, obtainedVia: via, obtainedAt: now })
    .onConflictDoNothing()
    .returning({ id: memberCreatures.id });
  if (!added) return false;
  // A member with no companion yet gets this one.
  await tx.update(members).set({ creatureId }).where(and(eq(members.id, memberId), eq(members.creatureId, 0)));
  await writePost({ type: "beamkin", actorId: memberId, refId: creatureId, createdAt: now }, tx);
  return true;
}

/**
 * Adds gems to give this week. A member whose allowance has not been topped up this week
 * gets the top-up first (as a salute would), so the prize is not lost to it.
 */
export async function grantGems(tx: Tx, memberId: number, gems: number, now = new Date()) {
  const week = weekStart(now);
  const [before] = await tx
    .select({ gemBalance: members.gemBalance, gemWeek: members.gemWeek })
    .from(members)
    .where(eq(members.id, memberId))
    .for("update");
  if (!before) return;
  if (before.gemWeek !== week) {
    const topUp = SALUTE_RULES.weeklyGems - before.gemBalance;
    await tx.update(members).set({ gemBalance: SALUTE_RULES.weeklyGems, gemWeek: week }).where(eq(members.id, memberId));
    if (topUp !== 0) await tx.insert(gemLedger).values({ memberId, delta: topUp, reason: "weekly-allowance", createdAt: now });
  }
  await tx.update(members).set({ gemBalance: sql`${members.gemBalance} + ${gems}` }).where(eq(members.id, memberId));
  await tx.insert(gemLedger).values({ memberId, delta: gems, reason: "prize", createdAt: now });
}

/** Gives a cosmetic; false when the member has it already. */
export async function grantCosmetic(tx: Tx, memberId: number, cosmetic: string, now = new Date()): Promise<boolean> {
  const [added] = await tx
    .insert(memberCosmetics)
    .values({ memberId, cosmetic, obtainedAt: now })
    .onConflictDoNothing()
    .returning({ cosmetic: memberCosmetics.cosmetic });
  return Boolean(added);
}
