/** Shared pieces of the contest screens. */
import { useTranslation } from "~/platform/translations";
import { Form, href } from "react-router";
import { FieldError, mutedText } from "~/ui/fields";
import { secondaryButton } from "~/ui/buttons";
import { SelectField, TextField } from "~/ui/fields";
import { CONTEST_RULES, type RoundState } from "./rules";

/** A number as the results show it: two decimals, a minus sign where negative. */
export const fixed = (n: number) => (Math.abs(n) < 0.005 ? "0.00" : n.toFixed(2));

/** A date and time in UTC (the page's zone), as a `datetime-local` field. */
export function DateTimeField({ name, label, value, error, idPrefix }: { name: string; label: string; value: string | null; error?: string; idPrefix: string }) {
  const { t } = useTranslation("contests");
  // An ISO moment from the loader, or what was typed (already in the field's own shape).
  const shown = value ? (value.endsWith("Z") ? value.slice(0, 16) : value) : "";
  return <TextField idPrefix={idPrefix} name={name} label={label} hint={t("fields.utc")} value={shown} error={error} type="datetime-local" />;
}

export function RoundStateBadge({ state }: { state: RoundState }) {
  const { t } = useTranslation("contests");
  const tones: Record<RoundState, string> = {
    draft: "bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100",
    open: "bg-emerald-100 text-emerald-950 dark:bg-emerald-900 dark:text-emerald-50",
    judging: "bg-amber-100 text-amber-950 dark:bg-amber-900 dark:text-amber-50",
    published: "bg-sky-100 text-sky-950 dark:bg-sky-900 dark:text-sky-50",
  };
  return <span className={`rounded-full px-3 py-1 text-sm font-semibold ${tones[state]}`}>{t(`roundState.${state}`)}</span>;
}

/** The contest switcher: a plain form; choosing the same contest again changes nothing. */
export function ContestSwitcher({ contests, chosenId, action }: { contests: { id: number; name: string }[]; chosenId: number | null; action: string }) {
  const { t } = useTranslation("contests");
  return (
    <Form method="post" action={action} className="flex flex-wrap items-end gap-2" aria-label={t("switcher.label")}>
      <input type="hidden" name="intent" value="switch" />
      {/* Keyed by the choice: after a switch the select shows the new contest, not the old default. */}
      <SelectField
        key={chosenId ?? "none"}
        id="contest-switcher"
        name="contestId"
        label={t("switcher.label")}
        value={chosenId}
        options={contests.map((c) => ({ value: c.id, label: c.name }))}
      />
      <button type="submit" className={secondaryButton}>
        {t("switcher.submit")}
      </button>
    </Form>
  );
}

/** An entry's photo, named by its party (the resource route answers only those who may see it). */
export function EntryPhoto({ entryId, party, small }: { entryId: number; party: string; small?: boolean }) {
  const { t } = useTranslation("contests");
  return (
    <img
      src={href("/contests/entries/:entryId/photo", { entryId: String(entryId) })}
      alt={t("photo.alt", { party })}
      loading="lazy"
      className={`${small ? "max-h-24" : "max-h-72"} w-auto rounded border border-slate-300 dark:border-slate-600`}
      data-testid="entry-photo"
    />
  );
}

/**
 * The entry form's photo: a file input (a refused photo cannot be put back in it, so its
 * message says to choose it again) and, when the entry has one, a box to remove it.
 */
export function PhotoField({ idPrefix, error, hasPhoto }: { idPrefix: string; error?: string; hasPhoto: boolean }) {
  const { t } = useTranslation("contests");
  const id = `${idPrefix}-photo`;
  const described = [error ? `${id}-error` : null, `${id}-hint`].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {hasPhoto ? t("photo.replace") : t("photo.label")}
      </label>
      <p id={`${id}-hint`} className={mutedText}>
        {t("photo.hint")}
      </p>
      <input id={id} type="file" name="photo" accept="image/*" aria-invalid={error ? true : undefined} aria-describedby={described} className="mt-1 block max-w-full" />
      <FieldError id={`${id}-error`} message={error} />
      {hasPhoto ? (
        <label className="mt-2 flex items-center gap-2">
          <input type="checkbox" name="removePhoto" value="yes" />
          {t("photo.remove")}
        </label>
      ) : null}
    </div>
  );
}

/**
 * One criterion on the judge's score sheet: a group of radio buttons from the lowest score to
 * the highest, drawn as buttons. The group is named by the criterion and its weight, each
 * choice is read as "n out of max", and a refused sheet keeps what the judge chose.
 */
export function ScoreGroup({ index, criterion, chosen, error }: { index: number; criterion: { name: string; weight: number }; chosen: string; error?: string }) {
  const { t } = useTranslation("contests");
  const name = `score${index}`;
  const scores = Array.from({ length: CONTEST_RULES.scoreMax - CONTEST_RULES.scoreMin + 1 }, (_, k) => k + CONTEST_RULES.scoreMin);
  return (
    <fieldset aria-describedby={error ? `${name}-error` : undefined} aria-invalid={error ? true : undefined}>
      <legend className="font-medium">{t("judging.criterion", { name: criterion.name, weight: criterion.weight })}</legend>
      <div className="mt-1 flex flex-wrap gap-2">
        {scores.map((n) => (
          <label
            key={n}
            className="flex items-center gap-1 rounded-md border border-slate-400 px-3 py-2 has-[:checked]:bg-glow-700 has-[:checked]:text-white has-[:focus-visible]:outline has-[:focus-visible]:outline-2"
          >
            <input type="radio" name={name} value={n} defaultChecked={chosen === String(n)} required className="sr-only" />
            <span aria-hidden="true">{n}</span>
            <span className="sr-only">{t("judging.scoreOf", { n, max: CONTEST_RULES.scoreMax })}</span>
          </label>
        ))}
      </div>
      <FieldError id={`${name}-error`} message={error} />
    </fieldset>
  );
}
