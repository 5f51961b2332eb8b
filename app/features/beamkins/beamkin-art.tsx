/**
 * Original artwork for the eight beamkins, drawn for Glow as SVG shapes. The glow follows
 * the light level: a halo that grows and brightens, colours that go from washed-out at 0
 * to vivid at 100, and sparkles that appear as the beamkin gets brighter.
 * public/beamkins/{slug}.svg are this component rendered at light 70 (for <img> uses);
 * a test keeps them in step.
 */
import { useId, type ReactNode } from "react";
import { clampLight, lightMood } from "./rules";

interface Palette {
  body: string;
  shade: string;
  accent: string;
  halo: string;
}

const palettes: Record<string, Palette> = {
  sparkit: { body: "#fcd34d", shade: "#f59e0b", accent: "#fb923c", halo: "#fde047" },
  mothlume: { body: "#ddd6fe", shade: "#a78bfa", accent: "#f0abfc", halo: "#c4b5fd" },
  glimmerfox: { body: "#fb923c", shade: "#ea580c", accent: "#fff7ed", halo: "#fdba74" },
  emberpup: { body: "#d6a77a", shade: "#a16207", accent: "#ef4444", halo: "#fb923c" },
  dozelight: { body: "#fef9c3", shade: "#fde68a", accent: "#93c5fd", halo: "#bfdbfe" },
  quipwisp: { body: "#5eead4", shade: "#14b8a6", accent: "#ccfbf1", halo: "#99f6e4" },
  lullabloom: { body: "#fef3c7", shade: "#f9a8d4", accent: "#86efac", halo: "#fbcfe8" },
  prismane: { body: "#cffafe", shade: "#818cf8", accent: "#facc15", halo: "#a5f3fc" },
};

const INK = "#3b2f4a";

function Eye({ x, y, r = 5, look = 0 }: { x: number; y: number; r?: number; look?: number }) {
  return (
    <g>
      <circle cx={x} cy={y} r={r} fill={INK} />
      <circle cx={x - r * 0.35 + look} cy={y - r * 0.4} r={r * 0.38} fill="#fff" />
    </g>
  );
}

function ClosedEye({ x, y, w = 6, up = false }: { x: number; y: number; w?: number; up?: boolean }) {
  const dy = up ? -4 : 4;
  return (
    <path
      d={`M${x - w} ${y} Q${x} ${y + dy} ${x + w} ${y}`}
      fill="none"
      stroke={INK}
      strokeWidth={2.6}
      strokeLinecap="round"
    />
  );
}

function Cheeks({ x1, x2, y, color = "#fb7185" }: { x1: number; x2: number; y: number; color?: string }) {
  return (
    <g fill={color} opacity={0.45}>
      <ellipse cx={x1} cy={y} rx={5} ry={3} />
      <ellipse cx={x2} cy={y} rx={5} ry={3} />
    </g>
  );
}

function Smile({ x, y, w = 7, open = false }: { x: number; y: number; w?: number; open?: boolean }) {
  return open ? (
    <path d={`M${x - w} ${y} Q${x} ${y + w * 1.4} ${x + w} ${y} Z`} fill={INK} />
  ) : (
    <path
      d={`M${x - w} ${y} Q${x} ${y + w * 0.9} ${x + w} ${y}`}
      fill="none"
      stroke={INK}
      strokeWidth={2.4}
      strokeLinecap="round"
    />
  );
}

