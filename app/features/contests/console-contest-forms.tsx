/**
 * The console's forms about the contest itself (loaded later, console-occasional.ts): its
 * fields (for a new contest and for editing one), a new contest, a change of its status and
 * the freeze of its board.
 */
import type { ReactNode } from "react";
import { Form } from "react-router";
import { useTranslation } from "~/platform/translations";
import type { FormAnswer } from "~/platform/form-answer";
import { dangerButton, primaryButton, secondaryButton } from "~/ui/buttons";
import { FieldError, mutedText, TextField } from "~/ui/fields";
import { FormError } from "~/ui/form";
import { cardClass } from "~/ui/looks";
import { useSelf, type ConsoleView } from "./console-page";
import { CONTEST_RULES, STATUS_CHANGES } from "./rules";
import { DateTimeField } from "./ui";

type Contest = ConsoleView["contest"];

export function ContestFields({ answer, contest }: { answer?: FormAnswer; contest?: Contest }) {
  const { t } = useTranslation("contests");
  const v = answer?.values;
  const idPrefix = `c${contest?.id ?? "new"}`;
  return (
    <>
      <TextField idPrefix={idPrefix} name="name" label={t("fields.name")} value={v?.name ?? contest?.name} error={answer?.errors.name} required maxLength={CONTEST_RULES.nameMax} />
      <TextField
        id={`description-${contest?.id ?? "new"}`}
        name="description"
        label={t("fields.description")}
        multiline
        value={v?.description ?? contest?.description}
        error={answer?.errors.description}
        maxLength={CONTEST_RULES.descriptionMax}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <DateTimeField name="startsAt" label={t("fields.startsAt")} value={v?.startsAt ?? contest?.startsAt ?? null} error={answer?.errors.startsAt} idPrefix={idPrefix} />
        <DateTimeField name="endsAt" label={t("fields.endsAt")} value={v?.endsAt ?? contest?.endsAt ?? null} error={answer?.errors.endsAt} idPrefix={idPrefix} />
      </div>
      <TextField
        idPrefix={idPrefix}
        name="minJudges"
        type="number"
        inputMode="numeric"
        min={CONTEST_RULES.minJudgesLeast}
        max={CONTEST_RULES.minJudgesMost}
        label={t("fields.minJudges")}
        hint={t("fields.minJudgesHint")}
        value={v?.minJudges ?? String(contest?.minJudges ?? CONTEST_RULES.judgesPerEntry)}
        error={answer?.errors.minJudges}
        required
      />
    </>
  );
}

/**
 * A console form for something new, folded away until opened (and open again when it comes
 * back refused, with what was typed): a new contest, a new round.
 */
export function NewThingForm({
  testId,
  summary,
  intent,
  answer,
  submit,
  children,
}: {
  testId: string;
  summary: string;
  intent: string;
  answer?: FormAnswer;
  submit: string;
  /** The form's fields (and any hidden input naming what the new thing belongs to). */
  children: ReactNode;
}) {
  const self = useSelf();
  return (
    <details className={cardClass} open={answer ? true : undefined} data-testid={testId}>
      <summary className="cursor-pointer text-lg font-semibold">{summary}</summary>
      <Form method="post" action={self} className="mt-3 space-y-3">
        <input type="hidden" name="intent" value={intent} />
        <FormError message={answer?.errors.form} />
        {children}
        <button type="submit" className={primaryButton}>
          {submit}
        </button>
      </Form>
    </details>
  );
}

export function NewContest({ answer }: { answer?: FormAnswer }) {
  const { t } = useTranslation("contests");
  return (
    <NewThingForm testId="new-contest" summary={t("console.newContest")} intent="create-contest" answer={answer} submit={t("console.createContest")}>
      <ContestFields answer={answer} />
    </NewThingForm>
  );
}

/** The explanation of one allowed change (STATUS_CHANGES lists only the pairs that have one). */
type StatusChangeExplained = `statusChange.explain.${"Active-Paused" | "Active-Ended" | "Paused-Active" | "Paused-Ended"}`;

export function StatusChange({ contest, answer }: { contest: Contest; answer?: FormAnswer }) {
  const { t } = useTranslation("contests");
  const self = useSelf();
  if (STATUS_CHANGES[contest.status].length === 0) return <p className={mutedText}>{t("statusChange.ended")}</p>;
  return (
    <Form method="post" action={self} className="space-y-2">
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="contestId" value={contest.id} />
      <fieldset>
        <legend className="font-medium">{t("statusChange.legend")}</legend>
        {STATUS_CHANGES[contest.status].map((to) => (
          <div key={to} className="mt-1">
            <label className="flex items-start gap-2">
              <input type="radio" name="to" value={to} required defaultChecked={answer?.values.to === to} className="mt-1" />
              <span>
                <span className="font-medium">{t(`statusChange.to.${to}`)}</span>
                <span className={`block ${mutedText}`}>{t(`statusChange.explain.${contest.status}-${to}` as StatusChangeExplained)}</span>
              </span>
            </label>
          </div>
        ))}
      </fieldset>
      <label className="flex items-center gap-2">
        <input type="checkbox" name="confirm" value="yes" required aria-invalid={answer?.errors.confirm ? true : undefined} aria-describedby="status-confirm-error" />
        {t("statusChange.confirm")}
      </label>
      <FieldError id="status-confirm-error" message={answer?.errors.confirm ?? answer?.errors.form ?? answer?.errors.to} />
      <button type="submit" className={secondaryButton}>
        {t("statusChange.submit")}
      </button>
    </Form>
  );
}

export function FreezeBoard({ contest, answer }: { contest: Contest; answer?: FormAnswer }) {
  const { t } = useTranslation("contests");
  const self = useSelf();
  if (contest.frozen) return null;
  return (
    <Form method="post" action={self} className="flex flex-wrap items-center gap-3">
      <input type="hidden" name="intent" value="freeze" />
      <input type="hidden" name="contestId" value={contest.id} />
      <label className="flex items-center gap-2">
        <input type="checkbox" name="confirm" value="yes" required />
        {t("freeze.confirm")}
      </label>
      <button type="submit" className={dangerButton}>
        {t("freeze.submit")}
      </button>
      <FieldError id="freeze-error" message={answer?.errors.confirm ?? answer?.errors.form} />
    </Form>
  );
}
