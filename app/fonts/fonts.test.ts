import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import zhCommon from "~/locales/zh/common.json";

/**
 * The home page's display fonts, as the stylesheet declares them: self-hosted, optional
 * (never blocking the first paint, never moving the page when they arrive: decision 1004),
 * within their size budget, and the Chinese ones holding exactly the Chinese greeting's
 * characters (scripts/subset-zh-fonts.sh makes them).
 */
const css = fs.readFileSync(path.resolve("app/app.css"), "utf8");
const faces = [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body]) => ({
  family: /font-family:\s*"([^"]+)"/.exec(body!)?.[1] ?? "",
  file: path.resolve("app", /url\("\.\/([^"]+)"\)/.exec(body!)?.[1] ?? "missing"),
  optional: /font-display:\s*optional/.test(body!),
  range: /unicode-range:\s*([^;]+);/.exec(body!)?.[1] ?? null,
}));
const latin = faces.filter((face) => face.range === null);
const chinese = faces.filter((face) => face.range !== null);
const size = (file: string) => fs.statSync(file).size;

/** The characters of the Chinese greeting that a Latin font does not draw. */
const greeting = [...new Set(zhCommon.home.welcome)].map((c) => c.codePointAt(0)!).filter((code) => code > 0x7f);

describe("the home page's display fonts", () => {
  it("are five Latin fonts and five Chinese partners, self-hosted woff2 files used only if there in time", () => {
    expect(latin).toHaveLength(5);
    expect(chinese).toHaveLength(5);
    for (const face of faces) {
      expect(face.optional, face.family).toBe(true);
      expect(fs.readFileSync(face.file).subarray(0, 4).toString("latin1"), face.file).toBe("wOF2");
    }
  });

  it("keep the five Latin fonts under 120 KB together, and the Chinese ones small", () => {
    expect(latin.reduce((sum, face) => sum + size(face.file), 0)).toBeLessThan(120 * 1024);
    expect(chinese.reduce((sum, face) => sum + size(face.file), 0)).toBeLessThan(24 * 1024);
  });

  it("pair each Latin font with a Chinese one in the font stacks", () => {
    const stacks = [...css.matchAll(/--font-(pacifico|bungee|pixel|righteous|monoton):\s*([^;]+);/g)].map(([, , stack]) => stack!);
    expect(stacks).toHaveLength(5);
    const partners = stacks.map((stack) => /^"[^"]+",\s*"([^"]+)"/.exec(stack)?.[1]);
    expect(new Set(partners)).toEqual(new Set(chinese.map((face) => face.family)));
  });

  it("give the Chinese fonts exactly the greeting's characters, in the file and in unicode-range", () => {
    const wanted = [...greeting].sort((a, b) => a - b);
    for (const face of chinese) {
      const declared = face.range!.split(",").map((part) => parseInt(part.trim().replace(/^U\+/i, ""), 16));
      expect(declared.sort((a, b) => a - b), `${face.family}: rerun scripts/subset-zh-fonts.sh`).toEqual(wanted);
      const drawn = woff2Characters(fs.readFileSync(face.file));
      expect(wanted.filter((c) => !drawn.has(c)), face.family).toEqual([]);
    }
  });
});

/** The characters a woff2 font maps to a glyph (its cmap table, formats 4 and 12). */
function woff2Characters(file: Buffer): Set<number> {
  let at = 48;
  const base128 = () => {
    let value = 0;
    for (let i = 0; i < 5; i++) {
      const byte = file[at++]!;
      value = value * 128 + (byte & 0x7f);
      if (!(byte & 0x80)) return value;
    }
    throw new Error("bad UIntBase128");
  };
  const tables: { index: number; length: number }[] = [];
  for (let n = file.readUInt16BE(12); n > 0; n--) {
    const flags = file[at++]!;
    const index = flags & 0x3f;
    if (index === 63) at += 4;
    const version = flags >> 6;
    const origLength = base128();
    const transformed = index === 10 || index === 11 ? version === 0 : version !== 0;
    tables.push({ index, length: transformed ? base128() : origLength });
  }
  const data = zlib.brotliDecompressSync(file.subarray(at, at + file.readUInt32BE(20)));
  let offset = 0;
  for (const table of tables) {
    if (table.index === 0) return cmapCharacters(data.subarray(offset, offset + table.length));
    offset += table.length;
  }
  throw new Error("no cmap");
}

function cmapCharacters(cmap: Buffer): Set<number> {
  const found = new Set<number>();
  for (let i = 0; i < cmap.readUInt16BE(2); i++) {
    const sub = cmap.subarray(cmap.readUInt32BE(4 + i * 8 + 4));
    const format = sub.readUInt16BE(0);
    if (format === 4) {
      const segments = sub.readUInt16BE(6) / 2;
      const ends = 14, starts = ends + segments * 2 + 2, deltas = starts + segments * 2, ranges = deltas + segments * 2;
      for (let s = 0; s < segments; s++) {
        const end = sub.readUInt16BE(ends + s * 2), start = sub.readUInt16BE(starts + s * 2);
        const delta = sub.readInt16BE(deltas + s * 2), range = sub.readUInt16BE(ranges + s * 2);
        for (let c = start; c <= end && c !== 0xffff; c++) {
          const glyph = range === 0 ? (c + delta) & 0xffff : sub.readUInt16BE(ranges + s * 2 + range + (c - start) * 2);
          if (glyph !== 0) found.add(c);
        }
      }
    } else if (format === 12) {
      for (let g = 0; g < sub.readUInt32BE(12); g++) {
        const first = sub.readUInt32BE(16 + g * 12), last = sub.readUInt32BE(20 + g * 12);
        for (let c = first; c <= last; c++) found.add(c);
      }
    }
  }
  return found;
}
