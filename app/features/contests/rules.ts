/**
 * The contest rules that need no database: the numbers, which status and round changes
 * are allowed, the game master screen's role grouping (spec section 6), and fair judging
 * (docs/contests.md): each judge's weighted totals become z-scores within the round,
 * entries rank by the mean z-score, and ties break by a fixed chain.
 */
import type { MemberRole } from "~/features/auth/index.server";

export const CONTEST_RULES = {
  nameMax: 80,
  descriptionMax: 1000,
  challengeMax: 1000,
  criterionNameMax: 60,
  criteriaMin: 1,
  criteriaMax: 6,
  scoreMin: 1,
  scoreMax: 5,
  weightMin: 1,
  weightMax: 5,
  /**
   * Every entry gets at least this many judges before any gets more, and needs them before
   * its round is published: a new contest's minimum, which its game master may change
   * (`contests.min_judges`, within minJudgesLeast…minJudgesMost; decision 1221).
   */
  judgesPerEntry: 3,
  minJudgesLeast: 1,
  minJudgesMost: 12,
  /** How long a judge's claim keeps an entry from other judges. */
  claimMinutes: 5,
  /** An entry skipped this many times is flagged to the game master. */
  skipsToFlag: 3,
  /** A judge with fewer scores than this in a round makes their z-scores shaky. */
  scoresForNormalising: 3,
  entryMax: 2000,
  noteMax: 500,
  reasonMax: 300,
  questionMax: 500,
  /** Points each member of a party earns when a round is published, by place (then `pointsForTaking`). */
  pointsByPlace: [50, 30, 20] as readonly number[],
  pointsForTaking: 10,
  /** An entry's photo as sent: at most this many bytes (2 MB). */
  photoMaxBytes: 2 * 1024 * 1024,
  /**
   * A post to /compete longer than this is refused from its Content-Length before anything
   * is read (a photo this big is no photo of ours); up to it the form is read, so a photo
   * over photoMaxBytes is refused with the entry's text and link kept.
   */
  entryPostMaxBytes: 10 * 1024 * 1024,
  /** The stored photo's long side at most (re-encoded on upload). */
  photoLongSide: 1600,
  /** A picture with more pixels than this is refused unread (a small file that decodes huge). */
  photoMaxPixels: 40_000_000,
  /** Request kinds a member makes from /compete. */
  requestMessageMax: 300,
} as const;

/** The calibration entry's criteria where the contest has no round with its own (names are translation keys). */
export const CALIBRATION_CRITERIA = [
  { name: "calibration.criteria.idea", weight: 2 },
  { name: "calibration.criteria.craft", weight: 1 },
] as const;

export const CONTEST_STATUSES = ["Active", "Paused", "Ended"] as const;
export type ContestStatus = (typeof CONTEST_STATUSES)[number];

/** Spec section 4: a contest's status is 'Active' when none is recorded. */
export function contestStatus(recorded: string | null | undefined): ContestStatus {
  return (CONTEST_STATUSES as readonly string[]).includes(recorded ?? "") ? (recorded as ContestStatus) : "Active";
}

/** Where a contest may go from each status: Ended is final. */
export const STATUS_CHANGES: Record<ContestStatus, readonly ContestStatus[]> = {
  Active: ["Paused", "Ended"],
  Paused: ["Active", "Ended"],
  Ended: [],
};

export const canChangeStatus = (from: ContestStatus, to: ContestStatus) => STATUS_CHANGES[from].includes(to);

export type RoundState = "draft" | "open" | "judging" | "published";

/** A round's next state in the ordinary flow (a reopen is an override, with a reason). */
export const NEXT_ROUND_STATE: Record<RoundState, RoundState | null> = {
  draft: "open",
  open: "judging",
  judging: "published",
  published: null,
};

/** The entries a round may not be published with: fewer judges than the contest's minimum (decision 1221). */
export function shortOfJudges<E extends { judges: number }>(entries: readonly E[], minJudges: number): E[] {
  return entries.filter((e) => e.judges < minJudges);
}

/** What players may see of a round: nothing of its scores before it is published. */
export const resultsVisible = (state: RoundState) => state === "published";