/** Each beamkin's shapes, in a 120×120 box, centred near (60, 64). */
const drawings: Record<string, (p: Palette) => ReactNode> = {
  // A round, bouncy spark with a star on its head and a wide-open grin.
  sparkit: (p) => (
    <>
      <polygon
        points="60,14 64.7,26 77,26.5 67.3,34.2 70.8,46 60,39 49.2,46 52.7,34.2 43,26.5 55.3,26"
        fill={p.accent}
        stroke={p.shade}
        strokeWidth={2}
        strokeLinejoin="round"
      />
      <ellipse cx={33} cy={74} rx={7} ry={5} fill={p.shade} transform="rotate(-30 33 74)" />
      <ellipse cx={87} cy={74} rx={7} ry={5} fill={p.shade} transform="rotate(30 87 74)" />
      <circle cx={60} cy={70} r={28} fill={p.body} stroke={p.shade} strokeWidth={3} />
      <ellipse cx={50} cy={58} rx={8} ry={5} fill="#fff" opacity={0.5} />
      <Eye x={50} y={66} />
      <Eye x={70} y={66} />
      <Cheeks x1={42} x2={78} y={76} />
      <Smile x={60} y={78} w={8} open />
    </>
  ),
  // A soft moth who peeks out from behind big spotted wings, eyes turned aside.
  mothlume: (p) => (
    <>
      <path d="M54 40 Q46 22 38 20" fill="none" stroke={p.shade} strokeWidth={2.5} strokeLinecap="round" />
      <path d="M66 40 Q74 22 82 20" fill="none" stroke={p.shade} strokeWidth={2.5} strokeLinecap="round" />
      <circle cx={38} cy={20} r={3.5} fill={p.accent} />
      <circle cx={82} cy={20} r={3.5} fill={p.accent} />
      <ellipse cx={36} cy={62} rx={22} ry={28} fill={p.shade} opacity={0.85} transform="rotate(-20 36 62)" />
      <ellipse cx={84} cy={62} rx={22} ry={28} fill={p.shade} opacity={0.85} transform="rotate(20 84 62)" />
      <circle cx={32} cy={56} r={7} fill={p.accent} />
      <circle cx={88} cy={56} r={7} fill={p.accent} />
      <circle cx={38} cy={78} r={4} fill={p.body} />
      <circle cx={82} cy={78} r={4} fill={p.body} />
      <ellipse cx={60} cy={70} rx={17} ry={26} fill={p.body} stroke={p.shade} strokeWidth={2.5} />
      <path d="M48 86 H72 M50 93 H70" stroke={p.shade} strokeWidth={2} strokeLinecap="round" />
      <Eye x={54} y={62} r={4} look={2} />
      <Eye x={66} y={62} r={4} look={2} />
      <Cheeks x1={50} x2={70} y={71} />
      <path d="M57 74 Q60 76 63 74" fill="none" stroke={INK} strokeWidth={2} strokeLinecap="round" />
    </>
  ),
  // A fox with a swirl of glowing tail and one eyebrow up, always asking why.
  glimmerfox: (p) => (
    <>
      <path
        d="M78 96 Q112 92 104 60 Q100 44 90 50 Q100 64 86 80 Z"
        fill={p.body}
        stroke={p.shade}
        strokeWidth={2.5}
        strokeLinejoin="round"
      />
      <path d="M98 50 Q104 52 104 60 Q100 56 92 56 Z" fill={p.accent} />
      <polygon points="36,22 50,44 32,50" fill={p.body} stroke={p.shade} strokeWidth={2.5} strokeLinejoin="round" />
      <polygon points="84,22 70,44 88,50" fill={p.body} stroke={p.shade} strokeWidth={2.5} strokeLinejoin="round" />
      <polygon points="38,30 46,42 36,45" fill={p.accent} />
      <polygon points="82,30 74,42 84,45" fill={p.accent} />
      <path
        d="M30 50 Q30 40 60 40 Q90 40 90 50 Q90 78 60 96 Q30 78 30 50 Z"
        fill={p.body}
        stroke={p.shade}
        strokeWidth={3}
        strokeLinejoin="round"
      />
      <path d="M42 70 Q60 64 78 70 Q72 88 60 94 Q48 88 42 70 Z" fill={p.accent} />
      <Eye x={48} y={60} r={5.5} />
      <Eye x={72} y={60} r={5.5} />
      <path d="M66 48 Q72 44 78 48" fill="none" stroke={INK} strokeWidth={2.2} strokeLinecap="round" />
      <path d="M42 51 H54" stroke={INK} strokeWidth={2.2} strokeLinecap="round" />
      <ellipse cx={60} cy={76} rx={4} ry={3} fill={INK} />
      <path d="M56 82 Q60 85 64 82" fill="none" stroke={INK} strokeWidth={2} strokeLinecap="round" />
    </>
  ),
  // A sturdy pup with floppy ears, a flame tuft and a determined look.
  emberpup: (p) => (
    <>
      <path
        d="M60 18 Q70 30 66 36 Q74 32 72 24 Q82 36 70 46 H50 Q40 36 50 26 Q50 34 56 36 Q52 28 60 18 Z"
        fill={p.accent}
        stroke="#f59e0b"
        strokeWidth={2}
        strokeLinejoin="round"
      />
      <path d="M60 30 Q64 36 62 42 H58 Q56 36 60 30 Z" fill="#fde047" />
      <ellipse cx={32} cy={62} rx={10} ry={20} fill={p.shade} transform="rotate(18 32 62)" />
      <ellipse cx={88} cy={62} rx={10} ry={20} fill={p.shade} transform="rotate(-18 88 62)" />
      <circle cx={60} cy={66} r={27} fill={p.body} stroke={p.shade} strokeWidth={3} />
      <ellipse cx={60} cy={78} rx={14} ry={10} fill="#fef3c7" />
      <Eye x={49} y={62} r={4.5} />
      <Eye x={71} y={62} r={4.5} />
      <path d="M43 54 L54 57 M77 54 L66 57" stroke={INK} strokeWidth={2.6} strokeLinecap="round" />
      <ellipse cx={60} cy={73} rx={5} ry={3.5} fill={INK} />
      <path d="M54 80 Q60 85 66 80" fill="none" stroke={INK} strokeWidth={2.2} strokeLinecap="round" />
      <circle cx={47} cy={96} r={6} fill={p.shade} />
      <circle cx={73} cy={96} r={6} fill={p.shade} />
    </>
  ),
  // A crescent of moonlight curled up for a nap, nightcap on, dreaming in z's.
  dozelight: (p) => (
    <>
      <path
        d="M70 22 A40 40 0 1 0 98 82 A32 32 0 1 1 70 22 Z"
        fill={p.body}
        stroke={p.shade}
        strokeWidth={3}
        strokeLinejoin="round"
      />
      <path d="M44 34 Q60 14 76 24 Q66 30 58 40 Z" fill={p.accent} />
      <circle cx={78} cy={22} r={4.5} fill="#fff" stroke={p.accent} strokeWidth={1.5} />
      <ClosedEye x={40} y={64} w={5} />
      <ClosedEye x={54} y={66} w={5} />
      <Cheeks x1={36} x2={58} y={74} />
      <path d="M44 80 Q48 83 52 80" fill="none" stroke={INK} strokeWidth={2} strokeLinecap="round" />
      <path
        d="M80 38 H88 L80 46 H88 M92 24 H98 L92 30 H98"
        fill="none"
        stroke={p.accent}
        strokeWidth={2.2}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </>
  ),
  // A flickering wisp of flame with a wink and a crooked grin.
  quipwisp: (p) => (
    <>
      <path
        d="M60 16 Q66 32 78 30 Q74 40 84 50 Q92 62 88 76 Q82 98 60 98 Q38 98 32 76 Q28 60 40 48 Q44 58 50 56 Q44 36 60 16 Z"
        fill={p.body}
        stroke={p.shade}
        strokeWidth={3}
        strokeLinejoin="round"
      />
      <path d="M60 56 Q72 66 70 80 Q66 92 60 92 Q50 92 50 80 Q50 68 60 56 Z" fill={p.accent} opacity={0.8} />
      <Eye x={50} y={66} r={5} />
      <ClosedEye x={70} y={66} w={5} up />
      <path d="M44 56 Q50 52 56 56" fill="none" stroke={INK} strokeWidth={2.2} strokeLinecap="round" />
      <path d="M50 80 Q60 86 70 76" fill="none" stroke={INK} strokeWidth={2.6} strokeLinecap="round" />
    </>
  ),
  // A flower bud with a kind face, petals all around, leaves like little hands.
  lullabloom: (p) => (
    <>
      <path d="M60 90 Q36 104 30 88 Q46 82 60 90 Z" fill={p.accent} stroke="#22c55e" strokeWidth={2} />
      <path d="M60 90 Q84 104 90 88 Q74 82 60 90 Z" fill={p.accent} stroke="#22c55e" strokeWidth={2} />
      {[0, 60, 120, 180, 240, 300].map((angle) => (
        <ellipse
          key={angle}
          cx={60}
          cy={36}
          rx={13}
          ry={18}
          fill={p.shade}
          stroke="#ec4899"
          strokeWidth={1.5}
          transform={`rotate(${angle} 60 62)`}
        />
      ))}
      <circle cx={60} cy={62} r={22} fill={p.body} stroke="#f472b6" strokeWidth={2.5} />
      <ClosedEye x={51} y={60} w={4.5} />
      <ClosedEye x={69} y={60} w={4.5} />
      <Cheeks x1={46} x2={74} y={68} />
      <Smile x={60} y={70} w={5} />
    </>
  ),
  // A crystal lion with a faceted mane and a small crown, chin held high.
  prismane: (p) => (
    <>
      <polygon
        points="60,14 70,30 88,22 86,42 104,48 90,62 104,78 86,82 88,102 70,94 60,108 50,94 32,102 34,82 16,78 30,62 16,48 34,42 32,22 50,30"
        fill={p.shade}
        stroke="#6366f1"
        strokeWidth={2}
        strokeLinejoin="round"
      />
      <polygon points="60,14 70,30 60,40 50,30" fill="#c7d2fe" opacity={0.7} />
      <polygon points="104,78 86,82 84,70" fill="#c7d2fe" opacity={0.7} />
      <polygon points="16,48 34,42 36,54" fill="#c7d2fe" opacity={0.7} />
      <polygon
        points="60,38 82,50 82,76 60,90 38,76 38,50"
        fill={p.body}
        stroke="#67e8f9"
        strokeWidth={2.5}
        strokeLinejoin="round"
      />
      <polygon points="50,36 52,26 56,32 60,22 64,32 68,26 70,36" fill={p.accent} stroke="#ca8a04" strokeWidth={1.5} strokeLinejoin="round" />
      <path d="M44 60 Q50 56 56 60 M64 60 Q70 56 76 60" fill="none" stroke={INK} strokeWidth={2.6} strokeLinecap="round" />
      <circle cx={50} cy={62} r={2.5} fill={INK} />
      <circle cx={70} cy={62} r={2.5} fill={INK} />
      <path d="M56 72 L60 75 L64 72" fill={INK} />
      <path d="M52 79 Q60 84 68 78" fill="none" stroke={INK} strokeWidth={2.2} strokeLinecap="round" />
    </>
  ),
};

