import { useId } from "react";
import { useTranslation } from "~/platform/translations";
import { glowFor } from "./beamkin-art";
import { clampLight, lightMood } from "./rules";

/**
 * A beamkin's light on the 0–100 scale: a labelled meter (role="meter") whose bar warms
 * from grey-blue to gold as it fills. Always clamped, whatever it is given.
 */
export function LightMeter({
  light,
  label,
  className = "",
}: {
  light: number;
  /** Visible label; "Light" by default. */
  label?: string;
  className?: string;
}) {
  const { t } = useTranslation("beamkins");
  const id = useId();
  const value = clampLight(light);
  const mood = lightMood(value);
  const text = `${t("meter.value", { light: value })} · ${t(`meter.moods.${mood}`)}`;
  return (
    <div className={`space-y-1 ${className}`}>
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span id={`${id}-label`} className="font-semibold">
          {label ?? t("meter.label")}
        </span>
        <span data-testid="light-value" className="tabular-nums">
          {text}
        </span>
      </div>
      <div
        role="meter"
        aria-labelledby={`${id}-label`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={text}
        data-light={value}
        className="h-3 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div
          className="h-full rounded-full transition-[width] duration-500 motion-reduce:transition-none"
          style={{
            width: `${value}%`,
            background: `linear-gradient(90deg, #94a3b8, ${value >= 70 ? "#fbbf24" : value >= 30 ? "#fcd34d" : "#cbd5e1"})`,
            boxShadow: value > 0 ? `0 0 ${4 + value / 8}px rgba(251, 191, 36, ${0.2 + value / 150})` : undefined,
          }}
        />
      </div>
    </div>
  );
}

/** A glowing orb: bigger, brighter and haloed the more light it holds. */
export function LightBall({ light, size = 96, title }: { light: number; size?: number; title?: string }) {
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, "");
  const value = clampLight(light);
  const glow = glowFor(value);
  const core = 14 + value * 0.16;
  return (
    <svg
      viewBox="0 0 100 100"
      width={size}
      height={size}
      role="img"
      aria-label={title ?? String(value)}
      data-light={value}
      data-mood={lightMood(value)}
    >
      <defs>
        <radialGradient id={`lb-${id}`}>
          <stop offset="0%" stopColor="#fffbeb" />
          <stop offset="50%" stopColor="#fde68a" />
          <stop offset="100%" stopColor="#f59e0b" stopOpacity={0} />
        </radialGradient>
        <radialGradient id={`lbc-${id}`} cx="40%" cy="35%">
          <stop offset="0%" stopColor="#ffffff" />
          <stop offset="100%" stopColor={value >= 30 ? "#fbbf24" : "#94a3b8"} />
        </radialGradient>
      </defs>
      <circle cx={50} cy={50} r={glow.haloRadius * 0.8} fill={`url(#lb-${id})`} opacity={glow.haloOpacity} />
      <circle
        cx={50}
        cy={50}
        r={core}
        fill={`url(#lbc-${id})`}
        style={{ filter: `saturate(${glow.saturate}) brightness(${glow.brightness})` }}
      />
      {/* A pale halo under the number: over a dim core (light under 30, grey and darkened) the
          bare number had 2.9:1; on the halo it has 12:1 (decision 1183). */}
      <text x={50} y={54} textAnchor="middle" fontSize={12} fontWeight={700} fill="#3b2f4a" stroke="#fffbeb" strokeWidth={3} strokeLinejoin="round" paintOrder="stroke">
        {value}
      </text>
    </svg>
  );
}
