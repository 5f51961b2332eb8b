/**
 * QR codes drawn on the server (the `qrcode` package): a loader hands the page the code's
 * dark modules as one SVG path, and `ui/qr-code.tsx` draws it, so a printed sheet or an
 * invite needs no script and no image request.
 */
import QRCode from "qrcode";

export interface QrDrawing {
  /** Modules per side, quiet zone included. */
  size: number;
  /** The dark modules as an SVG path in module units. */
  path: string;
}

/** A quiet zone of this many modules around the code, as scanners expect. */
const MARGIN = 2;

export function drawQr(text: string): QrDrawing {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const count = modules.size;
  let path = "";
  for (let row = 0; row < count; row++) {
    let col = 0;
    while (col < count) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < count && modules.get(row, col)) col++;
      path += `M${start + MARGIN} ${row + MARGIN}h${col - start}v1h-${col - start}z`;
    }
  }
  return { size: count + 2 * MARGIN, path };
}
