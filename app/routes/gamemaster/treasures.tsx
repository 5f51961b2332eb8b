import { useTranslation } from "~/platform/translations";
import { Form, Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/treasures";
import { gameMasterOf } from "~/features/quests/gm-access.server";
import { groupCode } from "~/features/treasures/codes";
import { contestTreasures, heldFinds, hideTreasure, reviewFind, rotateTreasureCode, TreasureFields } from "~/features/treasures/game-master.server";
import { parseInput, readInput, unreadableForm } from "~/platform/forms.server";
import { getInstance, getLocale } from "~/platform/i18n.server";
import { invalid, respond } from "~/platform/respond.server";
import { formatMoment } from "~/ui/dates";
import { PageHeading, pageTitle } from "~/ui/page";
import { useFormAnswer } from "~/ui/form-answer";

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

const id = z.coerce.number({ error: "errors:validation.invalid" }).int().min(1).max(2_147_483_647);

const Hide = TreasureFields;
const Rotate = z.object({ treasureId: id });
const Review = z.object({ intent: z.enum(["approve", "reject"]), treasureId: id, memberId: id });

export async function action({ request, context }: Route.ActionArgs) {
  const { me, contest } = await gameMasterOf(context, new URL(request.url).searchParams.get("contest"));
  const page = `/gamemaster/treasures?contest=${contest.id}`;
  const args = { request, context };
  const input = await readInput(request);
  if (!input) return invalid(args, unreadableForm());
  // The intent picks which fields are read.
  if (input.intent === "rotate") {
    const form = parseInput(input, Rotate);
    if (!form.ok) return invalid(args, form);
    return respond(args, await rotateTreasureCode(contest.id, form.data.treasureId), {
      values: form.values,
      done: (_, t) => ({ redirectTo: page, toast: t("treasures:gm.rotated") }),
      refusals: { "no-treasure": { status: 404, message: "treasures:gm.noTreasure" } },
    });
  }
  if (input.intent === "approve" || input.intent === "reject") {
    const form = parseInput(input, Review);
    if (!form.ok) return invalid(args, form);
    return respond(args, await reviewFind(me.member.id, contest.id, form.data.treasureId, form.data.memberId, form.data.intent === "approve"), {
      values: form.values,
      done: (r, t) => ({ redirectTo: page, toast: t(r.approved ? "treasures:gm.approved" : "treasures:gm.rejected") }),
      refusals: { "no-find": { status: 404, message: "treasures:gm.noFind" } },
    });
  }
  const form = parseInput(input, Hide);
  if (!form.ok) return invalid(args, form);
  return respond(args, await hideTreasure(me.member.id, contest.id, form.data), {
    values: form.values,
    done: (_, t) => ({ redirectTo: page, toast: t("treasures:gm.hidden") }),
    refusals: {},
  });
}

export default function GameMasterTreasures({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("treasures");
  const { contest, contests, treasures, held } = loaderData;
  const answer = useFormAnswer();
  const field = (name: string) => ({
    id: `hide-${name}`,
    name,
    defaultValue: answer?.values[name] ?? (name === "points" ? "10" : name === "lightReward" ? "10" : ""),
    "aria-invalid": answer?.errors[name] ? true : undefined,
    "aria-describedby": answer?.errors[name] ? `hide-${name}-error` : undefined,
    className: "w-full rounded-md border border-slate-400 px-3 py-2 dark:bg-slate-900",
  });
  const error = (name: string) =>
    answer?.errors[name] ? (
      <p id={`hide-${name}-error`} className="text-sm font-semibold text-red-700 dark:text-red-300">
        {answer.errors[name]}
      </p>
    ) : null;
  return (
    <div className="space-y-8">
      <header className="space-y-2">
        <PageHeading>{t("gm.heading", { contest: contest.name })}</PageHeading>
        {contests.length > 1 ? (
          <nav aria-label={t("gm.contests")} className="flex flex-wrap gap-3 text-sm">
            {contests.map((c) => (
              <Link key={c.id} to={`/gamemaster/treasures?contest=${c.id}`} aria-current={c.id === contest.id ? "page" : undefined} className="underline aria-[current=page]:font-bold">
                {c.name}
              </Link>
            ))}
          </nav>
        ) : null}
        <p className="flex flex-wrap gap-4">
          <a href={`/gamemaster/treasures/sheet?contest=${contest.id}`} className="rounded-md bg-glow-700 px-4 py-2 font-semibold text-white hover:bg-glow-900">
            {t("gm.printSheet")}
          </a>
          <Link to={`/gamemaster/quests?contest=${contest.id}`} className="self-center underline">
            {t("gm.toQuests")}
          </Link>
        </p>
      </header>

      {held.length > 0 ? (
        <section aria-labelledby="held-heading" className="space-y-2 rounded-xl border-2 border-amber-500 p-4">
          <h2 id="held-heading" className="text-xl font-semibold">
            {t("gm.heldHeading", { count: held.length })}
          </h2>
          <p className="text-sm">{t("gm.heldHelp")}</p>
          <ul className="space-y-2">
            {held.map((h) => (
              <li key={`${h.treasureId}-${h.memberId}`} className="flex flex-wrap items-center gap-3">
                <span>{t("gm.heldFind", { member: h.member, treasure: h.treasure, when: h.claimedAt })}</span>
                <Form method="post" className="flex gap-2">
                  <input type="hidden" name="treasureId" value={h.treasureId} />
                  <input type="hidden" name="memberId" value={h.memberId} />
                  <button type="submit" name="intent" value="approve" className="rounded-md border border-slate-400 px-3 py-1 text-sm font-semibold">
                    {t("gm.approve")}
                  </button>
                  <button type="submit" name="intent" value="reject" className="rounded-md border border-red-600 px-3 py-1 text-sm text-red-700 dark:text-red-300">
                    {t("gm.reject")}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="list-heading" className="space-y-3">
        <h2 id="list-heading" className="text-xl font-semibold">
          {t("gm.listHeading")}
        </h2>
        {treasures.length === 0 ? <p>{t("gm.none")}</p> : null}
        <ul className="space-y-3">
          {treasures.map((treasure) => (
            <li key={treasure.id} className="space-y-1 rounded-xl border border-slate-300 p-3 dark:border-slate-700">
              <p className="font-semibold">
                #{treasure.id} {treasure.name}
              </p>
              {treasure.hint ? <p className="text-sm italic">{treasure.hint}</p> : null}
              <p className="text-sm">{t("gm.rewards", { points: t("common:points", { count: treasure.points }), light: treasure.lightReward, count: treasure.finds })}</p>
              {treasure.opensAt || treasure.closesAt ? <p className="text-sm">{t("gm.window", { opens: treasure.opensAt ?? "—", closes: treasure.closesAt ?? "—" })}</p> : null}
              <p className="font-mono text-sm" data-treasure-code={treasure.code}>
                {treasure.code}
              </p>
              {treasure.codeRotatedAt ? <p className="text-xs">{t("gm.rotatedAt", { when: treasure.codeRotatedAt })}</p> : null}
              <div className="flex flex-wrap gap-3 text-sm">
                <a href={`/gamemaster/treasures/sheet?contest=${contest.id}&id=${treasure.id}`} className="underline">
                  {t("gm.printOne")}
                </a>
                <Form method="post">
                  <input type="hidden" name="intent" value="rotate" />
                  <input type="hidden" name="treasureId" value={treasure.id} />
                  <button type="submit" className="underline">
                    {t("gm.rotate")}
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="hide-heading" className="space-y-3">
        <h2 id="hide-heading" className="text-xl font-semibold">
          {t("gm.hideHeading")}
        </h2>
        <Form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="hide" />
          <div className="space-y-1">
            <label htmlFor="hide-name" className="block font-semibold">
              {t("gm.name")}
            </label>
            <input {...field("name")} required maxLength={80} />
            {error("name")}
          </div>
          <div className="space-y-1">
            <label htmlFor="hide-hint" className="block font-semibold">
              {t("gm.hint")}
            </label>
            <input {...field("hint")} maxLength={200} />
            {error("hint")}
          </div>
          <div className="grid grid-cols-2 gap-3">
            <div className="space-y-1">
              <label htmlFor="hide-points" className="block font-semibold">
                {t("gm.points")}
              </label>
              <input {...field("points")} type="number" min={0} max={1000} />
              {error("points")}
            </div>
            <div className="space-y-1">
              <label htmlFor="hide-lightReward" className="block font-semibold">
                {t("gm.light")}
              </label>
              <input {...field("lightReward")} type="number" min={0} max={100} />
              {error("lightReward")}
            </div>
          </div>
          <p className="text-sm">{t("gm.windowHelp")}</p>
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="space-y-1">
              <label htmlFor="hide-opensAt" className="block font-semibold">
                {t("gm.opensAt")}
              </label>
              <input {...field("opensAt")} type="datetime-local" />
              {error("opensAt")}
            </div>
            <div className="space-y-1">
              <label htmlFor="hide-closesAt" className="block font-semibold">
                {t("gm.closesAt")}
              </label>
              <input {...field("closesAt")} type="datetime-local" />
              {error("closesAt")}
            </div>
          </div>
          <button type="submit" className="rounded-md bg-glow-700 px-4 py-2 font-semibold text-white hover:bg-glow-900">
            {t("gm.hide")}
          </button>
        </Form>
      </section>
    </div>
  );
}
