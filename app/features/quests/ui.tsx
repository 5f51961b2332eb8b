/**
 * The quests' shared pieces: authored text in the reader's language, the companion
 * speaking a step's lines, the prize box with its odds one tap away, a prize as revealed,
 * and cosmetic badges.
 */
import { useTranslation, type TFunction } from "~/platform/translations";
import { BeamkinArt } from "~/features/beamkins/beamkin-art";
import { cosmetics } from "./cosmetics";
import { DUPLICATE_BEAMKIN, DUPLICATE_COSMETIC, oddsOf, PITY_BOXES, type PrizeEntry, type PrizeKind } from "./prize-box";
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
      <BeamkinArt slug={speaker.slug} light={speaker.light} size={72} title={speaker.name} />
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

function entryLabel(t: TFunction<"quests">, entry: Pick<PrizeEntry, "kind" | "amount">) {
  if (entry.kind === "gems") return t("prize.kinds.gems", { count: entry.amount ?? 0 });
  if (entry.kind === "light") return t("prize.kinds.light", { count: entry.amount ?? 0 });
  return t(`prize.kinds.${entry.kind}` as KeyIn<"quests">);
}

/** The box's odds, one tap away in the box itself (a disclosure: it works without JavaScript). */
export function PrizeOdds({ table, demo = false }: { table: readonly PrizeEntry[]; demo?: boolean }) {
  const { t, i18n } = useTranslation("quests");
  const percent = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  return (
    <details className="rounded-lg border border-slate-300 p-3 text-sm dark:border-slate-700">
      <summary className="cursor-pointer font-semibold">{t("prize.odds.show")}</summary>
      <table className="mt-2 w-full text-left">
        <caption className="sr-only">{t("prize.odds.caption")}</caption>
        <thead>
          <tr>
            <th scope="col" className="py-1 pe-4">
              {t("prize.odds.prize")}
            </th>
            <th scope="col" className="py-1 text-end">
              {t("prize.odds.chance")}
            </th>
          </tr>
        </thead>
        <tbody>
          {oddsOf(table).map((entry, i) => (
            <tr key={i} className="border-t border-slate-200 dark:border-slate-800">
              <td className="py-1 pe-4">{entryLabel(t, entry)}</td>
              <td className="py-1 text-end tabular-nums">{t("prize.odds.percent", { value: percent.format(entry.percent) })}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="mt-2 list-disc space-y-1 ps-5">
        {demo ? <li>{t("prize.odds.demo")}</li> : null}
        <li>{t("prize.odds.pity", { count: PITY_BOXES })}</li>
        <li>{t("prize.odds.duplicateBeamkin", { amount: DUPLICATE_BEAMKIN.amount })}</li>
        <li>{t("prize.odds.duplicateCosmetic", { amount: DUPLICATE_COSMETIC.amount })}</li>
        <li>{t("prize.odds.recorded")}</li>
      </ul>
    </details>
  );
}

export interface RevealedPrize {
  kind: PrizeKind;
  amount: number | null;
  creature: { slug: string; name: string } | null;
  cosmetic: string | null;
  pity: boolean;
  duplicateOf: string | null;
}

/** What came out of a box, said in words (and the beamkin or badge drawn). */
export function PrizeReveal({ prize, headingId }: { prize: RevealedPrize; headingId?: string }) {
  const { t } = useTranslation("quests");
  const { t: tb } = useTranslation("beamkins");
  const duplicate = prize.duplicateOf?.startsWith("beamkin:") ? "beamkin" : prize.duplicateOf?.startsWith("cosmetic:") ? "cosmetic" : null;
  return (
    <div className="flex items-center gap-4" role="status">
      {prize.kind === "beamkin" && prize.creature ? <BeamkinArt slug={prize.creature.slug} light={20} size={96} /> : null}
      {prize.kind === "cosmetic" && prize.cosmetic ? <CosmeticBadge slug={prize.cosmetic} size={72} /> : null}
      <div className="space-y-1">
        <p id={headingId} className="text-xl font-bold">
          {prize.kind === "beamkin" && prize.creature
            ? t("prize.got.beamkin", { name: tb(prize.creature.name as KeyIn<"beamkins">) })
            : prize.kind === "cosmetic" && prize.cosmetic
              ? t("prize.got.cosmetic", { name: t(`cosmetics.${prize.cosmetic}` as KeyIn<"quests">) })
              : prize.kind === "gems"
                ? t("prize.got.gems", { count: prize.amount ?? 0 })
                : t("prize.got.light", { count: prize.amount ?? 0 })}
        </p>
        {prize.pity ? <p className="text-sm">{t("prize.got.pity", { count: PITY_BOXES })}</p> : null}
        {duplicate ? <p className="text-sm">{t(`prize.got.duplicate.${duplicate}`)}</p> : null}
      </div>
    </div>
  );
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
