import { describe, expect, it } from "vitest";
import { checkNote } from "./word-filter";

describe("the secret-salute note filter", () => {
  it("lets kind notes through", () => {
    for (const note of ["You were great today!", "Thanks for the classy hat", "你今天真棒！", "Hateful weather, lovely you"]) {
      expect(checkNote(note), note).toBeNull();
    }
  });

  it("stops unkind words, also disguised, in English and Chinese", () => {
    for (const note of ["you are stupid", "ST00PID? no: stup1d", "s.t.u.p.i.d", "loser", "你是笨蛋", "去死"]) {
      expect(checkNote(note), note).toBe("blocked");
    }
  });

  it("stops links and contact details", () => {
    expect(checkNote("see glow.com")).toBe("link");
    expect(checkNote("https://x.y")).toBe("link");
    expect(checkNote("call 555 123 4567")).toBe("contact");
    expect(checkNote("me@x")).toBe("contact");
  });
});
