import { useEffect, useRef, useState } from "react";

/** The spec's confetti limits (section 9). */
export const CONFETTI = {
  maxPieces: 60,
  everyMs: 100,
  forMs: 6000,
  clearAtMs: 8000,
  /** How long one piece takes to fall: the last one (at 5.9 s) lands before the 8 s clear. */
  fallMs: 2000,
} as const;

/** When each piece starts (ms after the start): one every 100 ms for 6 s, at most 60. */
export function confettiStartTimes(): number[] {
  const times: number[] = [];
  for (let at = 0; at < CONFETTI.forMs && times.length < CONFETTI.maxPieces; at += CONFETTI.everyMs) times.push(at);
  return times;
}

const colours = ["#f59e0b", "#fcd34d", "#ec4899", "#38bdf8", "#34d399", "#a78bfa"];

interface Piece {
  key: number;
  left: number;
  colour: string;
  size: number;
  drift: number;
}

/**
 * A celebration overlay: pieces fall from the top, one every 100 ms for 6 s (at most 60),
 * and everything is cleared at 8 s. Nothing at all under prefers-reduced-motion.
 */
export default function Confetti({ onDone }: { onDone?: () => void }) {
  const [pieces, setPieces] = useState<Piece[]>([]);
  const [done, setDone] = useState(false);
  const doneRef = useRef(onDone);
  useEffect(() => {
    doneRef.current = onDone;
  }, [onDone]);

  useEffect(() => {
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) {
      setDone(true);
      doneRef.current?.();
      return;
    }
    const timers = confettiStartTimes().map((at, i) =>
      window.setTimeout(() => {
        setPieces((list) =>
          list.length >= CONFETTI.maxPieces
            ? list
            : [
                ...list,
                {
                  key: i,
                  left: Math.random() * 100,
                  colour: colours[i % colours.length]!,
                  size: 6 + Math.random() * 6,
                  drift: (Math.random() - 0.5) * 120,
                },
              ],
        );
      }, at),
    );
    const clear = window.setTimeout(() => {
      setPieces([]);
      setDone(true);
      doneRef.current?.();
    }, CONFETTI.clearAtMs);
    return () => {
      timers.forEach((t) => window.clearTimeout(t));
      window.clearTimeout(clear);
    };
  }, []);

  if (done) return null;
  return (
    <div aria-hidden="true" data-confetti="" className="pointer-events-none fixed inset-0 z-50 overflow-hidden">
      {pieces.map((p) => (
        <ConfettiPiece key={p.key} piece={p} />
      ))}
    </div>
  );
}

function ConfettiPiece({ piece }: { piece: Piece }) {
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const animation = ref.current?.animate(
      [
        { transform: "translate(0, -5vh) rotate(0deg)", opacity: 1 },
        { transform: `translate(${piece.drift}px, 105vh) rotate(540deg)`, opacity: 0.8 },
      ],
      { duration: CONFETTI.fallMs, easing: "cubic-bezier(.3,.6,.6,1)", fill: "forwards" },
    );
    return () => animation?.cancel();
  }, [piece.drift]);
  return (
    <span
      ref={ref}
      data-confetti-piece=""
      className="absolute top-0 block rounded-sm"
      style={{ left: `${piece.left}%`, width: piece.size, height: piece.size * 0.6, background: piece.colour }}
    />
  );
}