/** Where sparkles appear, in order, as the light rises. */
const sparkleSpots = [
  [18, 26],
  [102, 30],
  [14, 92],
  [106, 96],
  [96, 12],
] as const;

function Sparkle({ x, y, scale }: { x: number; y: number; scale: number }) {
  const s = 6 * scale;
  return (
    <path
      d={`M${x} ${y - s} Q${x} ${y} ${x + s} ${y} Q${x} ${y} ${x} ${y + s} Q${x} ${y} ${x - s} ${y} Q${x} ${y} ${x} ${y - s} Z`}
      fill="#fffbeb"
      stroke="#fbbf24"
      strokeWidth={1}
    />
  );
}

export interface BeamkinArtProps {
  slug: string;
  light: number;
  size?: number;
  /** The accessible name; without it the art is decorative. */
  title?: string;
  className?: string;
  /** Fixes the ids inside the SVG (for the static files); useId otherwise. */
  idPrefix?: string;
}

/** The numbers behind the glow, exported so tests (and the light ball) share them. */
export function glowFor(light: number) {
  const l = clampLight(light) / 100;
  return {
    haloRadius: Math.round(36 + 22 * l),
    haloOpacity: Number((0.08 + 0.85 * l).toFixed(2)),
    saturate: Number((0.35 + 0.65 * l).toFixed(2)),
    brightness: Number((0.72 + 0.38 * l).toFixed(2)),
    sparkles: Math.min(sparkleSpots.length, Math.floor(clampLight(light) / 20)),
  };
}

