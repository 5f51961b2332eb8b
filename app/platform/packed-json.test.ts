import { describe, expect, it } from "vitest";
import { packedOnce, packJson, unpackJson } from "./packed-json";

const rows = [
  { id: 1, name: `Ada "Countess" O'Neil \\ <b>`, score: 120, rank: 1 },
  { id: 2, name: "光 \u2028 🌟", score: 90, rank: 2 },
];

describe("packed JSON", () => {
  it("comes back exactly as it went, quotes, backslashes and all", () => {
    expect(unpackJson(packJson(rows))).toEqual(rows);
    expect(unpackJson(packJson("it's \"quoted\""))).toBe("it's \"quoted\"");
  });

  it("carries no double quotes but those of the values' own apostrophes", () => {
    const text = packJson(rows);
    expect(text.match(/"/g)).toHaveLength(1); // O'Neil's apostrophe
    expect(text).toContain("'name':");
  });

  it("gives the same text back as the same object, so a page re-renders with the same rows", () => {
    const text = packJson(rows);
    expect(unpackJson(text)).toBe(unpackJson(text));
  });

  it("packs a shared list once for as long as it lives, and another list anew", () => {
    let packs = 0;
    const pack = packedOnce<typeof rows>((value) => {
      packs += 1;
      return packJson(value);
    });
    expect(pack(rows)).toBe(pack(rows));
    expect(packs).toBe(1);
    expect(unpackJson(pack([...rows].reverse()))).toEqual([...rows].reverse());
    expect(packs).toBe(2);
  });
});
