/**
 * Treasure hunts, the member's side: claiming a treasure by its code (scanned or typed),
 * and the treasures they found. Decision 0910.
 *
 * - Claim-once is the database's: (treasure, member) is the claims' primary key, so a second
 *   scan, a resend or two claims at the same moment give one find ("already yours").
 * - Wrong codes slow down gracefully: WRONG_CODES per member in a window, then 429 with the
 *   wait in words; the limit is asked before every try, so a right code waits too.
 * - A burst of finds (BURST) is held for the game master's review instead of counting, and
 *   instead of a ban.
 * - A find counts its points (quest points) and light, writes a feed post and counts for
 *   "find a treasure" quest steps, all in one transaction.
 * - A claim kept on a phone while offline carries a key: a resend gets the first answer.
 */
import { and, desc, eq, gt, sql } from "drizzle-orm";
import { db } from "~/platform/db/db.server";
import { treasureClaims, treasures } from "~/platform/db/schema";
import { transaction, type Tx } from "~/platform/db/transaction.server";
import { done, refused, type Outcome } from "~/platform/outcome";
import { hitRateLimit, waitForRoom } from "~/platform/rate-limit.server";
import { answerOfKey, keepAnswer, postKey, takeKey } from "~/platform/sent-keys.server";
import { earnMemberLight } from "~/features/beamkins/index.server";
import { writePost } from "~/features/feed/index.server";
import { awardScore } from "~/features/leaderboard/index.server";
import { publish } from "~/platform/happened.server";
import { normaliseCode, TREASURE_CODE_LENGTH } from "./codes";

export const TREASURE_RULES = {
  /** Wrong codes a member may type in WRONG_WINDOW_MS before waiting. */
  wrongCodes: 5,
  wrongWindowMs: 15 * 60_000,
  /** More finds than this in BURST_WINDOW_MS go to the game master's review. */
  burstFinds: 3,
  burstWindowMs: 10 * 60_000,
} as const;

export type ClaimRefusal = "wrong-code" | "too-many-wrong" | "not-open" | "closed" | "already-yours";

export interface ClaimDone {
  treasureId: number;
  name: string;
  points: number;
  light: number;
  /** counted: the find counts now; review: it waits for the game master. */
  status: "counted" | "review";
}

export type ClaimOutcome = Outcome<ClaimDone, ClaimRefusal>;

export interface ClaimInput {
  memberId: number;
  code: string;
  /** The treasure the link names, when claimed from /treasure/{id}. */
  treasureId?: number;
  key?: string;
}

export async function claimTreasure(input: ClaimInput, now = new Date()): Promise<ClaimOutcome> {
  const { memberId } = input;
  const key = postKey(input.key, `${input.treasureId ?? ""}:${normaliseCode(input.code)}`);
  const earlier = await answerOfKey<ClaimOutcome>(memberId, key);
  if (earlier) return earlier;

  const limit = { limit: TREASURE_RULES.wrongCodes, windowMs: TREASURE_RULES.wrongWindowMs };
  const wait = await waitForRoom("treasure-wrong-code", String(memberId), limit, now);
  if (wait > 0) return refused("too-many-wrong", { retryAfter: wait });

  const code = normaliseCode(input.code);
  const [treasure] = code.length === TREASURE_CODE_LENGTH ? await db().select().from(treasures).where(eq(treasures.code, code)) : [];
  if (!treasure || (input.treasureId !== undefined && treasure.id !== input.treasureId)) {
    const hit = await hitRateLimit("treasure-wrong-code", String(memberId), limit, now);
    if (!hit.allowed) return refused("too-many-wrong", { retryAfter: hit.retryAfterSeconds });
    const answer = refused("wrong-code");
    await keepAnswer(db(), memberId, key, "treasure", answer);
    return answer;
  }
  if (treasure.opensAt && now < treasure.opensAt) return refused("not-open", { details: { opens: treasure.opensAt.toISOString() } });
  if (treasure.closesAt && now >= treasure.closesAt) return refused("closed", { details: { closed: treasure.closesAt.toISOString() } });

  return transaction(async (tx) => {
    const again = await takeKey<ClaimOutcome>(tx, memberId, key, "treasure");
    if (again) return again;
    const answer = await claimIn(tx, memberId, treasure, now);
    await keepAnswer(tx, memberId, key, "treasure", answer);
    return answer;
  });
}