export function BeamkinArt({ slug, light, size = 120, title, className, idPrefix }: BeamkinArtProps) {
  const reactId = useId();
  const id = `bk-${(idPrefix ?? reactId).replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const palette = palettes[slug] ?? palettes.sparkit!;
  const draw = drawings[slug] ?? drawings.sparkit!;
  const level = clampLight(light);
  const glow = glowFor(level);
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 120 120"
      width={size}
      height={size}
      className={className}
      role={title ? "img" : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
      data-beamkin={slug}
      data-light={level}
      data-mood={lightMood(level)}
    >
      {title ? <title>{title}</title> : null}
      <defs>
        <radialGradient id={`${id}-halo`}>
          <stop offset="0%" stopColor="#fffbeb" stopOpacity={1} />
          <stop offset="45%" stopColor={palette.halo} stopOpacity={0.85} />
          <stop offset="100%" stopColor={palette.halo} stopOpacity={0} />
        </radialGradient>
      </defs>
      <circle
        data-part="halo"
        cx={60}
        cy={62}
        r={glow.haloRadius}
        fill={`url(#${id}-halo)`}
        opacity={glow.haloOpacity}
      />
      <g data-part="body" style={{ filter: `saturate(${glow.saturate}) brightness(${glow.brightness})` }}>
        {draw(palette)}
      </g>
      {sparkleSpots.slice(0, glow.sparkles).map(([x, y], i) => (
        <Sparkle key={i} x={x} y={y} scale={0.8 + (i % 2) * 0.4} />
      ))}
    </svg>
  );
}

export const drawnBeamkins = Object.keys(drawings);

/** The static file's text: the art at light 70, with fixed ids. */
export const STATIC_ART_LIGHT = 70;
