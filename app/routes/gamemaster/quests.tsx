import { useTranslation } from "~/platform/translations";
import { useSearchParams } from "react-router";
import type { Route } from "./+types/quests";
import { addStep, createQuest, deleteQuests, duplicateQuest, removeStep, setQuestsStatus, updateQuest } from "~/features/quests/game-master.server";
import { gameMasterOf } from "~/features/quests/gm-access.server";
import { questTableScreen } from "~/features/quests/quest-table-page.server";
import { DeleteQuestForm, QuestForm, QuestTable, QuestTableHeader, StepsEditor } from "~/features/quests/quest-table-sections";
import { questTableRefusals as refusals } from "~/features/quests/refusals";
import { QuestTableIntent } from "~/features/quests/schemas";
import { parseForm } from "~/platform/forms.server";
import { getInstance, getLocale } from "~/platform/i18n.server";
import { invalid, respond } from "~/platform/respond.server";
import { RouteDialog } from "~/ui/route-dialog";
import { FormError } from "~/ui/form";
import { pageTitle } from "~/ui/page";
import { useFormAnswer } from "~/ui/form-answer";

export const handle = { i18n: ["quests"] };

/** The game master's quest table for one contest (the spec's quest rows). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { contest, contests } = await gameMasterOf(context, new URL(request.url).searchParams.get("contest"));
  return { title: getInstance(context).t("quests:table.title"), contest, contests, ...(await questTableScreen(request, contest.id, getLocale(context))) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [pageTitle(loaderData?.title, "Quests")];

export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const { contest } = await gameMasterOf(context, url.searchParams.get("contest"));
  const form = await parseForm(request, QuestTableIntent);
  if (!form.ok) return invalid({ request, context }, form);
  const table = `/gamemaster/quests?contest=${contest.id}`;
  const args = { request, context };
  const input = form.data;
  const answer = { values: form.values, refusals };
  switch (input.intent) {
    case "create":
      return respond(args, await createQuest(contest.id, input), { ...answer, done: (quest, t) => ({ redirectTo: `${table}&steps=${quest.id}`, toast: t("quests:table.created") }) });
    case "update":
      return respond(args, await updateQuest(contest.id, input.questId, input), { ...answer, done: (_, t) => ({ redirectTo: table, toast: t("quests:table.saved") }) });
    case "delete":
      return respond(args, await deleteQuests(contest.id, [input.questId]), { ...answer, done: (_, t) => ({ redirectTo: table, toast: t("quests:table.deleted") }) });
    case "duplicate":
      return respond(args, await duplicateQuest(contest.id, input.questId), { ...answer, done: (_, t) => ({ redirectTo: table, toast: t("quests:table.duplicated") }) });
    case "delete-selected":
      return respond(args, await deleteQuests(contest.id, input.ids), { ...answer, done: (r, t) => ({ redirectTo: table, toast: t("quests:table.deletedMany", { count: r.deleted }) }) });
    case "publish-selected":
    case "draft-selected": {
      const status = input.intent === "publish-selected" ? "published" : "draft";
      return respond(args, await setQuestsStatus(contest.id, input.ids, status), { ...answer, done: (r, t) => ({ redirectTo: table, toast: t(`quests:table.${status}Many`, { count: r.changed }) }) });
    }
    case "add-step":
      return respond(args, await addStep(contest.id, input.questId, input), { ...answer, done: (_, t) => ({ redirectTo: `${table}&steps=${input.questId}`, toast: t("quests:table.stepAdded") }) });
    case "remove-step":
      return respond(args, await removeStep(contest.id, input.questId, input.stepId), { ...answer, done: (_, t) => ({ redirectTo: `${table}&steps=${input.questId}`, toast: t("quests:table.stepRemoved") }) });
  }
}

export default function GameMasterQuests({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("quests");
  const [params] = useSearchParams();
  const { contest, contests, rows, sort, descending, steps } = loaderData;
  const answer = useFormAnswer();
  const base = `/gamemaster/quests?contest=${contest.id}${sort === "reward" ? `&sort=reward&dir=${descending ? "desc" : "asc"}` : ""}`;
  const editing = rows.find((r) => String(r.id) === params.get("edit")) ?? null;
  const deleting = rows.find((r) => String(r.id) === params.get("delete")) ?? null;
  const stepsOf = rows.find((r) => String(r.id) === params.get("steps")) ?? null;
  const creating = params.has("new");
  return (
    <div className="space-y-6">
      <QuestTableHeader contest={contest} contests={contests} base={base} />
      <FormError message={!editing && !deleting && !creating && !stepsOf ? answer?.errors.form : undefined} />
      <QuestTable contest={contest} rows={rows} sort={sort} descending={descending} base={base} bulkError={answer?.errors.ids} />
      {editing || creating ? (
        <RouteDialog titleId="quest-dialog" title={editing ? t("table.editTitle", { id: editing.id }) : t("table.newTitle")} closeTo={base} closeLabel={t("table.close")}>
          <QuestForm row={editing} answer={answer} base={base} />
        </RouteDialog>
      ) : null}
      {deleting ? (
        <RouteDialog titleId="delete-dialog" title={t("table.deleteTitle", { quest: deleting.title.text })} closeTo={base} closeLabel={t("table.close")}>
          <DeleteQuestForm quest={deleting} base={base} formError={answer?.errors.form} />
        </RouteDialog>
      ) : null}
      {stepsOf && steps ? (
        <RouteDialog titleId="steps-dialog" title={t("table.stepsTitle", { quest: stepsOf.title.text })} closeTo={base} closeLabel={t("table.close")}>
          <StepsEditor questId={stepsOf.id} played={stepsOf.played > 0} steps={steps} answer={answer} base={base} />
        </RouteDialog>
      ) : null}
    </div>
  );
}
