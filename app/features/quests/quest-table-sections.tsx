/**
 * The sections of the game master's quest table (/gamemaster/quests): its header (the
 * contests, a new quest), the table with a row per quest and the bulk buttons, and the
 * dialogs' forms (a quest's fields, deleting one, its steps). Every form posts to the page
 * itself (`base`, which keeps the contest and the sort), tagged with its intent
 * (QuestTableIntent, schemas.ts).
 */
import type { ReactNode } from "react";
import { useTranslation } from "~/platform/translations";
import { Form, Link } from "react-router";
import { questObjectives, stepUnlocks } from "~/platform/db/schema/quest-kinds";
import type { KeyIn } from "~/locales/types";
import { dangerButton, primaryButton, secondaryButton } from "~/ui/buttons";
import { FieldError, SelectField, TextField } from "~/ui/fields";
import { DataTable, type Column } from "~/ui/data-table";
import { FormError, PostButton, SubmitRow } from "~/ui/form";
import type { FormAnswer } from "~/ui/form-answer";
import { PageHeading, ScreenSwitcher } from "~/ui/page";
import { QrCode } from "~/ui/qr-code";
import type { QuestRow } from "./game-master.server";
import type { QuestTableScreen } from "./quest-table-page.server";
import { Shown, useTimeNeeded } from "./ui";

type Contest = { id: number; name: string };

/**
 * A dialog form's end: what the server said about the whole form, its button (`children`),
 * and Cancel beside it, as large as it, back to the table.
 */
function DialogEnd({ error, base, children }: { error?: string; base: string; children: ReactNode }) {
  const { t } = useTranslation("quests");
  return (
    <>
      <FormError message={error} />
      <SubmitRow>
        {children}
        <Link to={base} preventScrollReset className={`${secondaryButton} px-4 py-2`}>
          {t("table.cancel")}
        </Link>
      </SubmitRow>
    </>
  );
}

