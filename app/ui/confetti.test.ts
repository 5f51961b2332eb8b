import { describe, expect, it } from "vitest";
import { CONFETTI, confettiStartTimes } from "./confetti";

describe("confetti", () => {
  it("drops one piece every 100 ms for 6 s, at most 60, and clears at 8 s", () => {
    const times = confettiStartTimes();
    expect(times).toHaveLength(60);
    expect(times[0]).toBe(0);
    expect(times.at(-1)).toBe(5900);
    expect(times.every((t, i) => i === 0 || t - times[i - 1]! === 100)).toBe(true);
    expect(CONFETTI.clearAtMs).toBe(8000);
    // The last piece has landed before everything is cleared.
    expect(times.at(-1)! + CONFETTI.fallMs).toBeLessThanOrEqual(CONFETTI.clearAtMs);
  });
});
