import { useTranslation } from "~/platform/translations";
import type { Route } from "./+types/treasure-sheet";
import { sharedUrl } from "~/features/quests/links.server";
import { gameMasterOf } from "~/features/quests/gm-access.server";
import { groupCode } from "~/features/treasures/codes";
import { contestTreasures } from "~/features/treasures/game-master.server";
import { getInstance } from "~/platform/i18n.server";
import { drawQr } from "~/platform/qr.server";
import { QrCode } from "~/ui/qr-code";
import { PageHeading, pageTitle } from "~/ui/page";

export const handle = { i18n: ["treasures"] };

/**
 * The printable sheet: each treasure's QR code (its link, /treasure/{id}?code=…) with the
 * code typed under it, for a phone that cannot scan. ?id= prints one.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { contest } = await gameMasterOf(context, url.searchParams.get("contest"));
  const only = url.searchParams.get("id");
  const treasures = (await contestTreasures(contest.id)).filter((t) => !only || String(t.id) === only);
  return {
    title: getInstance(context).t("treasures:sheet.title"),
    contest,
    treasures: treasures.map((t) => {
      const link = sharedUrl(request, `/treasure/${t.id}?code=${t.code}`);
      return { id: t.id, name: t.name, code: groupCode(t.code), link, qr: drawQr(link) };
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [pageTitle(loaderData?.title, "Treasure sheet")];

/** Only the sheet on paper: the site's header and everything after the page are left off. */
const PRINT_CSS = "@media print { body > header, main ~ *, [data-sheet-controls] { display: none !important; } main { max-width: none !important; padding: 0 !important; } }";

export default function TreasureSheet({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("treasures");
  return (
    <div className="space-y-4">
      <style>{PRINT_CSS}</style>
      <div data-sheet-controls="" className="space-y-2">
        <PageHeading>{t("sheet.heading", { contest: loaderData.contest.name })}</PageHeading>
        <p>{t("sheet.help")}</p>
        <a href={`/gamemaster/treasures?contest=${loaderData.contest.id}`} className="underline">
          {t("sheet.back")}
        </a>
      </div>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {loaderData.treasures.map((treasure) => (
          <li key={treasure.id} className="flex break-inside-avoid flex-col items-center gap-2 rounded-xl border-2 border-dashed border-slate-400 bg-white p-4 text-center text-black">
            <p className="font-semibold">{treasure.name}</p>
            <QrCode drawing={treasure.qr} label={t("sheet.qrLabel", { name: treasure.name })} className="h-44 w-44" />
            <p className="font-mono text-lg tracking-wider" data-sheet-code="">
              {treasure.code}
            </p>
            <p className="text-xs">{t("sheet.typeAt", { place: "/treasure" })}</p>
            <a href={treasure.link} className="sr-only" data-sheet-link="">
              {t("sheet.link", { name: treasure.name })}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
