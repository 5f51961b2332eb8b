/**
 * A round's results on the console (loaded later, console-occasional.ts): the table of
 * places, and the second step of publishing them.
 */
import { Form, Link } from "react-router";
import { useTranslation } from "~/platform/translations";
import type { FormAnswer } from "~/platform/form-answer";
import { dangerButton, primaryButton, secondaryButton } from "~/ui/buttons";
import { DataTable } from "~/ui/data-table";
import { mutedText, TextField } from "~/ui/fields";
import { FormError, SubmitRow } from "~/ui/form";
import { RouteDialog } from "~/ui/route-dialog";
import { MemberText } from "~/ui/member-text";
import { Notice } from "~/ui/notice";
import { useSelf, type ConsoleView } from "./console-page";
import { CONTEST_RULES, shortOfJudges, TIE_BREAK_CHAIN } from "./rules";
import { fixed } from "./ui";

type Round = ConsoleView["rounds"][number];

export function Results({ results, round }: { results: NonNullable<Round["results"]>; round: number }) {
  const { t } = useTranslation("contests");
  return (
    <div className="space-y-2">
      <h4 className="font-semibold">{t("results.heading")}</h4>
      {results.warnings.map((w, i) => (
        <Notice key={i} tone="warn">
          <p>{w.kind === "few-scores" ? t("results.warnFew", { judge: w.judge ?? "", count: w.scores, min: CONTEST_RULES.scoresForNormalising }) : t("results.warnGroups", { count: w.groups })}</p>
        </Notice>
      ))}
      {results.rows.length === 0 ? (
        <p>{t("results.none")}</p>
      ) : (
        <DataTable
          label={t("results.of", { round: t("rounds.title", { n: round }) })}
          testId="results-table"
          rows={results.rows}
          rowKey={(r) => r.entryId}
          columns={[
            { header: t("results.place"), cell: (r) => r.place },
            {
              header: t("results.party"),
              rowHeader: true,
              className: "font-normal",
              cell: (r) => (
                <>
                  <MemberText text={r.party} />
                  {r.late ? ` (${t("results.late")})` : ""}
                </>
              ),
            },
            { header: t("results.normalised"), cell: (r) => (r.judges ? fixed(r.normalisedMean) : "—") },
            { header: t("results.raw"), cell: (r) => (r.judges ? fixed(r.rawMean) : "—") },
            { header: t("results.firstPlaces"), cell: (r) => r.firstPlaces },
            { header: t("results.decidedBy"), cell: (r) => (r.decidedBy ? t(`tieBreak.${r.decidedBy}`) : "—") },
            { header: t("results.byJudge"), cell: (r) => r.byJudge.map((j) => `${j.judge} ${fixed(j.total)}`).join(", ") || t("results.noJudges") },
          ]}
        />
      )}
      <p className={mutedText}>{t("results.chain", { chain: TIE_BREAK_CHAIN.map((s) => t(`tieBreak.${s}`)).join(" → ") })}</p>
    </div>
  );
}

/**
 * Publishing a round, the second step (a page state, ?publish={roundId}, so it works without
 * JavaScript): what publishing does, and the confirming form; while an entry has fewer
 * judges than the contest's minimum, which entries, the way to more judges, and the
 * override that publishes anyway with a reason for the audit trail (decision 1221).
 */
export function PublishRound({ round, minJudges, answer }: { round: Round; minJudges: number; answer?: FormAnswer }) {
  const { t } = useTranslation("contests");
  const self = useSelf();
  const short = shortOfJudges(round.results?.rows ?? [], minJudges);
  const titleId = `publish-${round.id}-title`;
  const hidden = (
    <>
      <input type="hidden" name="intent" value="advance" />
      <input type="hidden" name="roundId" value={round.id} />
      <input type="hidden" name="from" value="judging" />
      <input type="hidden" name="confirm" value="yes" />
    </>
  );
  const cancel = (
    <Link to={self} preventScrollReset className={secondaryButton}>
      {t("publish.cancel")}
    </Link>
  );
  return (
    <RouteDialog titleId={titleId} title={t("publish.title", { n: round.number })} closeTo={self} closeLabel={t("publish.close")}>
      <div className="space-y-4" data-testid="publish-round">
        <p>{t("publish.what")}</p>
        {short.length ? (
          <>
            <Notice tone="warn" title={t("publish.shortTitle")}>
              <p>{t("publish.shortExplain", { count: minJudges })}</p>
              <ul className="list-disc pl-5" data-testid="short-of-judges">
                {short.map((r) => (
                  <li key={r.entryId}>{t("publish.entryJudges", { party: r.party, count: r.judges })}</li>
                ))}
              </ul>
              <p>{t("publish.assign")}</p>
              <p>
                <a href={`${self}#invites-heading`} className="font-medium underline">
                  {t("publish.invite")}
                </a>
              </p>
            </Notice>
            <Form method="post" action={`${self}&publish=${round.id}`} className="space-y-3">
              {hidden}
              <h3 className="font-semibold">{t("publish.overrideHeading")}</h3>
              <TextField
                idPrefix={`publish-${round.id}`}
                name="overrideReason"
                label={t("publish.overrideReason")}
                value={answer?.values.overrideReason}
                error={answer?.errors.overrideReason}
                required
                maxLength={CONTEST_RULES.reasonMax}
                multiline
              />
              <FormError message={answer?.errors.form ?? answer?.errors.confirm} />
              <SubmitRow>
                <button type="submit" className={dangerButton}>
                  {t("publish.override")}
                </button>
                {cancel}
              </SubmitRow>
            </Form>
          </>
        ) : (
          <Form method="post" action={`${self}&publish=${round.id}`} className="space-y-3">
            {hidden}
            <p>{t("publish.ready", { count: minJudges })}</p>
            {/* Judges may have changed since this page was drawn: the refusal names who is short. */}
            <FormError message={answer?.errors.overrideReason ?? answer?.errors.form ?? answer?.errors.confirm} />
            <SubmitRow>
              <button type="submit" className={primaryButton}>
                {t("publish.confirm")}
              </button>
              {cancel}
            </SubmitRow>
          </Form>
        )}
      </div>
    </RouteDialog>
  );
}
