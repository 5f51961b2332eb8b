import { describe, expect, it } from "vitest";
import { placeAwayFrom } from "./companion-island";

const screen = { width: 375, height: 740 };
const SIZE = 120;
const covers = (p: { x: number; y: number }, box: { left: number; top: number; right: number; bottom: number }) =>
  p.x < box.right && p.x + SIZE > box.left && p.y < box.bottom && p.y + SIZE > box.top;

describe("where the companion goes to keep off a focused control", () => {
  const perch = { x: 243, y: 608 };

  it("parks in the dock's perch when the perch is clear of the control", () => {
    const link = { left: 16, top: 300, right: 200, bottom: 324 };
    expect(placeAwayFrom(link, SIZE, { x: 40, y: 260 }, perch, screen)).toEqual(perch);
  });

  it("goes to a top corner when the control is by the perch, never onto the control", () => {
    const button = { left: 250, top: 590, right: 360, bottom: 630 };
    const spot = placeAwayFrom(button, SIZE, perch, perch, screen);
    expect(covers(spot, button)).toBe(false);
    expect(spot.y).toBe(8);
  });

  it("does not pick the bottom-left corner (the dock's links and dialogue) while another place is free", () => {
    const wide = { left: 0, top: 0, right: 375, bottom: 140 };
    const spot = placeAwayFrom(wide, SIZE, { x: 100, y: 20 }, perch, screen);
    expect(spot).toEqual(perch);
    const low = { left: 0, top: 560, right: 375, bottom: 700 };
    const up = placeAwayFrom(low, SIZE, perch, perch, screen);
    expect(up.y).toBe(8);
    expect(up.x).toBeGreaterThan(8);
  });
});
