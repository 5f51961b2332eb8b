import { useTranslation } from "~/platform/translations";
import { Form, Link, useSearchParams } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/quests";
import { sharedUrl } from "~/features/quests/links.server";
import {
  addStep,
  contestQuests,
  createQuest,
  deleteQuests,
  duplicateQuest,
  QuestFields,
  questStepList,
  removeStep,
  setQuestsStatus,
  StepFields,
  updateQuest,
  type QuestRow,
} from "~/features/quests/game-master.server";
import { gameMasterOf } from "~/features/quests/gm-access.server";
import { Shown, useTimeNeeded } from "~/features/quests/ui";
import { questObjectives, stepUnlocks } from "~/platform/db/schema/quest-kinds";
import { parseForm } from "~/platform/forms.server";
import { getInstance, getLocale } from "~/platform/i18n.server";
import { drawQr } from "~/platform/qr.server";
import { invalid, respond, type FormAnswer } from "~/platform/respond.server";
import { QrCode } from "~/ui/qr-code";
import { RouteDialog } from "~/ui/route-dialog";
import type { KeyIn } from "~/locales/types";
import { PageHeading, pageTitle } from "~/ui/page";
import { useFormAnswer } from "~/ui/form-answer";
import { ScrollRegion } from "~/ui/scroll-region";

export const handle = { i18n: ["quests"] };

const idParam = (value: string | null) => (value && /^\d{1,10}$/.test(value) ? Number(value) : null);