/** Whether a party may submit or change its entry now. */
export function entriesOpen(round: { state: RoundState; closesAt: Date | null }, now: Date) {
  return round.state === "open" && (round.closesAt === null || round.closesAt.getTime() > now.getTime());
}

/** Whether judges may score (and revise) in this round. */
export const scoringOpen = (state: RoundState) => state === "open" || state === "judging";

/**
 * Spec section 6, the game master screen's roles. A judge-only member (a judge, never a
 * game master) gets all their roles. Otherwise only judge or gamemaster entries with a
 * contest id count, one per contest (ids compared as strings), the gamemaster entry
 * preferred, in the order the contests first appear.
 */
export function gameMasterScreenRoles<R extends Pick<MemberRole, "role" | "contestId">>(roles: readonly R[]): R[] {
  const isJudge = roles.some((r) => r.role === "judge");
  const isGameMaster = roles.some((r) => r.role === "gamemaster");
  if (isJudge && !isGameMaster) return [...roles];
  const byContest = new Map<string, R>();
  for (const entry of roles) {
    if (entry.role !== "judge" && entry.role !== "gamemaster") continue;
    if (entry.contestId === null || entry.contestId === undefined || String(entry.contestId) === "") continue;
    const key = String(entry.contestId);
    const held = byContest.get(key);
    if (!held || (held.role !== "gamemaster" && entry.role === "gamemaster")) byContest.set(key, entry);
  }
  return [...byContest.values()];
}

/** A judge's weighted total of one entry, on the 1–5 scale (criteria without a score are left out). */
export function weightedTotal(scores: readonly (number | null | undefined)[], criteria: readonly { weight: number }[]): number | null {
  let sum = 0;
  let weights = 0;
  criteria.forEach((criterion, i) => {
    const score = scores[i];
    if (typeof score !== "number") return;
    sum += score * criterion.weight;
    weights += criterion.weight;
  });
  return weights === 0 ? null : sum / weights;
}

export interface JudgedTotal {
  entryId: number;
  judgeId: number;
  /** The judge's weighted total for the entry (1–5). */
  total: number;
}

export interface EntryFacts {
  entryId: number;
  /** The final submission's time: the chain's last step. */
  submittedAt: Date;
}

export interface RankedEntry {
  entryId: number;
  place: number;
  judges: number;
  rawMean: number;
  normalisedMean: number;
  firstPlaces: number;
  /** The step of the tie-break chain that separated it from the entry above (null: the scores alone did, or it is first). */
  decidedBy: TieBreakStep | null;
}

export const TIE_BREAK_CHAIN = ["normalisedMean", "firstPlaces", "rawMean", "submittedAt"] as const;
export type TieBreakStep = (typeof TIE_BREAK_CHAIN)[number];

const EPSILON = 1e-9;

/**
 * Each judge's totals as z-scores: (total − the judge's mean) / the judge's standard
 * deviation (population). A judge who gave one score, or the same total to everything,
 * says nothing about order: their z-scores are 0.
 */
export function zScores(totals: readonly JudgedTotal[]): Map<string, number> {
  const byJudge = new Map<number, JudgedTotal[]>();
  for (const t of totals) byJudge.set(t.judgeId, [...(byJudge.get(t.judgeId) ?? []), t]);
  const z = new Map<string, number>();
  for (const [, own] of byJudge) {
    const mean = own.reduce((s, t) => s + t.total, 0) / own.length;
    const sd = Math.sqrt(own.reduce((s, t) => s + (t.total - mean) ** 2, 0) / own.length);
    for (const t of own) z.set(`${t.entryId}:${t.judgeId}`, sd < EPSILON ? 0 : (t.total - mean) / sd);
  }
  return z;
}

/**
 * Entries ranked by the mean of their z-scores; ties broken by the number of judges who
 * put the entry first among what they scored, then the raw mean, then the earlier final
 * submission. Entries no judge scored come last, in submission order.
 */
