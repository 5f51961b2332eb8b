import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { seedDemoWorld } from "~/features/demo/seed.server";
import { db } from "~/platform/db/db.server";
import { creatures, gemLedger, memberCreatures, members, prizeBoxes } from "~/platform/db/schema";
import { PITY_BOXES, PRIZE_TABLE, totalWeight } from "./prize-box";
import { openPrizeBox } from "./prize-box.server";

beforeAll(async () => {
  await createTestDatabase();
  await seedDemoWorld(db());
});

let phones = 0;
async function memberWithBoxes(count: number) {
  phones += 1;
  const [m] = await db().insert(members).values({ phone: `+1555430${String(phones).padStart(4, "0")}`, firstName: "Opener" }).returning();
  const boxes = count
    ? await db()
        .insert(prizeBoxes)
        .values(Array.from({ length: count }, () => ({ memberId: m!.id })))
        .returning({ id: prizeBoxes.id })
    : [];
  return { member: m!, boxes: boxes.map((b) => b.id) };
}

const alwaysGems = () => 0; // lands on the table's first entry: 3 gems

describe("opening a prize box", () => {
  it("a double press opens one box: one roll, one prize, the same answer twice", async () => {
    const { member, boxes } = await memberWithBoxes(1);
    const [first, second] = await Promise.all([openPrizeBox(member.id, boxes[0]!, alwaysGems), openPrizeBox(member.id, boxes[0]!, alwaysGems)]);
    expect(first.ok && second.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    expect([first.value.already, second.value.already].sort()).toEqual([false, true]);
    expect(first.value).toMatchObject({ kind: "gems", amount: 3 });
    expect(second.value).toMatchObject({ kind: "gems", amount: 3 });
    const prizes = await db().select().from(gemLedger).where(and(eq(gemLedger.memberId, member.id), eq(gemLedger.reason, "prize")));
    expect(prizes).toHaveLength(1);
    const [row] = await db().select().from(members).where(eq(members.id, member.id));
    expect(row!.gemBalance).toBe(10 + 3);
  });

  it("writes every roll down: the number drawn, what it drew and what was given", async () => {
    const { member, boxes } = await memberWithBoxes(1);
    const total = totalWeight(PRIZE_TABLE);
    const draws = [total - 21, 0]; // inside the cosmetic entry (just before the beamkin's 15), then the first cosmetic
    await openPrizeBox(member.id, boxes[0]!, () => draws.shift()!);
    const [box] = await db().select().from(prizeBoxes).where(eq(prizeBoxes.id, boxes[0]!));
    expect(box).toMatchObject({ roll: total - 21, drawnKind: "cosmetic", rewardKind: "cosmetic", cosmetic: "lantern-badge", pity: false });
    expect(box!.openedAt).not.toBeNull();
  });

  it("someone else's box, or no box, is refused", async () => {
    const { boxes } = await memberWithBoxes(1);
    const { member: other } = await memberWithBoxes(0);
    expect(await openPrizeBox(other.id, boxes[0]!)).toEqual({ ok: false, refusal: "no-box" });
    expect(await openPrizeBox(other.id, 99_999_999)).toEqual({ ok: false, refusal: "no-box" });
  });

  it(`the pity rule: the ${PITY_BOXES}th box without a new beamkin holds one the member lacks`, async () => {
    const { member, boxes } = await memberWithBoxes(PITY_BOXES + 1);
    const opened = [];
    for (const id of boxes) {
      const answer = await openPrizeBox(member.id, id, alwaysGems);
      if (!answer.ok) throw new Error("not opened");
      opened.push(answer.value);
    }
    expect(opened.slice(0, PITY_BOXES - 1).every((b) => b.kind === "gems")).toBe(true);
    expect(opened[PITY_BOXES - 1]).toMatchObject({ kind: "beamkin", pity: true });
    // The count starts again after a new beamkin.
    expect(opened[PITY_BOXES]).toMatchObject({ kind: "gems", pity: false });
    const owned = await db().select().from(memberCreatures).where(eq(memberCreatures.memberId, member.id));
    expect(owned).toMatchObject([{ creatureId: opened[PITY_BOXES - 1]!.creature!.id, obtainedVia: "prize" }]);
    // Their first beamkin became their companion.
    const [row] = await db().select().from(members).where(eq(members.id, member.id));
    expect(row!.creatureId).toBe(owned[0]!.creatureId);
  });

  it("a beamkin the member already has is replaced by its equivalent, 25 light", async () => {
    const { member, boxes } = await memberWithBoxes(1);
    const [sparkit] = await db().select().from(creatures).where(eq(creatures.slug, "sparkit"));
    await db().insert(memberCreatures).values({ memberId: member.id, creatureId: sparkit!.id });
    const all = await db().select({ id: creatures.id }).from(creatures).orderBy(creatures.id);
    const draws = [totalWeight(PRIZE_TABLE) - 1, all.findIndex((c) => c.id === sparkit!.id)];
    const answer = await openPrizeBox(member.id, boxes[0]!, () => draws.shift()!);
    expect(answer).toMatchObject({ ok: true, value: { kind: "light", amount: 25, duplicateOf: `beamkin:${sparkit!.id}` } });
    const [row] = await db().select().from(members).where(eq(members.id, member.id));
    expect(row!.lightBalance).toBe(25);
  });
});