export function QuestTableHeader({ contest, contests, base }: { contest: Contest; contests: readonly Contest[]; base: string }) {
  const { t } = useTranslation("quests");
  return (
    <header className="space-y-2">
      <PageHeading>{t("table.heading", { contest: contest.name })}</PageHeading>
      <ScreenSwitcher label={t("table.contests")} current={contest.id} items={contests.map((c) => ({ ...c, to: `/gamemaster/quests?contest=${c.id}` }))} />
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
  const byReward = sort === "reward";
  const columns: Column<QuestRow>[] = [
    {
      header: <span className="sr-only">{t("table.select")}</span>,
      cell: (row) => <input type="checkbox" form="bulk" name="ids" value={row.id} aria-label={t("table.selectRow", { quest: row.title.text })} />,
    },
    { header: t("table.id"), cell: (row) => row.id, className: "tabular-nums" },
    {
      header: t("table.quest"),
      rowHeader: true,
      cell: (row) => (
        <>
          <Shown text={row.title} className="font-medium" />
          <span className="block text-xs font-normal text-slate-600 dark:text-slate-400">
            {t(`table.kinds.${row.kind}`)} · {t("choose.stepCount", { count: row.steps })}
          </span>
        </>
      ),
    },
    {
      header: t("table.reward"),
      cell: (row) => <Shown text={row.reward} />,
      sort: {
        direction: byReward ? (descending ? "descending" : "ascending") : "none",
        to: `/gamemaster/quests?contest=${contest.id}&sort=reward&dir=${byReward && !descending ? "desc" : "asc"}`,
      },
    },
    { header: t("table.time"), cell: (row) => <span title={t("time.exact", { count: row.timeNeeded })}>{timeNeeded(row.timeNeeded)}</span>, className: "tabular-nums" },
    { header: t("table.status"), cell: (row) => t(`table.statuses.${row.status}`) },
    { header: t("table.actions"), cell: (row) => <QuestActions row={row} base={base} /> },
  ];
  return (
    <>
      <Form id="bulk" method="post" action={base} preventScrollReset />
      <DataTable
        label={t("table.caption", { contest: contest.name })}
        caption={t("table.caption", { contest: contest.name })}
        captionHidden
        className="w-full min-w-[40rem] text-left text-sm"
        rows={rows}
        rowKey={(row) => row.id}
        columns={columns}
      />
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
      <DialogEnd error={formError} base={base}>
        <button type="submit" className={`${dangerButton} px-4 py-2`}>
          {t("table.deleteConfirm")}
        </button>
      </DialogEnd>
    </Form>
  );
}

/** A quest's own actions, in its row: edit, its steps, duplicate, delete. */
function QuestActions({ row, base }: { row: QuestRow; base: string }) {
  const { t } = useTranslation("quests");
  return (
    <div className="flex flex-wrap gap-x-3 gap-y-1">
      <Link to={`${base}&edit=${row.id}`} preventScrollReset className="underline" aria-label={t("table.editRow", { quest: row.title.text })}>
        {t("table.edit")}
      </Link>
      <Link to={`${base}&steps=${row.id}`} preventScrollReset className="underline" aria-label={t("table.stepsRow", { quest: row.title.text })}>
        {t("table.steps")}
      </Link>
      <PostButton fields={{ intent: "duplicate", questId: row.id }} action={base} preventScrollReset className="underline" aria-label={t("table.duplicateRow", { quest: row.title.text })}>
        {t("table.duplicate")}
      </PostButton>
      <Link to={`${base}&delete=${row.id}`} preventScrollReset className="text-red-700 underline dark:text-red-300" aria-label={t("table.deleteRow", { quest: row.title.text })}>
        {t("table.delete")}
      </Link>
    </div>
  );
}

/** A text field of the quest forms, showing what was typed after a refusal, else `initial`. */
function Field({ name, label, answer, initial, type = "text", help }: { name: string; label: string; answer: FormAnswer | undefined; initial: string; type?: string; help?: string }) {
  return <TextField idPrefix="quest" name={name} type={type} label={label} hint={help} value={answer?.values[name] ?? initial} error={answer?.errors[name]} />;
}

/** A quest's one-of-a-few setting (its status, its kind): radios in a row under their legend. */
function Choices({ name, legend, options, chosen, error }: { name: string; legend: string; options: readonly { value: string; label: string }[]; chosen: string; error?: string }) {
  return (
    <fieldset className="space-y-1">
      <legend className="font-semibold">{legend}</legend>
      {options.map((o) => (
        <label key={o.value} className="me-4 inline-flex items-center gap-2">
          <input type="radio" name={name} value={o.value} defaultChecked={chosen === o.value} />
          {o.label}
        </label>
      ))}
      <FieldError id={`quest-${name}-error`} message={error} alert />
    </fieldset>
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
      <Choices name="status" legend={t("table.status")} chosen={status} options={(["draft", "published"] as const).map((value) => ({ value, label: t(`table.statuses.${value}`) }))} error={answer?.errors.status} />
      <Choices name="kind" legend={t("table.kind")} chosen={kind} options={(["solo", "party"] as const).map((value) => ({ value, label: t(`table.kinds.${value}`) }))} />
      <DialogEnd error={answer?.errors.form} base={base}>
        <button type="submit" className={primaryButton}>
          {row ? t("table.save") : t("table.create")}
        </button>
      </DialogEnd>
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
              <PostButton fields={{ intent: "remove-step", questId, stepId: step.id }} action={here} preventScrollReset className="mt-1 text-sm text-red-700 underline dark:text-red-300">
                {t("table.removeStep", { position: step.position })}
              </PostButton>
            )}
          </li>
        ))}
      </ol>
      {played ? <p className="text-sm">{t("table.stepsLocked")}</p> : null}
      <Form method="post" action={here} className="space-y-3 border-t border-slate-300 pt-3 dark:border-slate-700">
        <h3 className="font-semibold">{t("table.addStep")}</h3>
        <input type="hidden" name="intent" value="add-step" />
        <input type="hidden" name="questId" value={questId} />
        <SelectField
          id="step-objective"
          name="objective"
          label={t("table.objective")}
          value={answer?.values.objective ?? "visit"}
          options={questObjectives.filter((o) => o !== "signup").map((o) => ({ value: o, label: t(`objectives.${o}` as KeyIn<"quests">) }))}
        />
        <Field name="target" label={t("table.target")} answer={answer} initial="" help={t("table.targetHelp")} />
        <SelectField
          id="step-unlock"
          name="unlock"
          label={t("table.unlock")}
          value={answer?.values.unlock ?? "linear"}
          options={stepUnlocks.map((u) => ({ value: u, label: t(`unlocks.${u}` as KeyIn<"quests">) }))}
        />
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