export function rankEntries(entries: readonly EntryFacts[], totals: readonly JudgedTotal[]): RankedEntry[] {
  const z = zScores(totals);
  const firstPlaces = new Map<number, number>();
  const byJudge = new Map<number, JudgedTotal[]>();
  for (const t of totals) byJudge.set(t.judgeId, [...(byJudge.get(t.judgeId) ?? []), t]);
  for (const [, own] of byJudge) {
    const best = Math.max(...own.map((t) => t.total));
    for (const t of own) if (Math.abs(t.total - best) < EPSILON) firstPlaces.set(t.entryId, (firstPlaces.get(t.entryId) ?? 0) + 1);
  }
  const rows = entries.map((entry) => {
    const own = totals.filter((t) => t.entryId === entry.entryId);
    const judges = own.length;
    return {
      entry,
      judges,
      rawMean: judges ? own.reduce((s, t) => s + t.total, 0) / judges : 0,
      normalisedMean: judges ? own.reduce((s, t) => s + (z.get(`${t.entryId}:${t.judgeId}`) ?? 0), 0) / judges : 0,
      firstPlaces: firstPlaces.get(entry.entryId) ?? 0,
    };
  });
  type Row = (typeof rows)[number];
  const compareBy = (a: Row, b: Row, step: TieBreakStep): number => {
    switch (step) {
      case "normalisedMean":
        return Math.abs(a.normalisedMean - b.normalisedMean) < EPSILON ? 0 : b.normalisedMean - a.normalisedMean;
      case "firstPlaces":
        return b.firstPlaces - a.firstPlaces;
      case "rawMean":
        return Math.abs(a.rawMean - b.rawMean) < EPSILON ? 0 : b.rawMean - a.rawMean;
      case "submittedAt":
        return a.entry.submittedAt.getTime() - b.entry.submittedAt.getTime();
    }
  };
  const compare = (a: Row, b: Row) => {
    if ((a.judges > 0) !== (b.judges > 0)) return a.judges > 0 ? -1 : 1;
    for (const step of TIE_BREAK_CHAIN) {
      const c = compareBy(a, b, step);
      if (c !== 0) return c;
    }
    return a.entry.entryId - b.entry.entryId;
  };
  const sorted = [...rows].sort(compare);
  return sorted.map((row, i) => {
    const above = sorted[i - 1];
    let decidedBy: TieBreakStep | null = null;
    if (above && above.judges > 0 && row.judges > 0) {
      const step = TIE_BREAK_CHAIN.find((s) => compareBy(above, row, s) !== 0) ?? null;
      decidedBy = step === "normalisedMean" ? null : step;
    }
    return {
      entryId: row.entry.entryId,
      place: i + 1,
      judges: row.judges,
      rawMean: row.rawMean,
      normalisedMean: row.normalisedMean,
      firstPlaces: row.firstPlaces,
      decidedBy,
    };
  });
}

export type OverlapWarning = { kind: "few-scores"; judgeId: number; scores: number } | { kind: "disconnected"; groups: number };

/**
 * When z-scores compare poorly: a judge with fewer than `scoresForNormalising` scores, or
 * judges in groups that share no entry (each group's z-scores are on its own footing).
 */
export function overlapWarnings(totals: readonly JudgedTotal[]): OverlapWarning[] {
  const warnings: OverlapWarning[] = [];
  const entriesOf = new Map<number, Set<number>>();
  for (const t of totals) entriesOf.set(t.judgeId, (entriesOf.get(t.judgeId) ?? new Set()).add(t.entryId));
  for (const [judgeId, set] of entriesOf) {
    if (set.size < CONTEST_RULES.scoresForNormalising) warnings.push({ kind: "few-scores", judgeId, scores: set.size });
  }
  // Judges linked by a shared entry, grouped (union by search).
  const judges = [...entriesOf.keys()];
  const seen = new Set<number>();
  let groups = 0;
  for (const start of judges) {
    if (seen.has(start)) continue;
    groups += 1;
    const stack = [start];
    seen.add(start);
    while (stack.length) {
      const j = stack.pop()!;
      for (const other of judges) {
        if (seen.has(other)) continue;
        if ([...entriesOf.get(j)!].some((e) => entriesOf.get(other)!.has(e))) {
          seen.add(other);
          stack.push(other);
        }
      }
    }
  }
  if (groups > 1) warnings.push({ kind: "disconnected", groups });
  return warnings;
}

/** The points each member of a party earns for its place in a published round. */
export const pointsForPlace = (place: number) => CONTEST_RULES.pointsByPlace[place - 1] ?? CONTEST_RULES.pointsForTaking;
