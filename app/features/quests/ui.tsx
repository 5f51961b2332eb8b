/**
 * The quests' shared pieces: authored text in the reader's language, the companion
 * speaking a step's lines, cosmetic badges, and the end of a prize's celebration. The prize
 * box's odds and a prize as revealed are in `prize-ui.tsx`: pages that show them rarely load
 * them later.
 */
import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { useTranslation } from "~/platform/translations";
import { BeamkinArtLater } from "~/features/beamkins";
import { cosmetics } from "./cosmetics";
import type { ShownText } from "./text";
import type { KeyIn } from "~/locales/types";

/** Authored text, marked with its language when it is not the page's. */
export function Shown({ text, as: Tag = "span", className }: { text: ShownText; as?: "span" | "p" | "h2" | "h3"; className?: string }) {
  return (
    <Tag lang={text.lang} className={className}>
      {text.text}
    </Tag>
  );
}

/** The companion (the member's own beamkin, or the welcome beamkin) saying a step's lines. */
export function CompanionSays({
  speaker,
  lines,
  headingId,
  heading,
  level = 2,
}: {
  speaker: { slug: string; name: string; light: number };
  lines: ShownText[];
  headingId: string;
  heading: string;
  /** The heading's level where it stands: 2 on its own, 4 inside a quest's card (an h3). */
  level?: 2 | 4;
}) {
  const Heading = level === 4 ? "h4" : "h2";
  return (
    <section aria-labelledby={headingId} className="flex items-start gap-3 rounded-2xl border border-glow-300 bg-glow-50 p-4 dark:border-glow-700 dark:bg-slate-900">
      <BeamkinArtLater slug={speaker.slug} light={speaker.light} size={72} title={speaker.name} />
      <div className="min-w-0 space-y-1">
        <Heading id={headingId} className="font-semibold">
          {heading}
        </Heading>
        {lines.map((line, i) => (
          <Shown key={i} as="p" text={line} />
        ))}
      </div>
    </section>
  );
}

/** "4 min 2 s" / "4 分 2 秒": the quest table's 'Time Needed' (seconds). */
export function useTimeNeeded() {
  const { t } = useTranslation("quests");
  return (seconds: number) => {
    const minutes = Math.floor(seconds / 60);
    const rest = seconds % 60;
    if (minutes === 0) return t("time.seconds", { count: rest });
    if (rest === 0) return t("time.minutes", { count: minutes });
    return t("time.minutesSeconds", { minutes, seconds: rest });
  };
}

const shapes: Record<string, string> = {
  lantern: "M20 8h8v4h-8zM16 12h16l-2 22H18zM22 34h4v6h-4z",
  comet: "M30 10a8 8 0 1 1 0 16 8 8 0 0 1 0-16zM6 40l18-14 4 4-18 14z",
  star: "M24 6l5 11 12 1-9 8 3 12-11-7-11 7 3-12-9-8 12-1z",
  ribbon: "M10 14c8-6 20 6 28 0v12c-8 6-20-6-28 0zM12 26l-4 14 8-4M36 26l4 14-8-4",
  moon: "M30 8a16 16 0 1 0 10 26A13 13 0 0 1 30 8z",
};

/** A cosmetic's badge, drawn. */
export function CosmeticBadge({ slug, size = 48 }: { slug: string; size?: number }) {
  const { t } = useTranslation("quests");
  const cosmetic = cosmetics.find((c) => c.slug === slug);
  if (!cosmetic) return null;
  return (
    <svg viewBox="0 0 48 48" width={size} height={size} role="img" aria-label={t(`cosmetics.${slug}` as KeyIn<"quests">)}>
      <circle cx="24" cy="24" r="23" fill="#0f172a" />
      <path d={shapes[cosmetic.shape]} fill={cosmetic.colour} />
    </svg>
  );
}

/**
 * What a prize's confetti calls when it is over (`onDone`): `celebrate` leaves the address,
 * so reloading the page shows the prize without celebrating it again.
 */
export function useCelebrationOver() {
  const [, setParams] = useSearchParams();
  return useCallback(() => {
    setParams(
      (params) => {
        params.delete("celebrate");
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [setParams]);
}
