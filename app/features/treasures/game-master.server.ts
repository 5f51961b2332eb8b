/**
 * Treasure hunts, the game master's side: hiding treasures (name, hint, points, an
 * optional time window), the printable sheet of their QR codes, rotating a code that
 * leaked, and reviewing bursts of finds.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { db } from "~/platform/db/db.server";
import { members, treasureClaims, treasures } from "~/platform/db/schema";
import { transaction } from "~/platform/db/transaction.server";
import { done, refused, type Outcome } from "~/platform/outcome";
import { randomCode } from "~/platform/random-code.server";
import { displayName } from "~/features/members/index.server";
import { TREASURE_CODE_LENGTH } from "./codes";
import { countFind } from "./treasures.server";
import type { Language } from "~/platform/i18n";
import type { TreasureInput } from "./schemas";

/** A fresh code: 20 characters of 32, 100 random bits. */
export function newTreasureCode(): string {
  return randomCode(TREASURE_CODE_LENGTH);
}

export async function hideTreasure(gameMasterId: number, contestId: number, input: TreasureInput) {
  const [row] = await db()
    .insert(treasures)
    .values({ ...input, code: newTreasureCode(), contestId, hiddenBy: gameMasterId })
    .returning({ id: treasures.id });
  return done({ id: row!.id });
}

export type TreasureRefusal = "no-treasure";

/** A leaked code is replaced: the old one finds nothing from now on; finds stay. */
export async function rotateTreasureCode(contestId: number, treasureId: number, now = new Date()): Promise<Outcome<{ id: number }, TreasureRefusal>> {
  const [row] = await db()
    .update(treasures)
    .set({ code: newTreasureCode(), codeRotatedAt: now })
    .where(and(eq(treasures.id, treasureId), eq(treasures.contestId, contestId)))
    .returning({ id: treasures.id });
  return row ? done(row) : refused("no-treasure");
}

export async function contestTreasures(contestId: number) {
  return db()
    .select({
      id: treasures.id,
      code: treasures.code,
      name: treasures.name,
      hint: treasures.hint,
      points: treasures.points,
      lightReward: treasures.lightReward,
      opensAt: treasures.opensAt,
      closesAt: treasures.closesAt,
      codeRotatedAt: treasures.codeRotatedAt,
      finds: sql<number>`(select count(*)::int from ${treasureClaims} c where c.treasure_id = "treasures"."id" and c.status = 'counted')`,
    })
    .from(treasures)
    .where(eq(treasures.contestId, contestId))
    .orderBy(asc(treasures.id));
}

/** Finds held back as a burst, for the game master to approve or reject. */
export async function heldFinds(contestId: number, lang: Language) {
  const rows = await db()
    .select({ claim: treasureClaims, treasure: { id: treasures.id, name: treasures.name }, member: { id: members.id, firstName: members.firstName, lastName: members.lastName, username: members.username } })
    .from(treasureClaims)
    .innerJoin(treasures, eq(treasures.id, treasureClaims.treasureId))
    .innerJoin(members, eq(members.id, treasureClaims.memberId))
    .where(and(eq(treasures.contestId, contestId), eq(treasureClaims.status, "review")))
    .orderBy(asc(treasureClaims.claimedAt));
  return rows.map((r) => ({
    treasureId: r.treasure.id,
    treasure: r.treasure.name,
    memberId: r.member.id,
    member: displayName(r.member, lang),
    claimedAt: r.claim.claimedAt.toISOString(),
  }));
}

export type ReviewRefusal = "no-find";

/** Approving a held find counts it now (points, light, post, quest step); rejecting keeps it from counting. */
export async function reviewFind(
  gameMasterId: number,
  contestId: number,
  treasureId: number,
  memberId: number,
  approve: boolean,
  now = new Date(),
): Promise<Outcome<{ approved: boolean }, ReviewRefusal>> {
  return transaction(async (tx) => {
    const [treasure] = await tx.select().from(treasures).where(and(eq(treasures.id, treasureId), eq(treasures.contestId, contestId)));
    if (!treasure) return refused("no-find");
    const [claim] = await tx
      .update(treasureClaims)
      .set({ status: approve ? "counted" : "rejected", points: approve ? treasure.points : 0, reviewedAt: now, reviewedBy: gameMasterId })
      .where(and(eq(treasureClaims.treasureId, treasureId), eq(treasureClaims.memberId, memberId), eq(treasureClaims.status, "review")))
      .returning({ memberId: treasureClaims.memberId });
    if (!claim) return refused("no-find");
    if (approve) await countFind(tx, memberId, treasure, now);
    return done({ approved: approve });
  });
}
