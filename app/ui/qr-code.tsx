import type { QrDrawing } from "~/platform/qr.server";

/**
 * A QR code the server drew (platform/qr.server.ts), crisp at any size and in print. Dark
 * on white whatever the theme: scanners need the contrast.
 */
export function QrCode({ drawing, label, className = "h-48 w-48" }: { drawing: QrDrawing; label: string; className?: string }) {
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${drawing.size} ${drawing.size}`} shapeRendering="crispEdges" className={className}>
      <rect width={drawing.size} height={drawing.size} fill="#ffffff" />
      <path d={drawing.path} fill="#000000" />
    </svg>
  );
}