/** The game master's quest table for one contest (the spec's quest rows). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { contest, contests } = await gameMasterOf(context, url.searchParams.get("contest"));
  const lang = getLocale(context);
  const sort = url.searchParams.get("sort") === "reward" ? "reward" : "id";
  const descending = url.searchParams.get("dir") === "desc";
  const rows = await contestQuests(contest.id, lang, sort, descending);
  const stepsOf = idParam(url.searchParams.get("steps"));
  const steps = stepsOf ? await questStepList(contest.id, stepsOf, lang) : null;
  return {
    title: getInstance(context).t("quests:table.title"),
    contest,
    contests,
    rows,
    sort,
    descending,
    steps: steps
      ? steps.map((s) => ({ ...s, scan: s.startCode ? { url: sharedUrl(request, `/playquest?scan=${s.startCode}`), qr: drawQr(sharedUrl(request, `/playquest?scan=${s.startCode}`)) } : null }))
      : null,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [pageTitle(loaderData?.title, "Quests")];

const questId = z.coerce.number({ error: "errors:validation.invalid" }).int().min(1).max(2_147_483_647);
const ids = z.preprocess(
  (v) => (Array.isArray(v) ? v : v === undefined || v === "" ? [] : [v]),
  z.array(questId).min(1, { error: "quests:errors.selectSome" }).max(200),
);

const TableIntent = z.discriminatedUnion(
  "intent",
  [
    QuestFields.extend({ intent: z.literal("create") }),
    QuestFields.extend({ intent: z.literal("update"), questId }),
    z.object({ intent: z.literal("delete"), questId }),
    z.object({ intent: z.literal("duplicate"), questId }),
    z.object({ intent: z.enum(["publish-selected", "draft-selected", "delete-selected"]), ids }),
    StepFields.extend({ intent: z.literal("add-step"), questId }),
    z.object({ intent: z.literal("remove-step"), questId, stepId: questId }),
  ],
  { error: "errors:validation.invalid" },
);

const refusals = {
  "no-quest": { status: 404, message: "quests:errors.noQuest" },
  played: { status: 409, message: "quests:errors.played" },
  "no-steps": { status: 409, message: "quests:errors.noSteps", field: "status" },
  "bad-target": { status: 400, message: "quests:errors.badTarget", field: "target" },
} as const;

export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const { contest } = await gameMasterOf(context, url.searchParams.get("contest"));
  const form = await parseForm(request, TableIntent);
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

const input = "w-full rounded-md border border-slate-400 px-3 py-2 dark:bg-slate-900";
const button = "rounded-md bg-glow-700 px-4 py-2 font-semibold text-white hover:bg-glow-900";

export default function GameMasterQuests({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("quests");
  const timeNeeded = useTimeNeeded();
  const [params] = useSearchParams();
  const { contest, contests, rows, sort, descending, steps } = loaderData;
  const answer = useFormAnswer();
  const base = `/gamemaster/quests?contest=${contest.id}${sort === "reward" ? `&sort=reward&dir=${descending ? "desc" : "asc"}` : ""}`;
  const editing = rows.find((r) => String(r.id) === params.get("edit")) ?? null;
  const deleting = rows.find((r) => String(r.id) === params.get("delete")) ?? null;
  const stepsOf = rows.find((r) => String(r.id) === params.get("steps")) ?? null;
  const creating = params.has("new");
  const rewardSort = sort === "reward" ? (descending ? "descending" : "ascending") : "none";
  const bulkError = answer?.errors.ids;
  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <PageHeading>{t("table.heading", { contest: contest.name })}</PageHeading>
        {contests.length > 1 ? (
          <nav aria-label={t("table.contests")} className="flex flex-wrap gap-3 text-sm">
            {contests.map((c) => (
              <Link key={c.id} to={`/gamemaster/quests?contest=${c.id}`} aria-current={c.id === contest.id ? "page" : undefined} className="underline aria-[current=page]:font-bold">
                {c.name}
              </Link>
            ))}
          </nav>
        ) : null}
        <p className="flex flex-wrap gap-4">
          <Link to={`${base}&new=1`} preventScrollReset className={button}>
            {t("table.new")}
          </Link>
          <Link to={`/gamemaster/treasures?contest=${contest.id}`} className="self-center underline">
            {t("table.toTreasures")}
          </Link>
        </p>
      </header>

      {answer?.errors.form && !editing && !deleting && !creating && !stepsOf ? (
        <p role="alert" className="font-semibold text-red-700 dark:text-red-300">
          {answer.errors.form}
        </p>
      ) : null}

      <Form id="bulk" method="post" action={base} preventScrollReset />
      <ScrollRegion label={t("table.caption", { contest: contest.name })}>
        <table className="w-full min-w-[40rem] text-left text-sm">
          <caption className="sr-only">{t("table.caption", { contest: contest.name })}</caption>
          <thead>
            <tr className="border-b border-slate-300 dark:border-slate-700">
              <th scope="col" className="p-2">
                <span className="sr-only">{t("table.select")}</span>
              </th>
              <th scope="col" className="p-2">
                {t("table.id")}
              </th>
              <th scope="col" className="p-2">
                {t("table.quest")}
              </th>
              <th scope="col" className="p-2" aria-sort={rewardSort}>
                <Link to={`/gamemaster/quests?contest=${contest.id}&sort=reward&dir=${sort === "reward" && !descending ? "desc" : "asc"}`} preventScrollReset className="underline">
                  {t("table.reward")}
                  <span aria-hidden="true">{sort === "reward" ? (descending ? " ▼" : " ▲") : " ⇅"}</span>
                </Link>
              </th>
              <th scope="col" className="p-2">
                {t("table.time")}
              </th>
              <th scope="col" className="p-2">
                {t("table.status")}
              </th>
              <th scope="col" className="p-2">
                {t("table.actions")}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <QuestTableRow key={row.id} row={row} base={base} timeNeeded={timeNeeded(row.timeNeeded)} />
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {rows.length === 0 ? <p>{t("table.empty")}</p> : null}
      {rows.length > 0 ? (
        <div className="flex flex-wrap items-center gap-3">
          <span className="font-semibold">{t("table.selected")}</span>
          <button type="submit" form="bulk" name="intent" value="publish-selected" className="rounded-md border border-slate-400 px-3 py-1.5">
            {t("table.publishSelected")}
          </button>
          <button type="submit" form="bulk" name="intent" value="draft-selected" className="rounded-md border border-slate-400 px-3 py-1.5">
            {t("table.draftSelected")}
          </button>
          <button type="submit" form="bulk" name="intent" value="delete-selected" className="rounded-md border border-red-600 px-3 py-1.5 text-red-700 dark:text-red-300">
            {t("table.deleteSelected")}
          </button>
          {bulkError ? (
            <p role="alert" className="w-full text-sm font-semibold text-red-700 dark:text-red-300">
              {bulkError}
            </p>
          ) : null}
        </div>
      ) : null}

      {editing || creating ? (
        <RouteDialog titleId="quest-dialog" title={editing ? t("table.editTitle", { id: editing.id }) : t("table.newTitle")} closeTo={base} closeLabel={t("table.close")}>
          <QuestForm row={editing} answer={answer} base={base} />
        </RouteDialog>
      ) : null}

      {deleting ? (
        <RouteDialog titleId="delete-dialog" title={t("table.deleteTitle", { quest: deleting.title.text })} closeTo={base} closeLabel={t("table.close")}>
          <Form method="post" action={`${base}&delete=${deleting.id}`} className="space-y-4">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="questId" value={deleting.id} />
            <p>{deleting.played > 0 ? t("table.deletePlayed", { count: deleting.played }) : t("table.deleteText")}</p>
            {answer?.errors.form ? (
              <p role="alert" className="font-semibold text-red-700 dark:text-red-300">
                {answer.errors.form}
              </p>
            ) : null}
            <div className="flex gap-3">
              <button type="submit" className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800">
                {t("table.deleteConfirm")}
              </button>
              <Link to={base} preventScrollReset className="rounded-md border border-slate-400 px-4 py-2">
                {t("table.cancel")}
              </Link>
            </div>
          </Form>
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

function QuestTableRow({ row, base, timeNeeded }: { row: QuestRow; base: string; timeNeeded: string }) {
  const { t } = useTranslation("quests");
  return (
    <tr className="border-b border-slate-200 align-top dark:border-slate-800">
      <td className="p-2">
        <input type="checkbox" form="bulk" name="ids" value={row.id} aria-label={t("table.selectRow", { quest: row.title.text })} />
      </td>
      <td className="p-2 tabular-nums">{row.id}</td>
      <td className="p-2">
        <Shown text={row.title} className="font-medium" />
        <span className="block text-xs text-slate-600 dark:text-slate-400">
          {t(`table.kinds.${row.kind}`)} · {t("choose.stepCount", { count: row.steps })}
        </span>
      </td>
      <td className="p-2">
        <Shown text={row.reward} />
      </td>
      <td className="p-2 tabular-nums">
        <span title={t("time.exact", { count: row.timeNeeded })}>{timeNeeded}</span>
      </td>
      <td className="p-2">{t(`table.statuses.${row.status}`)}</td>
      <td className="p-2">
        <div className="flex flex-wrap gap-x-3 gap-y-1">
          <Link to={`${base}&edit=${row.id}`} preventScrollReset className="underline" aria-label={t("table.editRow", { quest: row.title.text })}>
            {t("table.edit")}
          </Link>
          <Link to={`${base}&steps=${row.id}`} preventScrollReset className="underline" aria-label={t("table.stepsRow", { quest: row.title.text })}>
            {t("table.steps")}
          </Link>
          <Form method="post" action={base} preventScrollReset>
            <input type="hidden" name="intent" value="duplicate" />
            <input type="hidden" name="questId" value={row.id} />
            <button type="submit" className="underline" aria-label={t("table.duplicateRow", { quest: row.title.text })}>
              {t("table.duplicate")}
            </button>
          </Form>
          <Link to={`${base}&delete=${row.id}`} preventScrollReset className="text-red-700 underline dark:text-red-300" aria-label={t("table.deleteRow", { quest: row.title.text })}>
            {t("table.delete")}
          </Link>
        </div>
      </td>
    </tr>
  );
}

function Field({ name, label, answer, initial, type = "text", help }: { name: string; label: string; answer: FormAnswer | undefined; initial: string; type?: string; help?: string }) {
  const error = answer?.errors[name];
  const id = `quest-${name}`;
  const described = [help ? `${id}-help` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block font-semibold">
        {label}
      </label>
      {help ? (
        <p id={`${id}-help`} className="text-sm text-slate-600 dark:text-slate-400">
          {help}
        </p>
      ) : null}
      <input id={id} name={name} type={type} defaultValue={answer?.values[name] ?? initial} aria-invalid={error ? true : undefined} aria-describedby={described} className={input} />
      {error ? (
        <p id={`${id}-error`} className="text-sm font-semibold text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function QuestForm({ row, answer, base }: { row: QuestRow | null; answer: FormAnswer | undefined; base: string }) {
  const { t } = useTranslation("quests");
  const status = answer?.values.status ?? row?.status ?? "draft";
  const kind = answer?.values.kind ?? row?.kind ?? "solo";
  return (
    <Form method="post" action={row ? `${base}&edit=${row.id}` : `${base}&new=1`} className="space-y-3">
      <input type="hidden" name="intent" value={row ? "update" : "create"} />
      {row ? <input type="hidden" name="questId" value={row.id} /> : null}
      <Field name="titleEn" label={t("table.titleEn")} answer={answer} initial={row?.fields.titleEn ?? ""} />
      <Field name="titleZh" label={t("table.titleZh")} answer={answer} initial={row?.fields.titleZh ?? ""} help={t("table.zhHelp")} />
      <Field name="rewardEn" label={t("table.rewardEn")} answer={answer} initial={row?.fields.rewardEn ?? ""} />
      <Field name="rewardZh" label={t("table.rewardZh")} answer={answer} initial={row?.fields.rewardZh ?? ""} help={t("table.zhHelp")} />
      <Field name="timeNeeded" type="number" label={t("table.timeSeconds")} answer={answer} initial={String(row?.timeNeeded ?? 300)} />
      <fieldset className="space-y-1">
        <legend className="font-semibold">{t("table.status")}</legend>
        {(["draft", "published"] as const).map((value) => (
          <label key={value} className="me-4 inline-flex items-center gap-2">
            <input type="radio" name="status" value={value} defaultChecked={status === value} />
            {t(`table.statuses.${value}`)}
          </label>
        ))}
        {answer?.errors.status ? (
          <p role="alert" className="text-sm font-semibold text-red-700 dark:text-red-300">
            {answer.errors.status}
          </p>
        ) : null}
      </fieldset>
      <fieldset className="space-y-1">
        <legend className="font-semibold">{t("table.kind")}</legend>
        {(["solo", "party"] as const).map((value) => (
          <label key={value} className="me-4 inline-flex items-center gap-2">
            <input type="radio" name="kind" value={value} defaultChecked={kind === value} />
            {t(`table.kinds.${value}`)}
          </label>
        ))}
      </fieldset>
      {answer?.errors.form ? (
        <p role="alert" className="font-semibold text-red-700 dark:text-red-300">
          {answer.errors.form}
        </p>
      ) : null}
      <div className="flex gap-3">
        <button type="submit" className={button}>
          {row ? t("table.save") : t("table.create")}
        </button>
        <Link to={base} preventScrollReset className="rounded-md border border-slate-400 px-4 py-2">
          {t("table.cancel")}
        </Link>
      </div>
    </Form>
  );
}

type Steps = NonNullable<Route.ComponentProps["loaderData"]["steps"]>;

function StepsEditor({ questId, played, steps, answer, base }: { questId: number; played: boolean; steps: Steps; answer: FormAnswer | undefined; base: string }) {
  const { t } = useTranslation("quests");
  const here = `${base}&steps=${questId}`;
  return (
    <div className="space-y-4">
      {steps.length === 0 ? <p>{t("table.noSteps")}</p> : null}
      <ol className="space-y-3">
        {steps.map((step) => (
          <li key={step.id} className="rounded-lg border border-slate-300 p-3 dark:border-slate-700">
            <p className="font-semibold">
              {step.position}. {t(`objectives.${step.objective}` as KeyIn<"quests">)}
              {step.target ? ` (${step.target})` : ""} · {t(`unlocks.${step.unlock}` as KeyIn<"quests">)}
            </p>
            {step.line ? <Shown as="p" text={step.line} className="text-sm italic" /> : null}
            <p className="text-sm">{t("table.stepRewards", { light: step.lightReward, count: step.points })}</p>
            {step.scan ? (
              <div className="mt-2 flex items-center gap-3">
                <QrCode drawing={step.scan.qr} label={t("table.stepQr", { position: step.position })} className="h-24 w-24" />
                <p className="break-all font-mono text-xs">{step.scan.url}</p>
              </div>
            ) : null}
            {played ? null : (
              <Form method="post" action={here} preventScrollReset>
                <input type="hidden" name="intent" value="remove-step" />
                <input type="hidden" name="questId" value={questId} />
                <input type="hidden" name="stepId" value={step.id} />
                <button type="submit" className="mt-1 text-sm text-red-700 underline dark:text-red-300">
                  {t("table.removeStep", { position: step.position })}
                </button>
              </Form>
            )}
          </li>
        ))}
      </ol>
      {played ? <p className="text-sm">{t("table.stepsLocked")}</p> : null}
      <Form method="post" action={here} className="space-y-3 border-t border-slate-300 pt-3 dark:border-slate-700">
        <h3 className="font-semibold">{t("table.addStep")}</h3>
        <input type="hidden" name="intent" value="add-step" />
        <input type="hidden" name="questId" value={questId} />
        <div className="space-y-1">
          <label htmlFor="step-objective" className="block font-semibold">
            {t("table.objective")}
          </label>
          <select id="step-objective" name="objective" defaultValue={answer?.values.objective ?? "visit"} className={input}>
            {questObjectives
              .filter((o) => o !== "signup")
              .map((o) => (
                <option key={o} value={o}>
                  {t(`objectives.${o}` as KeyIn<"quests">)}
                </option>
              ))}
          </select>
        </div>
        <Field name="target" label={t("table.target")} answer={answer} initial="" help={t("table.targetHelp")} />
        <div className="space-y-1">
          <label htmlFor="step-unlock" className="block font-semibold">
            {t("table.unlock")}
          </label>
          <select id="step-unlock" name="unlock" defaultValue={answer?.values.unlock ?? "linear"} className={input}>
            {stepUnlocks.map((u) => (
              <option key={u} value={u}>
                {t(`unlocks.${u}` as KeyIn<"quests">)}
              </option>
            ))}
          </select>
        </div>
        <Field name="lineEn" label={t("table.lineEn")} answer={answer} initial="" />
        <Field name="lineZh" label={t("table.lineZh")} answer={answer} initial="" help={t("table.zhHelp")} />
        <div className="grid grid-cols-2 gap-3">
          <Field name="lightReward" type="number" label={t("table.light")} answer={answer} initial="5" />
          <Field name="points" type="number" label={t("table.points")} answer={answer} initial="10" />
        </div>
        <button type="submit" className={button}>
          {t("table.addStepSubmit")}
        </button>
      </Form>
    </div>
  );
}
