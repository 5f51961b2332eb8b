/** The contest rules without a database: statuses, the section 6 role grouping, fair judging and its tie-break chain. */
import { describe, expect, it } from "vitest";
import {
  canChangeStatus,
  contestStatus,
  gameMasterScreenRoles,
  overlapWarnings,
  rankEntries,
  resultsVisible,
  weightedTotal,
  zScores,
  type JudgedTotal,
} from "./rules";

const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 10, minute));

describe("contest status", () => {
  it("is Active when none is recorded", () => {
    expect(contestStatus(null)).toBe("Active");
    expect(contestStatus(undefined)).toBe("Active");
    expect(contestStatus("")).toBe("Active");
    expect(contestStatus("Paused")).toBe("Paused");
  });
  it("moves Active ⇄ Paused, and to Ended for good", () => {
    expect(canChangeStatus("Active", "Paused")).toBe(true);
    expect(canChangeStatus("Paused", "Active")).toBe(true);
    expect(canChangeStatus("Paused", "Ended")).toBe(true);
    expect(canChangeStatus("Ended", "Active")).toBe(false);
    expect(canChangeStatus("Active", "Active")).toBe(false);
  });
  it("shows results to players only once a round is published", () => {
    expect(["draft", "open", "judging"].map((s) => resultsVisible(s as "draft"))).toEqual([false, false, false]);
    expect(resultsVisible("published")).toBe(true);
  });
});

describe("the game master screen's roles (spec section 6)", () => {
  it("gives a judge-only member all their roles", () => {
    const roles = [
      { role: "judge" as const, contestId: 3 },
      { role: "ringleader" as const, contestId: 4 },
      { role: "judge" as const, contestId: null },
    ];
    expect(gameMasterScreenRoles(roles)).toEqual(roles);
  });
  it("otherwise keeps judge or gamemaster entries with a contest id, one per contest, preferring gamemaster", () => {
    const roles = [
      { role: "judge" as const, contestId: 1 },
      { role: "ringleader" as const, contestId: 2 },
      { role: "gamemaster" as const, contestId: 1 },
      { role: "gamemaster" as const, contestId: null },
      { role: "judge" as const, contestId: 5 },
    ];
    expect(gameMasterScreenRoles(roles)).toEqual([
      { role: "gamemaster", contestId: 1 },
      { role: "judge", contestId: 5 },
    ]);
  });
  it("compares contest ids as strings", () => {
    const roles = [
      { role: "gamemaster", contestId: "7" },
      { role: "judge", contestId: 7 },
    ] as unknown as { role: "judge" | "gamemaster"; contestId: number }[];
    expect(gameMasterScreenRoles(roles)).toHaveLength(1);
    expect(gameMasterScreenRoles(roles)[0]!.role).toBe("gamemaster");
  });
});

