/**
 * The console's forms about a round (loaded later, console-occasional.ts): its fields (the
 * challenge, the criteria and their weights, when it opens and closes), for a new round and
 * for editing one.
 */
import { useTranslation } from "~/platform/translations";
import type { FormAnswer } from "~/platform/form-answer";
import { mutedText, TextField } from "~/ui/fields";
import { NewThingForm } from "./console-contest-forms";
import type { ConsoleView } from "./console-page";
import { CONTEST_RULES } from "./rules";
import { DateTimeField } from "./ui";

function CriteriaFields({ answer, criteria, idPrefix }: { answer?: FormAnswer; criteria?: { name: string; weight: number }[]; idPrefix: string }) {
  const { t } = useTranslation("contests");
  const v = answer?.values;
  return (
    <fieldset className="space-y-2">
      <legend className="font-medium">{t("fields.criteria")}</legend>
      <p className={mutedText}>{t("fields.criteriaHint")}</p>
      {Array.from({ length: CONTEST_RULES.criteriaMax }, (_, i) => (
        <div key={i} className="grid grid-cols-[1fr_6rem] gap-2">
          <TextField
            idPrefix={idPrefix}
            name={`criterion${i}`}
            label={t("fields.criterion", { n: i + 1 })}
            value={v?.[`criterion${i}`] ?? criteria?.[i]?.name ?? ""}
            error={answer?.errors[`criterion${i}`]}
            maxLength={CONTEST_RULES.criterionNameMax}
          />
          <TextField
            idPrefix={idPrefix}
            name={`weight${i}`}
            label={t("fields.weight")}
            type="number"
            value={v?.[`weight${i}`] ?? String(criteria?.[i]?.weight ?? 1)}
            error={answer?.errors[`weight${i}`]}
            min={CONTEST_RULES.weightMin}
            max={CONTEST_RULES.weightMax}
          />
        </div>
      ))}
    </fieldset>
  );
}

export function RoundFields({ answer, round, idPrefix }: { answer?: FormAnswer; round?: ConsoleView["rounds"][number]; idPrefix: string }) {
  const { t } = useTranslation("contests");
  const v = answer?.values;
  return (
    <>
      <TextField
        idPrefix={idPrefix}
        name="challenge"
        label={t("fields.challenge")}
        multiline
        required
        maxLength={CONTEST_RULES.challengeMax}
        value={v?.challenge ?? round?.challenge}
        error={answer?.errors.challenge}
      />
      <CriteriaFields answer={answer} criteria={round?.criteria} idPrefix={idPrefix} />
      <div className="grid gap-3 sm:grid-cols-2">
        <DateTimeField name="opensAt" label={t("fields.opensAt")} value={v?.opensAt ?? round?.opensAt ?? null} error={answer?.errors.opensAt} idPrefix={idPrefix} />
        <DateTimeField name="closesAt" label={t("fields.closesAt")} value={v?.closesAt ?? round?.closesAt ?? null} error={answer?.errors.closesAt} idPrefix={idPrefix} />
      </div>
    </>
  );
}

export function NewRound({ contestId, answer }: { contestId: number; answer?: FormAnswer }) {
  const { t } = useTranslation("contests");
  return (
    <NewThingForm testId="new-round" summary={t("rounds.new")} intent="create-round" answer={answer} submit={t("rounds.create")}>
      <input type="hidden" name="contestId" value={contestId} />
      <RoundFields answer={answer} idPrefix="new-round" />
    </NewThingForm>
  );
}
