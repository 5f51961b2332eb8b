/**
 * The sections of the game master's quest table (/gamemaster/quests): its header (the
 * contests, a new quest), the table with a row per quest and the bulk buttons, and the
 * dialogs' forms (a quest's fields, deleting one, its steps). Every form posts to the page
 * itself (`base`, which keeps the contest and the sort), tagged with its intent
 * (QuestTableIntent, schemas.ts).
 */
import { useTranslation } from "~/platform/translations";
import { Form, Link } from "react-router";
import { questObjectives, stepUnlocks } from "~/platform/db/schema/quest-kinds";
import type { KeyIn } from "~/locales/types";
import { dangerButton, primaryButton, secondaryButton } from "~/ui/buttons";
import { FieldError, fieldClass } from "~/ui/fields";
import { FormError, SubmitRow } from "~/ui/form";
import type { FormAnswer } from "~/ui/form-answer";
import { PageHeading } from "~/ui/page";
import { QrCode } from "~/ui/qr-code";
import { ScrollRegion } from "~/ui/scroll-region";
import type { QuestRow } from "./game-master.server";
import type { QuestTableScreen } from "./quest-table-page.server";
import { Shown, useTimeNeeded } from "./ui";

type Contest = { id: number; name: string };

/** A cancel link beside a dialog's main button, as large as it. */
const cancelLink = `${secondaryButton} px-4 py-2`;

export function QuestTableHeader({ contest, contests, base }: { contest: Contest; contests: readonly Contest[]; base: string }) {
  const { t } = useTranslation("quests");
  return (
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
        <Link to={`${base}&new=1`} preventScrollReset className={primaryButton}>
          {t("table.new")}
        </Link>
        <Link to={`/gamemaster/treasures?contest=${contest.id}`} className="self-center underline">
          {t("table.toTreasures")}
        </Link>
      </p>
    </header>
  );
}

/**
 * The quest rows, sortable by reward, each with a checkbox of the bulk form (`#bulk`, posted
 * by the buttons below the table) and its own actions.
 */
export function QuestTable({ contest, rows, sort, descending, base, bulkError }: { contest: Contest; rows: QuestRow[]; sort: string; descending: boolean; base: string; bulkError?: string }) {
  const { t } = useTranslation("quests");
  const timeNeeded = useTimeNeeded();
  const rewardSort = sort === "reward" ? (descending ? "descending" : "ascending") : "none";
  return (
    <>
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
        <SubmitRow>
          <span className="font-semibold">{t("table.selected")}</span>
          <button type="submit" form="bulk" name="intent" value="publish-selected" className={secondaryButton}>
            {t("table.publishSelected")}
          </button>
          <button type="submit" form="bulk" name="intent" value="draft-selected" className={secondaryButton}>
            {t("table.draftSelected")}
          </button>
          <button type="submit" form="bulk" name="intent" value="delete-selected" className={dangerButton}>
            {t("table.deleteSelected")}
          </button>
          {bulkError ? (
            <div className="w-full">
              <FieldError id="bulk-ids-error" message={bulkError} alert />
            </div>
          ) : null}
        </SubmitRow>
      ) : null}
    </>
  );
}

/** Deleting a quest, in its dialog: what deleting it takes away (its plays), and the confirmation. */
export function DeleteQuestForm({ quest, base, formError }: { quest: QuestRow; base: string; formError?: string }) {
  const { t } = useTranslation("quests");
  return (
    <Form method="post" action={`${base}&delete=${quest.id}`} className="space-y-4">
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="questId" value={quest.id} />
      <p>{quest.played > 0 ? t("table.deletePlayed", { count: quest.played }) : t("table.deleteText")}</p>
      <FormError message={formError} />
      <SubmitRow>
        <button type="submit" className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800">
          {t("table.deleteConfirm")}
        </button>
        <Link to={base} preventScrollReset className={cancelLink}>
          {t("table.cancel")}
        </Link>
      </SubmitRow>
    </Form>
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
      <input id={id} name={name} type={type} defaultValue={answer?.values[name] ?? initial} aria-invalid={error ? true : undefined} aria-describedby={described} className={fieldClass} />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export function QuestForm({ row, answer, base }: { row: QuestRow | null; answer: FormAnswer | undefined; base: string }) {
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
        <FieldError id="quest-status-error" message={answer?.errors.status} alert />
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
      <FormError message={answer?.errors.form} />
      <SubmitRow>
        <button type="submit" className={primaryButton}>
          {row ? t("table.save") : t("table.create")}
        </button>
        <Link to={base} preventScrollReset className={cancelLink}>
          {t("table.cancel")}
        </Link>
      </SubmitRow>
    </Form>
  );
}

type Steps = NonNullable<QuestTableScreen["steps"]>;

export function StepsEditor({ questId, played, steps, answer, base }: { questId: number; played: boolean; steps: Steps; answer: FormAnswer | undefined; base: string }) {
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
          <select id="step-objective" name="objective" defaultValue={answer?.values.objective ?? "visit"} className={fieldClass}>
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
          <select id="step-unlock" name="unlock" defaultValue={answer?.values.unlock ?? "linear"} className={fieldClass}>
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
        <button type="submit" className={primaryButton}>
          {t("table.addStepSubmit")}
        </button>
      </Form>
    </div>
  );
}
