import { describe, expect, it } from "vitest";
import { keep } from "./cache";

describe("keep(): values made at once", () => {
  it("makes a key's value once, then gives it back, until the key is forgotten", () => {
    const kept = keep<string, string>({ max: 10 });
    let made = 0;
    const make = () => `value ${++made}`;
    expect(kept.made("a", make)).toBe("value 1");
    expect(kept.made("a", make)).toBe("value 1");
    expect(kept.made("b", make)).toBe("value 2");
    kept.forget("a");
    expect(kept.made("a", make)).toBe("value 3");
    kept.forget();
    expect(kept.made("b", make)).toBe("value 4");
  });

  it("holds at most `max` keys, the least recently used going first", () => {
    const kept = keep<number, number>({ max: 2 });
    let made = 0;
    kept.made(1, () => ++made);
    kept.made(2, () => ++made);
    kept.made(1, () => ++made); // 1 is used again: 2 is now the oldest
    kept.made(3, () => ++made);
    expect(kept.made(1, () => -1)).toBe(1);
    expect(kept.made(2, () => -1)).toBe(-1);
  });
});
