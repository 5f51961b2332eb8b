import { useTranslation } from "~/platform/translations";
import { Link, href } from "react-router";
import type { Route } from "./+types/choose-quest";
import { requireMember } from "~/features/auth/principal.server";
import { startRefusals } from "~/features/quests/refusals";
import { choosableQuests, startQuest } from "~/features/quests/runs.server";
import { StartQuestForm } from "~/features/quests/schemas";
import { Shown, useTimeNeeded } from "~/features/quests/ui";
import { parseForm } from "~/platform/forms.server";
import { getInstance, getLocale } from "~/platform/i18n.server";
import { invalid, respond } from "~/platform/respond.server";
import { usePosting, waitingButton } from "~/ui/pending";
import { PageHeader, pageTitle } from "~/ui/page";
import { primaryButton } from "~/ui/buttons";
import { FormError, PostButton } from "~/ui/form";
import { useFormAnswer } from "~/ui/form-answer";

export const handle = { i18n: ["quests"] };

export async function loader({ context }: Route.LoaderArgs) {
  const me = await requireMember(context);
  return { title: getInstance(context).t("quests:choose.title"), quests: await choosableQuests(me.member.id, getLocale(context)) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [pageTitle(loaderData?.title, "Choose Quest")];

/** Starting a quest (a party quest starts for the member's whole party). */
export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireMember(context);
  const form = await parseForm(request, StartQuestForm);
  if (!form.ok) return invalid({ request, context }, form);
  return respond({ request, context }, await startQuest(me.member.id, form.data.questId), {
    values: form.values,
    done: (_, t) => ({ redirectTo: href("/playquest"), toast: t("quests:toast.started") }),
    refusals: startRefusals,
  });
}

export default function ChooseQuest({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("quests");
  const timeNeeded = useTimeNeeded();
  const answer = useFormAnswer();
  const starting = usePosting("/choose-quest");
  return (
    <div className="space-y-6">
      <PageHeader title={t("choose.heading")} lead={t("choose.intro")} />
      <FormError message={answer?.errors.form} />
      {loaderData.quests.length === 0 ? <p>{t("choose.none")}</p> : null}
      <ul className="space-y-4">
        {loaderData.quests.map((quest) => (
          <li key={quest.id}>
            <article aria-labelledby={`quest-${quest.id}`} className="space-y-2 rounded-2xl border border-slate-300 p-4 dark:border-slate-700">
              <h2 id={`quest-${quest.id}`} className="text-lg font-semibold">
                <Shown text={quest.title} />
              </h2>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
                <dt className="font-semibold">{t("choose.reward")}</dt>
                <dd>
                  <Shown text={quest.reward} />
                </dd>
                <dt className="font-semibold">{t("table.time")}</dt>
                <dd>{timeNeeded(quest.timeNeeded)}</dd>
                <dt className="font-semibold">{t("choose.steps")}</dt>
                <dd>{t("choose.stepCount", { count: quest.steps })}</dd>
                {quest.contest ? (
                  <>
                    <dt className="font-semibold">{t("choose.contest")}</dt>
                    <dd>{quest.contest}</dd>
                  </>
                ) : null}
                {quest.kind === "party" ? (
                  <>
                    <dt className="font-semibold">{t("choose.party")}</dt>
                    <dd>{quest.party ? t("choose.withParty", { party: quest.party.name }) : t("choose.noParty")}</dd>
                  </>
                ) : null}
              </dl>
              {quest.state === "playing" ? (
                <Link to={href("/playquest")} className="inline-block font-semibold underline">
                  {t("choose.continue")}
                </Link>
              ) : quest.state === "finished" ? (
                <p className="font-semibold">{t("choose.finished")}</p>
              ) : quest.kind === "party" && !quest.party ? null : (
                <PostButton fields={{ questId: quest.id }} {...waitingButton(starting)} className={primaryButton}>
                  {t("choose.start", { quest: quest.title.text })}
                </PostButton>
              )}
            </article>
          </li>
        ))}
      </ul>
    </div>
  );
}
