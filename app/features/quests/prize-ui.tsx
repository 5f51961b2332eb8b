/**
 * The prize box's odds (one tap away in the box itself) and a prize as revealed. Apart from
 * `ui.tsx` so the quest map can load them later: the odds sit folded, a reveal follows
 * opening a box, and the reveal draws beamkins (their artwork is the bulk of this).
 */
import { useTranslation, type TFunction } from "~/platform/translations";
import { BeamkinArt } from "~/features/beamkins";
import { CosmeticBadge } from "./ui";
import { DUPLICATE_BEAMKIN, DUPLICATE_COSMETIC, oddsOf, PITY_BOXES, type PrizeEntry, type PrizeKind } from "./prize-box";
import type { KeyIn } from "~/locales/types";

function entryLabel(t: TFunction<"quests">, entry: Pick<PrizeEntry, "kind" | "amount">) {
  if (entry.kind === "gems") return t("prize.kinds.gems", { count: entry.amount ?? 0 });
  if (entry.kind === "light") return t("prize.kinds.light", { count: entry.amount ?? 0 });
  return t(`prize.kinds.${entry.kind}` as KeyIn<"quests">);
}

/** The box's odds, one tap away in the box itself (a disclosure: it works without JavaScript). */
export function PrizeOdds({ table, demo = false }: { table: readonly PrizeEntry[]; demo?: boolean }) {
  const { t } = useTranslation("quests");
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
              <td className="py-1 text-end tabular-nums">
                {/* oddsOf rounds to one decimal, and English and Chinese both write "12.5": the
                    text Intl.NumberFormat would give, without loading the browser's number data
                    while the page hydrates (decision 1030). */}
                {t("prize.odds.percent", { value: String(entry.percent) })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="mt-2 list-disc space-y-1 ps-5">
        {demo ? <li>{t("prize.odds.demo")}</li> : null}
        <li>{t("prize.odds.pity", { count: PITY_BOXES })}</li>
        <li>{t("prize.odds.duplicateBeamkin", { amount: DUPLICATE_BEAMKIN.amount })}</li>
        <li>{t("prize.odds.duplicateCosmetic", { count: DUPLICATE_COSMETIC.amount })}</li>
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
