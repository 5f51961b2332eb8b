import { randomInt } from "node:crypto";
import { describe, expect, it } from "vitest";
import { entryForRoll, oddsOf, PITY_BOXES, PRIZE_TABLE, rollPrize, totalWeight, type RollState } from "./prize-box";

const state = (extra: Partial<RollState> = {}): RollState => ({
  boxesWithoutBeamkin: 0,
  missingBeamkins: [1, 2, 3, 4, 5, 6, 7, 8],
  allBeamkins: [1, 2, 3, 4, 5, 6, 7, 8],
  ownedCosmetics: [],
  allCosmetics: ["a", "b", "c"],
  ...extra,
});

describe("the prize box's odds", () => {
  it("shows odds that add up to 100%", () => {
    expect(oddsOf(PRIZE_TABLE).reduce((sum, entry) => sum + entry.percent, 0)).toBeCloseTo(100, 5);
  });

  it("lands every roll on the entry its weight covers", () => {
    const total = totalWeight(PRIZE_TABLE);
    const counts = PRIZE_TABLE.map(() => 0);
    for (let roll = 0; roll < total; roll++) counts[PRIZE_TABLE.indexOf(entryForRoll(PRIZE_TABLE, roll))]! += 1;
    expect(counts).toEqual(PRIZE_TABLE.map((e) => e.weight));
    expect(() => entryForRoll(PRIZE_TABLE, total)).toThrow(RangeError);
  });

  it("over 60 000 rolls with crypto.randomInt, each kind comes out as often as its odds say", () => {
    const rolls = 60_000;
    const seen = new Map<string, number>();
    for (let i = 0; i < rolls; i++) {
      const roll = rollPrize(PRIZE_TABLE, state(), (max) => randomInt(max));
      const key = roll.drawn === "gems" || roll.drawn === "light" ? `${roll.drawn}:${roll.amount}` : roll.drawn;
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    const total = totalWeight(PRIZE_TABLE);
    for (const entry of PRIZE_TABLE) {
      const key = entry.amount ? `${entry.kind}:${entry.amount}` : entry.kind;
      const p = entry.weight / total;
      const expected = rolls * p;
      // Five standard deviations: a correct table fails this about once in 3 million runs.
      const sigma = Math.sqrt(rolls * p * (1 - p));
      expect(Math.abs((seen.get(key) ?? 0) - expected), key).toBeLessThan(5 * sigma);
    }
  });
});

describe("the pity rule and duplicates", () => {
  it(`gives a beamkin the member lacks in the ${PITY_BOXES}th box without one, whatever the roll`, () => {
    const roll = rollPrize(PRIZE_TABLE, state({ boxesWithoutBeamkin: PITY_BOXES - 1, missingBeamkins: [7] }), () => 0);
    expect(roll).toMatchObject({ pity: true, kind: "beamkin", creatureId: 7, roll: null });
    // One box earlier, the roll decides (0 lands on gems).
    expect(rollPrize(PRIZE_TABLE, state({ boxesWithoutBeamkin: PITY_BOXES - 2 }), () => 0)).toMatchObject({ pity: false, kind: "gems" });
  });

  it("a member who has every beamkin gets the roll's prize, not a pity beamkin", () => {
    expect(rollPrize(PRIZE_TABLE, state({ boxesWithoutBeamkin: 50, missingBeamkins: [] }), () => 0)).toMatchObject({ pity: false, kind: "gems" });
  });

  it("a beamkin or cosmetic already owned becomes its stated equivalent", () => {
    const total = totalWeight(PRIZE_TABLE);
    const beamkinRoll = total - 1; // the last entry is the beamkin
    const draws = [beamkinRoll, 0];
    const owned = rollPrize(PRIZE_TABLE, state({ missingBeamkins: [2, 3] }), () => draws.shift()!);
    expect(owned).toMatchObject({ drawn: "beamkin", kind: "light", amount: 25, duplicateOf: "beamkin:1" });
    const cosmeticRoll = total - 16; // the cosmetic entry is just before the beamkin's 15
    const draws2 = [cosmeticRoll, 1];
    expect(rollPrize(PRIZE_TABLE, state({ ownedCosmetics: ["b"] }), () => draws2.shift()!)).toMatchObject({
      drawn: "cosmetic",
      kind: "gems",
      amount: 3,
      duplicateOf: "cosmetic:b",
    });
  });
});