async function claimIn(tx: Tx, memberId: number, treasure: typeof treasures.$inferSelect, now: Date): Promise<ClaimOutcome> {
  const [recent] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(treasureClaims)
    .where(and(eq(treasureClaims.memberId, memberId), gt(treasureClaims.claimedAt, new Date(now.getTime() - TREASURE_RULES.burstWindowMs))));
  const status = (recent?.n ?? 0) >= TREASURE_RULES.burstFinds ? "review" : "counted";
  const [claim] = await tx
    .insert(treasureClaims)
    .values({ treasureId: treasure.id, memberId, status, points: status === "counted" ? treasure.points : 0, claimedAt: now })
    .onConflictDoNothing()
    .returning({ status: treasureClaims.status });
  if (!claim) return refused("already-yours");
  if (status === "counted") await countFind(tx, memberId, treasure, now);
  return done({
    treasureId: treasure.id,
    name: treasure.name,
    points: status === "counted" ? treasure.points : 0,
    light: status === "counted" ? treasure.lightReward : 0,
    status,
  });
}

/** What a find that counts gives: points, light, a feed post, quest progress. */
export async function countFind(tx: Tx, memberId: number, treasure: typeof treasures.$inferSelect, now: Date) {
  // A contest's treasure counts for the member's party in that contest only (docs/parties.md).
  if (treasure.points > 0) await awardScore(tx, memberId, { questPoints: treasure.points }, now, treasure.contestId === null ? {} : { contestId: treasure.contestId });
  if (treasure.lightReward > 0) await earnMemberLight(memberId, treasure.lightReward, "treasure", `treasure:${treasure.id}`, tx);
  await writePost({ type: "treasure", actorId: memberId, refId: treasure.id, text: treasure.name, createdAt: now }, tx);
  await publish(tx, { what: "treasure", memberId, target: treasure.id, at: now });
}

export interface FoundTreasure {
  id: number;
  name: string;
  hint: string;
  points: number;
  status: "counted" | "review" | "rejected";
  claimedAt: string;
}

/** /treasure: what the member found, newest first. */
export async function foundTreasures(memberId: number): Promise<FoundTreasure[]> {
  const rows = await db()
    .select({ claim: treasureClaims, treasure: treasures })
    .from(treasureClaims)
    .innerJoin(treasures, eq(treasures.id, treasureClaims.treasureId))
    .where(eq(treasureClaims.memberId, memberId))
    .orderBy(desc(treasureClaims.claimedAt));
  return rows.map(({ claim, treasure }) => ({
    id: treasure.id,
    name: treasure.name,
    hint: treasure.hint,
    points: claim.points,
    status: claim.status as FoundTreasure["status"],
    claimedAt: claim.claimedAt.toISOString(),
  }));
}

/** /treasure/{id}: the treasure (never its code) and the member's find of it, if any. */
export async function treasureForMember(memberId: number, treasureId: number) {
  if (!Number.isSafeInteger(treasureId) || treasureId < 1 || treasureId > 2_147_483_647) return null;
  const [row] = await db()
    .select({
      id: treasures.id,
      name: treasures.name,
      hint: treasures.hint,
      points: treasures.points,
      lightReward: treasures.lightReward,
      opensAt: treasures.opensAt,
      closesAt: treasures.closesAt,
      claimStatus: treasureClaims.status,
      claimedAt: treasureClaims.claimedAt,
    })
    .from(treasures)
    .leftJoin(treasureClaims, and(eq(treasureClaims.treasureId, treasures.id), eq(treasureClaims.memberId, memberId)))
    .where(eq(treasures.id, treasureId));
  return row ?? null;
}
