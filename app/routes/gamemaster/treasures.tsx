import { useTranslation } from "~/platform/translations";
import { Link } from "react-router";
import type { Route } from "./+types/treasures";
import { gameMasterOf } from "~/features/quests/gm-access.server";
import { groupCode } from "~/features/treasures/codes";
import { contestTreasures, heldFinds, hideTreasure, reviewFind, rotateTreasureCode } from "~/features/treasures/game-master.server";
import { HeldFinds, HideTreasureForm, TreasureList } from "~/features/treasures/game-master-sections";
import { TreasureForm } from "~/features/treasures/schemas";
import { parseInput, readInput } from "~/platform/forms.server";
import { getInstance, getLocale } from "~/platform/i18n.server";
import { invalid, respond } from "~/platform/respond.server";
import { formatMoment } from "~/ui/dates";
import { PageHeading, pageTitle, ScreenSwitcher } from "~/ui/page";
import { primaryButton } from "~/ui/buttons";

export const handle = { i18n: ["treasures"] };

/** The game master's treasure hunt: hide treasures, print their sheet, rotate a leaked code, review bursts. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { contest, contests } = await gameMasterOf(context, new URL(request.url).searchParams.get("contest"));
  const lang = getLocale(context);
  const [treasures, held] = await Promise.all([contestTreasures(contest.id), heldFinds(contest.id, lang)]);
  const moment = (at: Date | null) => (at ? formatMoment(at.toISOString(), lang) : null);
  return {
    title: getInstance(context).t("treasures:gm.title"),
    contest,
    contests,
    treasures: treasures.map((t) => ({ ...t, code: groupCode(t.code), opensAt: moment(t.opensAt), closesAt: moment(t.closesAt), codeRotatedAt: moment(t.codeRotatedAt) })),
    held: held.map((h) => ({ ...h, claimedAt: formatMoment(h.claimedAt, lang) })),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [pageTitle(loaderData?.title, "Treasures")];

export async function action({ request, context }: Route.ActionArgs) {
  const { me, contest } = await gameMasterOf(context, new URL(request.url).searchParams.get("contest"));
  const page = `/gamemaster/treasures?contest=${contest.id}`;
  const args = { request, context };
  const form = parseInput(await readInput(request), TreasureForm);
  if (!form.ok) return invalid(args, form);
  const f = form.data;
  switch (f.intent) {
    case "rotate":
      return respond(args, await rotateTreasureCode(contest.id, f.treasureId), {
        values: form.values,
        done: (_, t) => ({ redirectTo: page, toast: t("treasures:gm.rotated") }),
        refusals: { "no-treasure": { status: 404, message: "treasures:gm.noTreasure" } },
      });
    case "approve":
    case "reject":
      return respond(args, await reviewFind(me.member.id, contest.id, f.treasureId, f.memberId, f.intent === "approve"), {
        values: form.values,
        done: (r, t) => ({ redirectTo: page, toast: t(r.approved ? "treasures:gm.approved" : "treasures:gm.rejected") }),
        refusals: { "no-find": { status: 404, message: "treasures:gm.noFind" } },
      });
    case "hide": {
      const { intent: _, ...treasure } = f;
      return respond(args, await hideTreasure(me.member.id, contest.id, treasure), {
        values: form.values,
        done: (_, t) => ({ redirectTo: page, toast: t("treasures:gm.hidden") }),
        refusals: {},
      });
    }
  }
}

export default function GameMasterTreasures({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("treasures");
  const { contest, contests, treasures, held } = loaderData;
  return (
    <div className="space-y-8">
      <header className="space-y-2">
        <PageHeading>{t("gm.heading", { contest: contest.name })}</PageHeading>
        <ScreenSwitcher label={t("gm.contests")} current={contest.id} items={contests.map((c) => ({ ...c, to: `/gamemaster/treasures?contest=${c.id}` }))} />
        <p className="flex flex-wrap gap-4">
          <a href={`/gamemaster/treasures/sheet?contest=${contest.id}`} className={`${primaryButton} px-4 py-2`}>
            {t("gm.printSheet")}
          </a>
          <Link to={`/gamemaster/quests?contest=${contest.id}`} className="self-center underline">
            {t("gm.toQuests")}
          </Link>
        </p>
      </header>

      <HeldFinds held={held} />
      <TreasureList contestId={contest.id} treasures={treasures} />
      <HideTreasureForm />
    </div>
  );
}
