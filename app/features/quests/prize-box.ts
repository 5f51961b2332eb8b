/**
 * The prize box's rules, one typed constant the server rolls with and the box shows (its
 * odds are one tap away in the box itself). Decision 0912.
 *
 * - The roll: crypto.randomInt(total weight) picks an entry; each entry's chance is its
 *   weight over the total.
 * - Pity: a member who opened PITY_BOXES − 1 boxes in a row without a new beamkin gets one
 *   in the next, chosen among the beamkins they do not have yet.
 * - Duplicates: a beamkin the member already has becomes DUPLICATE_BEAMKIN, a cosmetic they
 *   already have becomes DUPLICATE_COSMETIC.
 */
export type PrizeKind = "gems" | "light" | "beamkin" | "cosmetic";

export interface PrizeEntry {
  kind: PrizeKind;
  /** Gems or light; beamkins and cosmetics are drawn from their catalogue. */
  amount?: number;
  weight: number;
}

export const PRIZE_TABLE: readonly PrizeEntry[] = [
  { kind: "gems", amount: 3, weight: 25 },
  { kind: "gems", amount: 5, weight: 10 },
  { kind: "light", amount: 10, weight: 25 },
  { kind: "light", amount: 25, weight: 10 },
  { kind: "cosmetic", weight: 15 },
  { kind: "beamkin", weight: 15 },
];

/** /prize-box-demo's box: the same box with generous demo odds, which gives nothing. */
export const DEMO_PRIZE_TABLE: readonly PrizeEntry[] = [
  { kind: "gems", amount: 5, weight: 20 },
  { kind: "light", amount: 25, weight: 20 },
  { kind: "cosmetic", weight: 30 },
  { kind: "beamkin", weight: 30 },
];

/** At most this many boxes without a new beamkin: the last of them gives one. */
export const PITY_BOXES = 10;

export const DUPLICATE_BEAMKIN = { kind: "light", amount: 25 } as const;
export const DUPLICATE_COSMETIC = { kind: "gems", amount: 3 } as const;

export function totalWeight(table: readonly PrizeEntry[]): number {
  return table.reduce((sum, entry) => sum + entry.weight, 0);
}

/** The entry a roll (0 ≤ roll < total weight) lands on. */
export function entryForRoll(table: readonly PrizeEntry[], roll: number): PrizeEntry {
  let left = roll;
  for (const entry of table) {
    if (left < entry.weight) return entry;
    left -= entry.weight;
  }
  throw new RangeError(`roll ${roll} is outside the table`);
}

/** The odds as the box shows them: each entry's chance in percent (one decimal). */
export function oddsOf(table: readonly PrizeEntry[]): Array<PrizeEntry & { percent: number }> {
  const total = totalWeight(table);
  return table.map((entry) => ({ ...entry, percent: Math.round((entry.weight / total) * 1000) / 10 }));
}

/** A random whole number 0 ≤ n < max (crypto.randomInt on the server; a fixed one in tests). */
export type Draw = (max: number) => number;

export interface RollState {
  /** Boxes opened in a row, before this one, without a new beamkin. */
  boxesWithoutBeamkin: number;
  /** Catalogue beamkins the member has not got yet (ids). */
  missingBeamkins: readonly number[];
  /** Every catalogue beamkin (ids). */
  allBeamkins: readonly number[];
  /** Cosmetics the member has. */
  ownedCosmetics: readonly string[];
  allCosmetics: readonly string[];
}

/** What a roll decided, before anything is given. */
export interface Roll {
  roll: number | null;
  pity: boolean;
  drawn: PrizeKind;
  /** What the member gets. */
  kind: PrizeKind;
  amount: number | null;
  creatureId: number | null;
  cosmetic: string | null;
  /** What was drawn but already owned, when it was replaced. */
  duplicateOf: string | null;
}

/** Rolls one box. Pure: the caller says what the member has and where randomness comes from. */
export function rollPrize(table: readonly PrizeEntry[], state: RollState, draw: Draw): Roll {
  if (state.boxesWithoutBeamkin + 1 >= PITY_BOXES && state.missingBeamkins.length > 0) {
    const creatureId = state.missingBeamkins[draw(state.missingBeamkins.length)]!;
    return { roll: null, pity: true, drawn: "beamkin", kind: "beamkin", amount: null, creatureId, cosmetic: null, duplicateOf: null };
  }
  const roll = draw(totalWeight(table));
  const entry = entryForRoll(table, roll);
  const base = { roll, pity: false, drawn: entry.kind, creatureId: null, cosmetic: null, duplicateOf: null };
  if (entry.kind === "gems" || entry.kind === "light") return { ...base, kind: entry.kind, amount: entry.amount ?? 0 };
  if (entry.kind === "beamkin") {
    if (state.allBeamkins.length === 0) return { ...base, ...DUPLICATE_BEAMKIN, duplicateOf: "beamkin" };
    const creatureId = state.allBeamkins[draw(state.allBeamkins.length)]!;
    if (!state.missingBeamkins.includes(creatureId)) return { ...base, ...DUPLICATE_BEAMKIN, duplicateOf: `beamkin:${creatureId}` };
    return { ...base, kind: "beamkin", amount: null, creatureId };
  }
  const cosmetic = state.allCosmetics[draw(state.allCosmetics.length)]!;
  if (state.ownedCosmetics.includes(cosmetic)) return { ...base, ...DUPLICATE_COSMETIC, duplicateOf: `cosmetic:${cosmetic}` };
  return { ...base, kind: "cosmetic", amount: null, cosmetic };
}
