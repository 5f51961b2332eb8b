/**
 * The sections of /judging: each round's progress, the score sheet of the entry a judge
 * holds open (with skip and recuse), and the entries they scored, to revise. Every form
 * posts to the page itself, tagged with its intent (JudgingForm, schemas.ts).
 */
import { useTranslation } from "~/platform/translations";
import { Form, href } from "react-router";
import { primaryButton, secondaryButton } from "~/ui/buttons";
import { mutedText, TextField } from "~/ui/fields";
import { FormError, SubmitRow } from "~/ui/form";
import type { FormAnswer } from "~/ui/form-answer";
import { Section } from "~/ui/section";
import type { JudgeDesk } from "./judging-page.server";
import { CONTEST_RULES } from "./rules";
import { EntryPhoto, RoundStateBadge, ScoreGroup } from "./ui";
import { cardClass } from "~/ui/looks";
import { MemberText } from "~/ui/member-text";

export const JUDGING_PAGE = href("/judging");

export function JudgingProgress({ desk }: { desk: JudgeDesk }) {
  const { t } = useTranslation("contests");
  if (desk.progress.length === 0) return <p>{t("judging.noRounds")}</p>;
  return (
    <ul className="space-y-2">
      {desk.progress.map((p) => (
        <li key={p.roundId} className={`${cardClass} flex flex-wrap items-center justify-between gap-2`}>
          <span>
            <span className="font-semibold">{t("rounds.title", { n: p.number })}</span> · {p.challenge}
          </span>
          <span className="flex items-center gap-2">
            <span className="font-medium" data-testid="judging-progress">
              {t("judging.progress", { scored: p.scored, total: p.total })}
            </span>
            <RoundStateBadge state={p.state} />
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The button that claims the next entry of the chosen contest to score. */
export function ClaimNext({ contestId }: { contestId: number }) {
  const { t } = useTranslation("contests");
  return (
    <Form method="post" action={JUDGING_PAGE}>
      <input type="hidden" name="intent" value="claim" />
      <input type="hidden" name="contestId" value={contestId} />
      <button type="submit" className={primaryButton}>
        {t("judging.next")}
      </button>
    </Form>
  );
}

/** The entries a judge has scored, each a link to open it again and revise. */
export function ScoredEntries({ scored }: { scored: JudgeDesk["scored"] }) {
  const { t } = useTranslation("contests");
  return (
    <Section id="scored" heading={t("judging.scored")} className={cardClass}>
      <ul className="space-y-1">
        {scored.map((s) => (
          <li key={s.entryId}>
            <a href={`${JUDGING_PAGE}?entry=${s.entryId}`} className="font-medium underline">
              {t("rounds.title", { n: s.round })} · <MemberText text={s.party} />
            </a>{" "}
            <span className={mutedText}>{t("judging.revise")}</span>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function ScoreSheet({ open, answer, claimedUntil }: { open: NonNullable<JudgeDesk["open"]>; answer?: FormAnswer; claimedUntil: string | null }) {
  const { t } = useTranslation("contests");
  const v = answer?.values;
  return (
    <section aria-labelledby="sheet-heading" className={`${cardClass} space-y-4`}>
      <h2 id="sheet-heading" className="text-2xl font-semibold">
        {t("judging.entryOf", { party: open.party, n: open.round.number })}
      </h2>
      <p className={mutedText}>{open.round.challenge}</p>
      <blockquote className="whitespace-pre-line border-l-4 border-glow-700 pl-3" data-testid="entry-text">
        {open.text}
      </blockquote>
      {open.hasPhoto ? <EntryPhoto entryId={open.entryId} party={open.party} /> : null}
      {open.link ? (
        <p>
          <a href={open.link} rel="noopener noreferrer nofollow" target="_blank" className="font-medium underline">
            {open.link}
          </a>
        </p>
      ) : null}
      {claimedUntil ? <p className={mutedText}>{t("judging.claimed", { when: claimedUntil })}</p> : null}
      <Form method="post" action={JUDGING_PAGE} className="space-y-4">
        <input type="hidden" name="intent" value="score" />
        <input type="hidden" name="entryId" value={open.entryId} />
        <input type="hidden" name="criteria" value={open.round.criteria.length} />
        <FormError message={answer?.errors.form} />
        {open.round.criteria.map((c, i) => {
          const error = answer?.errors[`score${i}`];
          const chosen = v?.[`score${i}`] ?? (open.scores[i] === null ? "" : String(open.scores[i]));
          return <ScoreGroup key={i} index={i} criterion={c} chosen={chosen} error={error} />;
        })}
        <TextField idPrefix="sheet" name="noteForParty" label={t("judging.noteForParty")} hint={t("judging.noteForPartyHint")} value={v?.noteForParty ?? open.noteForParty} error={answer?.errors.noteForParty} maxLength={CONTEST_RULES.noteMax} multiline />
        <TextField idPrefix="sheet" name="noteForGameMaster" label={t("judging.noteForGameMaster")} hint={t("judging.noteForGameMasterHint")} value={v?.noteForGameMaster ?? open.noteForGameMaster} error={answer?.errors.noteForGameMaster} maxLength={CONTEST_RULES.noteMax} multiline />
        <button type="submit" className={primaryButton}>
          {t("judging.save")}
        </button>
      </Form>
      <SubmitRow>
        <StepAside entryId={open.entryId} intent="skip" label={t("judging.skip")} />
        <StepAside entryId={open.entryId} intent="recuse" label={t("judging.recuse")} />
      </SubmitRow>
    </section>
  );
}

/** Skip an entry (another judge takes it) or recuse from it (never offered again). */
function StepAside({ entryId, intent, label }: { entryId: number; intent: "skip" | "recuse"; label: string }) {
  return (
    <Form method="post" action={JUDGING_PAGE}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="entryId" value={entryId} />
      <button type="submit" className={secondaryButton}>
        {label}
      </button>
    </Form>
  );
}
