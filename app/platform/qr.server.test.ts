import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { drawQr } from "./qr.server";

describe("drawQr", () => {
  it("draws every dark module of the code, inside a quiet zone", () => {
    const text = "https://glow.example/treasure/7?code=ABCD";
    const drawing = drawQr(text);
    const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
    expect(drawing.size).toBe(modules.size + 4);
    // Each run is one "M x y h w v1 h-w z": summing the widths counts the dark modules.
    const widths = [...drawing.path.matchAll(/h(\d+)v1/g)].reduce((sum, m) => sum + Number(m[1]), 0);
    let dark = 0;
    for (let r = 0; r < modules.size; r++) for (let c = 0; c < modules.size; c++) if (modules.get(r, c)) dark++;
    expect(widths).toBe(dark);
    expect(drawing.path.startsWith("M2 2")).toBe(true);
  });

  it("differs for different texts", () => {
    expect(drawQr("a").path).not.toBe(drawQr("b").path);
  });
});
