/**
 * Scanning a party's QR code on /invite and /QRvalidate. Without JavaScript (and until it
 * loads) the page says to type the code printed under the QR code; with it, "Scan a QR
 * code" opens the camera and "Scan a photo" reads a picture (on a phone, the camera too).
 * The reader itself (qr-reader.client.ts, and for browsers without a native detector its
 * WebAssembly) is loaded only when one of them is used.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/platform/translations";
import { useNavigate } from "react-router";
import { useHydrated } from "~/ui/client-only";
import { readJoinCode } from "./join-code";
import { mutedText } from "~/ui/fields";
import { primaryButton, secondaryButton } from "~/ui/buttons";
import type { QrReader } from "./qr-reader.client";

type ScanState = "idle" | "loading" | "scanning" | "reading" | "no-camera" | "not-ours" | "nothing" | "failed";

let reader: Promise<QrReader> | null = null;
const loadReader = () => (reader ??= import("./qr-reader.client").then((m) => m.qrReader()).catch((error) => {
  reader = null;
  throw error;
}));

/** Where a scanned text leads: an invitation or party link of Glow, or a bare join code. */
export function scannedTarget(text: string, origin: string): { path: string } | { code: string } | null {
  const trimmed = text.trim();
  try {
    const url = new URL(trimmed, origin);
    // Only the path and query are followed, on this site: a code printed by any Glow address works here.
    if (/^https?:$/.test(url.protocol) && url.pathname.startsWith("/accept-invite/")) return { path: `${url.pathname}${url.search}` };
  } catch {
    // not a link
  }
  const code = readJoinCode(trimmed);
  return code ? { code } : null;
}

export function QrScanner() {
  const { t } = useTranslation("parties");
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [state, setState] = useState<ScanState>("idle");
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const timer = useRef<number | undefined>(undefined);

  const stop = () => {
    window.clearTimeout(timer.current);
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
  };
  useEffect(() => stop, []);

  const follow = (texts: string[]) => {
    for (const text of texts) {
      const target = scannedTarget(text, window.location.origin);
      if (!target) continue;
      stop();
      if ("path" in target) {
        void navigate(target.path);
      } else {
        const field = document.getElementById("join-code") as HTMLInputElement | null;
        if (field) {
          field.value = target.code;
          field.form?.requestSubmit();
        }
      }
      setState("idle");
      return true;
    }
    return false;
  };

  const scanCamera = async () => {
    setState("loading");
    let found: QrReader;
    try {
      found = await loadReader();
    } catch {
      return setState("failed");
    }
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
    } catch {
      return setState("no-camera");
    }
    const element = video.current!;
    element.srcObject = stream.current;
    await element.play().catch(() => undefined);
    setState("scanning");
    const look = async () => {
      if (!stream.current) return;
      try {
        const codes = await found.detect(element);
        if (follow(codes.map((c) => c.rawValue))) return;
        if (codes.length) setState("not-ours");
      } catch {
        // a frame that could not be read; the next one may
      }
      timer.current = window.setTimeout(look, 250);
    };
    void look();
  };

  const scanPhoto = async (file: File | undefined) => {
    if (!file) return;
    setState("reading");
    try {
      const found = await loadReader();
      const codes = await found.detect(file);
      if (follow(codes.map((c) => c.rawValue))) return;
      setState(codes.length ? "not-ours" : "nothing");
    } catch {
      setState("failed");
    }
  };

  if (!hydrated) return <p className={mutedText}>{t("join.scanNeedsScript")}</p>;
  const scanning = state === "scanning";
  const message = state === "idle" || state === "scanning" ? (scanning ? t("join.scanning") : "") : t(`join.scan.${state}`);
  return (
    <div className="space-y-3">
      <p className={mutedText}>{t("join.scanHint")}</p>
      <div className="flex flex-wrap items-center gap-3">
        {scanning ? (
          <button type="button" className={secondaryButton} onClick={() => (stop(), setState("idle"))}>
            {t("join.stop")}
          </button>
        ) : (
          <button type="button" className={primaryButton} onClick={() => void scanCamera()} aria-disabled={state === "loading" || undefined}>
            {t("join.scanButton")}
          </button>
        )}
        <label className={`${secondaryButton} cursor-pointer focus-within:outline focus-within:outline-2`}>
          {t("join.photo")}
          <input
            type="file"
            accept="image/*"
            capture="environment"
            className="sr-only"
            data-testid="scan-photo"
            onChange={(event) => void scanPhoto(event.currentTarget.files?.[0])}
          />
        </label>
      </div>
      <video ref={video} playsInline muted aria-label={t("join.camera")} className={scanning ? "w-full max-w-sm rounded-lg" : "hidden"} />
      <p role="status" aria-live="polite" className="min-h-6">
        {message}
      </p>
    </div>
  );
}
