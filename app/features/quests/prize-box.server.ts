/**
 * Opening prize boxes: the roll happens on the server with crypto.randomInt over the
 * weighted table of prize-box.ts, the pity rule and duplicates are applied, what was given
 * is given in the same transaction, and the roll is written on the box's row. Opening is a
 * conditional update, so a double press opens one box (the second press sees its result).
 */
import { randomInt } from "node:crypto";
import { and, asc, desc, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import { db } from "~/platform/db/db.server";
import { creatures, memberCosmetics, memberCreatures, prizeBoxes, quests } from "~/platform/db/schema";
import { transaction, type Tx } from "~/platform/db/transaction.server";
import { done, refused, type Outcome } from "~/platform/outcome";
import type { Language } from "~/platform/i18n";
import { earnMemberLight } from "~/features/beamkins/index.server";
import { cosmetics } from "./cosmetics";
import { DEMO_PRIZE_TABLE, PRIZE_TABLE, rollPrize, type Draw, type PrizeKind, type Roll } from "./prize-box";
import { grantBeamkin, grantCosmetic, grantGems } from "./rewards.server";
import { inLanguage, type ShownText } from "./text";

const cryptoDraw: Draw = (max) => randomInt(max);

export interface OpenedBox {
  id: number;
  kind: PrizeKind;
  amount: number | null;
  creature: { id: number; slug: string; name: string } | null;
  cosmetic: string | null;
  pity: boolean;
  /** What the member drew but had already (a beamkin or cosmetic), now its equivalent. */
  duplicateOf: string | null;
  questTitle: ShownText | null;
  /** Opened by an earlier press (this press changed nothing). */
  already: boolean;
}

export type OpenRefusal = "no-box";

/** How many boxes the member opened since their last new beamkin (for the pity rule). */
async function boxesWithoutBeamkin(tx: Tx, memberId: number, exceptBox: number) {
  const [last] = await tx
    .select({ openedAt: prizeBoxes.openedAt, id: prizeBoxes.id })
    .from(prizeBoxes)
    .where(and(eq(prizeBoxes.memberId, memberId), eq(prizeBoxes.rewardKind, "beamkin")))
    .orderBy(desc(prizeBoxes.openedAt), desc(prizeBoxes.id))
    .limit(1);
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(prizeBoxes)
    .where(
      and(
        eq(prizeBoxes.memberId, memberId),
        isNotNull(prizeBoxes.openedAt),
        sql`${prizeBoxes.id} <> ${exceptBox}`,
        last?.openedAt ? gt(prizeBoxes.openedAt, last.openedAt) : undefined,
      ),
    );
  return count?.n ?? 0;
}

export async function openPrizeBox(memberId: number, boxId: number, draw: Draw = cryptoDraw, now = new Date()): Promise<Outcome<OpenedBox, OpenRefusal>> {
  if (!Number.isSafeInteger(boxId) || boxId < 1 || boxId > 2_147_483_647) return refused("no-box");
  const opened = await transaction(async (tx) => {
    const [box] = await tx
      .update(prizeBoxes)
      .set({ openedAt: now })
      .where(and(eq(prizeBoxes.id, boxId), eq(prizeBoxes.memberId, memberId), isNull(prizeBoxes.openedAt)))
      .returning({ id: prizeBoxes.id });
    if (!box) return null;
    // One member's boxes are opened one after another: the pity count below cannot race.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`prize-box\u001f${memberId}`}, 0))`);
    const roll = rollPrize(PRIZE_TABLE, await rollState(tx, memberId, boxId), draw);
    const given = await give(tx, memberId, boxId, roll, now);
    await tx
      .update(prizeBoxes)
      .set({
        roll: given.roll,
        drawnKind: given.drawn,
        pity: given.pity,
        rewardKind: given.kind,
        rewardAmount: given.amount,
        creatureId: given.creatureId,
        cosmetic: given.cosmetic,
        duplicateOf: given.duplicateOf,
      })
      .where(eq(prizeBoxes.id, boxId));
    return boxId;
  });
  const result = await openedBox(memberId, boxId);
  if (!result) return refused("no-box");
  return done({ ...result, already: opened === null });
}

async function rollState(tx: Tx, memberId: number, boxId: number) {
  // One after another: a transaction's one connection answers one query at a time.
  const all = await tx.select({ id: creatures.id }).from(creatures).orderBy(asc(creatures.id));
  const owned = await tx.select({ id: memberCreatures.creatureId }).from(memberCreatures).where(eq(memberCreatures.memberId, memberId));
  const ownedCosmetics = await tx.select({ slug: memberCosmetics.cosmetic }).from(memberCosmetics).where(eq(memberCosmetics.memberId, memberId));
  const mine = new Set(owned.map((o) => o.id));
  return {
    boxesWithoutBeamkin: await boxesWithoutBeamkin(tx, memberId, boxId),
    allBeamkins: all.map((c) => c.id),
    missingBeamkins: all.map((c) => c.id).filter((id) => !mine.has(id)),
    ownedCosmetics: ownedCosmetics.map((c) => c.slug),
    allCosmetics: cosmetics.map((c) => c.slug),
  };
}

/** Gives what the roll decided; a beamkin or cosmetic taken meanwhile becomes its equivalent. */
async function give(tx: Tx, memberId: number, boxId: number, roll: Roll, now: Date): Promise<Roll> {
  if (roll.kind === "beamkin" && roll.creatureId !== null) {
    if (await grantBeamkin(tx, memberId, roll.creatureId, "prize", now)) return roll;
    return give(tx, memberId, boxId, { ...roll, kind: "light", amount: 25, creatureId: null, duplicateOf: `beamkin:${roll.creatureId}` }, now);
  }
  if (roll.kind === "cosmetic" && roll.cosmetic !== null) {
    if (await grantCosmetic(tx, memberId, roll.cosmetic, now)) return roll;
    return give(tx, memberId, boxId, { ...roll, kind: "gems", amount: 3, cosmetic: null, duplicateOf: `cosmetic:${roll.cosmetic}` }, now);
  }
  if (roll.kind === "light" && roll.amount) await earnMemberLight(memberId, roll.amount, "prize", `box:${boxId}`, tx);
  if (roll.kind === "gems" && roll.amount) await grantGems(tx, memberId, roll.amount, now);
  return roll;
}

/** An opened box as the member sees it; null when it is not theirs or not opened. */
export async function openedBox(memberId: number, boxId: number, lang: Language = "en"): Promise<Omit<OpenedBox, "already"> | null> {
  if (!Number.isSafeInteger(boxId) || boxId < 1 || boxId > 2_147_483_647) return null;
  const [row] = await db()
    .select({ box: prizeBoxes, creature: { id: creatures.id, slug: creatures.slug, name: creatures.name }, questTitle: quests.title })
    .from(prizeBoxes)
    .leftJoin(creatures, eq(creatures.id, prizeBoxes.creatureId))
    .leftJoin(quests, eq(quests.id, prizeBoxes.questId))
    .where(and(eq(prizeBoxes.id, boxId), eq(prizeBoxes.memberId, memberId), isNotNull(prizeBoxes.openedAt)));
  if (!row || !row.box.rewardKind) return null;
  return {
    id: row.box.id,
    kind: row.box.rewardKind as PrizeKind,
    amount: row.box.rewardAmount,
    creature: row.creature?.id ? row.creature : null,
    cosmetic: row.box.cosmetic,
    pity: row.box.pity,
    duplicateOf: row.box.duplicateOf,
    questTitle: row.questTitle ? inLanguage(row.questTitle, lang) : null,
  };
}

/** The member's cosmetics, oldest first. */
export async function memberCosmeticList(memberId: number): Promise<string[]> {
  const rows = await db()
    .select({ cosmetic: memberCosmetics.cosmetic })
    .from(memberCosmetics)
    .where(eq(memberCosmetics.memberId, memberId))
    .orderBy(asc(memberCosmetics.obtainedAt));
  return rows.map((r) => r.cosmetic);
}

/**
 * /prize-box-demo: a roll with the demo odds, as a box would make it, that gives nothing and
 * is not kept (no member's box is opened).
 */
export async function demoRoll(draw: Draw = cryptoDraw) {
  const all = await db().select({ id: creatures.id, slug: creatures.slug, name: creatures.name }).from(creatures).orderBy(asc(creatures.id));
  const roll = rollPrize(
    DEMO_PRIZE_TABLE,
    {
      boxesWithoutBeamkin: 0,
      allBeamkins: all.map((c) => c.id),
      missingBeamkins: all.map((c) => c.id),
      ownedCosmetics: [],
      allCosmetics: cosmetics.map((c) => c.slug),
    },
    draw,
  );
  return { ...roll, creature: all.find((c) => c.id === roll.creatureId) ?? null };
}