describe("fair judging", () => {
  it("weights criteria on the 1–5 scale", () => {
    expect(weightedTotal([5, 1], [{ weight: 3 }, { weight: 1 }])).toBe(4);
    expect(weightedTotal([null, 2], [{ weight: 3 }, { weight: 1 }])).toBe(2);
    expect(weightedTotal([], [{ weight: 1 }])).toBeNull();
  });

  it("normalises each judge on their own scale: a harsh and a generous judge agree", () => {
    const totals: JudgedTotal[] = [
      { judgeId: 1, entryId: 10, total: 2 },
      { judgeId: 1, entryId: 11, total: 1 },
      { judgeId: 1, entryId: 12, total: 3 },
      { judgeId: 2, entryId: 10, total: 4 },
      { judgeId: 2, entryId: 11, total: 3 },
      { judgeId: 2, entryId: 12, total: 5 },
    ];
    const z = zScores(totals);
    expect(z.get("12:1")).toBeCloseTo(z.get("12:2")!);
    expect(z.get("10:1")).toBeCloseTo(0);
    const ranked = rankEntries([10, 11, 12].map((entryId) => ({ entryId, submittedAt: at(entryId) })), totals);
    expect(ranked.map((r) => r.entryId)).toEqual([12, 10, 11]);
    expect(ranked[0]!.rawMean).toBe(4);
  });

  it("gives a judge who scores everything the same no say in the order", () => {
    const z = zScores([
      { judgeId: 1, entryId: 1, total: 3 },
      { judgeId: 1, entryId: 2, total: 3 },
    ]);
    expect([...z.values()]).toEqual([0, 0]);
  });

  it("ranks by normalised mean, not raw mean, when a harsh judge saw only one entry", () => {
    // Judge 1 (generous) scored A and B; judge 2 (harsh) scored B and C.
    const totals: JudgedTotal[] = [
      { judgeId: 1, entryId: 1, total: 5 },
      { judgeId: 1, entryId: 2, total: 4 },
      { judgeId: 2, entryId: 2, total: 2 },
      { judgeId: 2, entryId: 3, total: 1 },
    ];
    const ranked = rankEntries([1, 2, 3].map((entryId) => ({ entryId, submittedAt: at(entryId) })), totals);
    expect(ranked.map((r) => r.entryId)).toEqual([1, 2, 3]);
    expect(ranked.find((r) => r.entryId === 2)!.normalisedMean).toBeCloseTo(0);
  });

  describe("the tie-break chain", () => {
    it("breaks an equal normalised mean by first places across judges", () => {
      // Judges 1 and 2 disagree exactly (mean z 0 for both); judge 3 saw only entry 1, their first place.
      const totals: JudgedTotal[] = [
        { judgeId: 1, entryId: 1, total: 5 },
        { judgeId: 1, entryId: 2, total: 1 },
        { judgeId: 2, entryId: 1, total: 1 },
        { judgeId: 2, entryId: 2, total: 5 },
        { judgeId: 3, entryId: 1, total: 2 },
      ];
      const ranked = rankEntries([1, 2].map((entryId) => ({ entryId, submittedAt: at(10 - entryId) })), totals);
      const one = ranked.find((r) => r.entryId === 1)!;
      const two = ranked.find((r) => r.entryId === 2)!;
      expect(one.normalisedMean).toBeCloseTo(two.normalisedMean);
      expect(one.firstPlaces).toBe(2);
      expect(two.firstPlaces).toBe(1);
      expect(one.place).toBeLessThan(two.place);
      expect(two.decidedBy).toBe("firstPlaces");
    });

    it("then by the raw mean", () => {
      // Judges who give one score each: every z-score is 0, each is a first place.
      const totals: JudgedTotal[] = [
        { judgeId: 1, entryId: 1, total: 3 },
        { judgeId: 2, entryId: 2, total: 4 },
      ];
      const ranked = rankEntries([1, 2].map((entryId) => ({ entryId, submittedAt: at(entryId) })), totals);
      expect(ranked.map((r) => r.entryId)).toEqual([2, 1]);
      expect(ranked[1]!.decidedBy).toBe("rawMean");
    });

    it("then by the earlier final submission", () => {
      const totals: JudgedTotal[] = [
        { judgeId: 1, entryId: 1, total: 4 },
        { judgeId: 2, entryId: 2, total: 4 },
      ];
      const ranked = rankEntries(
        [
          { entryId: 1, submittedAt: at(30) },
          { entryId: 2, submittedAt: at(5) },
        ],
        totals,
      );
      expect(ranked.map((r) => r.entryId)).toEqual([2, 1]);
      expect(ranked[1]!.decidedBy).toBe("submittedAt");
    });

    it("puts entries nobody scored last", () => {
      const ranked = rankEntries(
        [
          { entryId: 1, submittedAt: at(1) },
          { entryId: 2, submittedAt: at(2) },
        ],
        [{ judgeId: 1, entryId: 2, total: 1 }],
      );
      expect(ranked.map((r) => r.entryId)).toEqual([2, 1]);
      expect(ranked[1]!.judges).toBe(0);
    });
  });

  it("warns when judges' sets overlap too little", () => {
    const warnings = overlapWarnings([
      { judgeId: 1, entryId: 1, total: 3 },
      { judgeId: 1, entryId: 2, total: 3 },
      { judgeId: 1, entryId: 3, total: 3 },
      { judgeId: 2, entryId: 4, total: 3 },
    ]);
    expect(warnings).toContainEqual({ kind: "few-scores", judgeId: 2, scores: 1 });
    expect(warnings).toContainEqual({ kind: "disconnected", groups: 2 });
    const fine = overlapWarnings(
      [1, 2, 3].flatMap((entryId) => [1, 2].map((judgeId) => ({ judgeId, entryId, total: entryId }))),
    );
    expect(fine).toEqual([]);
  });
});
