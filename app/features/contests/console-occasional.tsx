/**
 * The game master's console's parts a game master needs now and then, not at every visit:
 * the requests dialog, the results tables, the overrides and the audit trail. The console
 * (console-sections.tsx) loads them with React's `lazy`, so their code is a chunk of its
 * own, not part of the page's first scripts; the server renders them whole.
 */
import { Form, Link } from "react-router";
import { useTranslation } from "~/platform/translations";
import { CONTEST_RULES, shortOfJudges, STATUS_CHANGES, TIE_BREAK_CHAIN } from "./rules";
import { DateTimeField, Field, fixed } from "./ui";
import { dangerButton, primaryButton, secondaryButton } from "~/ui/buttons";
import { FieldError, fieldClass as inputClass, mutedText } from "~/ui/fields";
import { FormError } from "~/ui/form";
import { cardClass } from "~/ui/looks";
import { MemberText } from "~/ui/member-text";
import { Notice } from "~/ui/notice";
import type { FormAnswer } from "~/platform/form-answer";
import { RouteDialog } from "~/ui/route-dialog";
import { answerFor, useSelf, type ConsoleView } from "./console-page";
import { ScrollRegion } from "~/ui/scroll-region";

export function Results({ results, round }: { results: NonNullable<ConsoleView["rounds"][number]["results"]>; round: number }) {
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
        <ScrollRegion label={t("results.of", { round: t("rounds.title", { n: round }) })}>
          <table className="w-full text-left text-sm [&_td]:px-2 [&_td]:py-1 [&_th]:px-2 [&_th]:py-1" data-testid="results-table">
            <thead>
              <tr>
                <th scope="col">{t("results.place")}</th>
                <th scope="col">{t("results.party")}</th>
                <th scope="col">{t("results.normalised")}</th>
                <th scope="col">{t("results.raw")}</th>
                <th scope="col">{t("results.firstPlaces")}</th>
                <th scope="col">{t("results.decidedBy")}</th>
                <th scope="col">{t("results.byJudge")}</th>
              </tr>
            </thead>
            <tbody>
              {results.rows.map((r) => (
                <tr key={r.entryId} className="border-t border-slate-300 dark:border-slate-700">
                  <td>{r.place}</td>
                  <td>
                    <MemberText text={r.party} />
                    {r.late ? ` (${t("results.late")})` : ""}
                  </td>
                  <td>{r.judges ? fixed(r.normalisedMean) : "—"}</td>
                  <td>{r.judges ? fixed(r.rawMean) : "—"}</td>
                  <td>{r.firstPlaces}</td>
                  <td>{r.decidedBy ? t(`tieBreak.${r.decidedBy}`) : "—"}</td>
                  <td>{r.byJudge.map((j) => `${j.judge} ${fixed(j.total)}`).join(", ") || t("results.noJudges")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <p className={mutedText}>{t("results.chain", { chain: TIE_BREAK_CHAIN.map((s) => t(`tieBreak.${s}`)).join(" → ") })}</p>
    </div>
  );
}

export function RequestModal({ view, answer }: { view: ConsoleView; answer?: FormAnswer }) {
  const { t } = useTranslation("contests");
  const self = useSelf();
  return (
    <div className="fixed inset-0 z-40 flex items-start justify-center overflow-y-auto bg-black/50 p-4">
      <section role="dialog" aria-modal="true" aria-labelledby="requests-heading" className="w-full max-w-2xl space-y-4 rounded-lg bg-white p-6 text-slate-900 shadow-xl dark:bg-slate-900 dark:text-slate-100">
        <div className="flex items-center justify-between gap-3">
          <h2 id="requests-heading" className="text-2xl font-semibold">
            {t("requests.heading")}
          </h2>
          <a href={self} className={secondaryButton} autoFocus>
            {t("requests.close")}
          </a>
        </div>
        {view.requests.length === 0 ? <p>{t("requests.none")}</p> : null}
        {view.flagged.length ? (
          <Notice tone="warn" title={t("requests.flagged")}>
            <ul className="list-disc pl-5">
              {view.flagged.map((f) => (
                <li key={f.entryId}>{t("requests.flaggedEntry", { party: f.party, count: f.skips })}</li>
              ))}
            </ul>
          </Notice>
        ) : null}
        <ul className="space-y-3">
          {view.requests.map((r) => {
            const mine = answerFor(answer, "answer", ["requestId", r.id]);
            return (
              <li key={r.id} className={cardClass} data-testid="request">
                <p className="font-medium">{t(`requests.kind.${r.kind}`, { name: r.member, role: r.role ? t(`roles.${r.role}`) : "" })}</p>
                {r.message ? <p className="whitespace-pre-line">{r.message}</p> : null}
                <Form method="post" action={self} className="mt-2 space-y-2">
                  <input type="hidden" name="intent" value="answer" />
                  <input type="hidden" name="requestId" value={r.id} />
                  <label htmlFor={`answer-${r.id}`} className="block font-medium">
                    {r.kind === "question" ? t("requests.reply") : t("requests.reason")}
                  </label>
                  <textarea id={`answer-${r.id}`} name="text" rows={2} maxLength={CONTEST_RULES.questionMax} defaultValue={mine?.values.text} className={inputClass} />
                  <FormError message={mine?.errors.form ?? mine?.errors.text} />
                  <div className="flex gap-2">
                    {r.kind === "question" ? (
                      <button type="submit" name="decision" value="reply" className={primaryButton}>
                        {t("requests.sendReply")}
                      </button>
                    ) : (
                      <>
                        <button type="submit" name="decision" value="accept" className={primaryButton}>
                          {t("requests.accept")}
                        </button>
                        <button type="submit" name="decision" value="decline" className={dangerButton}>
                          {t("requests.decline")}
                        </button>
                      </>
                    )}
                  </div>
                </Form>
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}

export function Overrides({ view, answer }: { view: ConsoleView; answer?: FormAnswer }) {
  const { t } = useTranslation("contests");
  const self = useSelf();
  const judging = view.rounds.filter((r) => r.state === "judging");
  const live = view.rounds.filter((r) => r.state === "open" || r.state === "judging");
  const reopen = answerFor(answer, "reopen-round");
  const remove = answerFor(answer, "remove-entry");
  const admit = answerFor(answer, "admit-late");
  const reassign = answerFor(answer, "reassign-ringleader");
  const reasonField = (prefix: string, a?: FormAnswer) => (
    <Field idPrefix={prefix} name="reason" label={t("overrides.reason")} hint={t("overrides.reasonHint")} value={a?.values.reason} error={a?.errors.reason} required maxLength={CONTEST_RULES.reasonMax} />
  );
  return (
    <section aria-labelledby="overrides-heading" className={`${cardClass} space-y-4`}>
      <h2 id="overrides-heading" className="text-2xl font-semibold">
        {t("overrides.heading")}
      </h2>
      <p className={mutedText}>{t("overrides.explain")}</p>
      {judging.length ? (
        <Form method="post" action={self} className="space-y-2">
          <h3 className="font-semibold">{t("overrides.reopen")}</h3>
          <input type="hidden" name="intent" value="reopen-round" />
          <label htmlFor="reopen-round" className="block font-medium">
            {t("overrides.round")}
          </label>
          <select id="reopen-round" name="roundId" className={inputClass}>
            {judging.map((r) => (
              <option key={r.id} value={r.id}>
                {t("rounds.title", { n: r.number })}
              </option>
            ))}
          </select>
          {reasonField("reopen", reopen)}
          <FormError message={reopen?.errors.form} />
          <button type="submit" className={secondaryButton}>
            {t("overrides.reopenSubmit")}
          </button>
        </Form>
      ) : null}
      {live.some((r) => r.entries.length) ? (
        <Form method="post" action={self} className="space-y-2">
          <h3 className="font-semibold">{t("overrides.remove")}</h3>
          <input type="hidden" name="intent" value="remove-entry" />
          <label htmlFor="remove-entry" className="block font-medium">
            {t("overrides.entry")}
          </label>
          <select id="remove-entry" name="entryId" className={inputClass}>
            {live.flatMap((r) =>
              r.entries.map((e) => (
                <option key={e.id} value={e.id}>
                  {t("rounds.title", { n: r.number })} · {e.party}
                </option>
              )),
            )}
          </select>
          {reasonField("remove", remove)}
          <FormError message={remove?.errors.form} />
          <button type="submit" className={dangerButton}>
            {t("overrides.removeSubmit")}
          </button>
        </Form>
      ) : null}
      {view.rosters.some((p) => p.members.length > 1) ? (
        <Form method="post" action={self} className="space-y-2" data-testid="reassign-ringleader">
          <h3 className="font-semibold">{t("overrides.reassign")}</h3>
          <input type="hidden" name="intent" value="reassign-ringleader" />
          <div>
            <label htmlFor="reassign-choice" className="block font-medium">
              {t("overrides.newRingleader")}
            </label>
            <select
              id="reassign-choice"
              name="choice"
              className={inputClass}
              defaultValue={reassign?.values.choice}
              aria-invalid={reassign?.errors.choice ? true : undefined}
              aria-describedby="reassign-choice-error"
            >
              {view.rosters
                .filter((p) => p.members.length > 1)
                .map((p) => (
                  <optgroup key={p.id} label={p.name}>
                    {p.members.map((m) => (
                      <option key={m.id} value={`${p.id}:${m.id}`}>
                        {m.role === "ringleader" ? t("overrides.memberLeads", { name: m.name, party: p.name }) : t("overrides.memberOf", { name: m.name, party: p.name })}
                      </option>
                    ))}
                  </optgroup>
                ))}
            </select>
            <FieldError id="reassign-choice-error" message={reassign?.errors.choice} />
          </div>
          {reasonField("reassign", reassign)}
          <FormError message={reassign?.errors.form} />
          <button type="submit" className={secondaryButton}>
            {t("overrides.reassignSubmit")}
          </button>
        </Form>
      ) : null}
      {live.length && view.parties.length ? (
        <Form method="post" action={self} className="space-y-2">
          <h3 className="font-semibold">{t("overrides.admit")}</h3>
          <input type="hidden" name="intent" value="admit-late" />
          <div className="grid gap-3 sm:grid-cols-2">
            <div>
              <label htmlFor="admit-round" className="block font-medium">
                {t("overrides.round")}
              </label>
              <select id="admit-round" name="roundId" className={inputClass} defaultValue={admit?.values.roundId}>
                {live.map((r) => (
                  <option key={r.id} value={r.id}>
                    {t("rounds.title", { n: r.number })}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="admit-party" className="block font-medium">
                {t("overrides.party")}
              </label>
              <select id="admit-party" name="partyId" className={inputClass} defaultValue={admit?.values.partyId}>
                {view.parties.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <div>
            <label htmlFor="admit-text" className="block font-medium">
              {t("overrides.entryText")}
            </label>
            <textarea id="admit-text" name="text" rows={2} maxLength={CONTEST_RULES.entryMax} defaultValue={admit?.values.text} aria-invalid={admit?.errors.text ? true : undefined} aria-describedby="admit-text-error" className={inputClass} />
            <FieldError id="admit-text-error" message={admit?.errors.text} />
          </div>
          {reasonField("admit", admit)}
          <FormError message={admit?.errors.form} />
          <button type="submit" className={secondaryButton}>
            {t("overrides.admitSubmit")}
          </button>
        </Form>
      ) : null}
    </section>
  );
}

export function AuditTrail({ view }: { view: ConsoleView }) {
  const { t } = useTranslation("contests");
  return (
    <section aria-labelledby="audit-heading" className={`${cardClass} space-y-2`}>
      <h2 id="audit-heading" className="text-2xl font-semibold">
        {t("audit.heading")}
      </h2>
      {view.audit.length === 0 ? (
        <p>{t("audit.none")}</p>
      ) : (
        <ul className="space-y-1" data-testid="audit-trail">
          {view.audit.map((a) => (
            <li key={a.id} className="text-sm">
              <span className="font-medium">{t(`audit.action.${a.action}`)}</span> · {a.subject}
              {a.reason ? ` · “${a.reason}”` : ""} · {a.actor ?? ""} · {a.atText}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function ContestFields({ answer, contest }: { answer?: FormAnswer; contest?: ConsoleView["contest"] }) {
  const { t } = useTranslation("contests");
  const v = answer?.values;
  return (
    <>
      <Field idPrefix={`c${contest?.id ?? "new"}`} name="name" label={t("fields.name")} value={v?.name ?? contest?.name} error={answer?.errors.name} required maxLength={CONTEST_RULES.nameMax} />
      <div>
        <label htmlFor={`description-${contest?.id ?? "new"}`} className="block font-medium">
          {t("fields.description")}
        </label>
        <textarea
          id={`description-${contest?.id ?? "new"}`}
          name="description"
          defaultValue={v?.description ?? contest?.description}
          maxLength={CONTEST_RULES.descriptionMax}
          rows={3}
          className={`${inputClass} mt-1`}
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <DateTimeField name="startsAt" label={t("fields.startsAt")} value={v?.startsAt ?? contest?.startsAt ?? null} error={answer?.errors.startsAt} idPrefix={`c${contest?.id ?? "new"}`} />
        <DateTimeField name="endsAt" label={t("fields.endsAt")} value={v?.endsAt ?? contest?.endsAt ?? null} error={answer?.errors.endsAt} idPrefix={`c${contest?.id ?? "new"}`} />
      </div>
      <Field
        idPrefix={`c${contest?.id ?? "new"}`}
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
 * Publishing a round, the second step (a page state, ?publish={roundId}, so it works without
 * JavaScript): what publishing does, and the confirming form; while an entry has fewer
 * judges than the contest's minimum, which entries, the way to more judges, and the
 * override that publishes anyway with a reason for the audit trail (decision 1221).
 */
export function PublishRound({ round, minJudges, answer }: { round: ConsoleView["rounds"][number]; minJudges: number; answer?: FormAnswer }) {
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
              <Field
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
              <div className="flex flex-wrap gap-3">
                <button type="submit" className={dangerButton}>
                  {t("publish.override")}
                </button>
                {cancel}
              </div>
            </Form>
          </>
        ) : (
          <Form method="post" action={`${self}&publish=${round.id}`} className="space-y-3">
            {hidden}
            <p>{t("publish.ready", { count: minJudges })}</p>
            {/* Judges may have changed since this page was drawn: the refusal names who is short. */}
            <FormError message={answer?.errors.overrideReason ?? answer?.errors.form ?? answer?.errors.confirm} />
            <div className="flex flex-wrap gap-3">
              <button type="submit" className={primaryButton}>
                {t("publish.confirm")}
              </button>
              {cancel}
            </div>
          </Form>
        )}
      </div>
    </RouteDialog>
  );
}

export function NewContest({ answer }: { answer?: FormAnswer }) {
  const { t } = useTranslation("contests");
  const self = useSelf();
  return (
    <details className={cardClass} open={answer ? true : undefined} data-testid="new-contest">
      <summary className="cursor-pointer text-lg font-semibold">{t("console.newContest")}</summary>
      <Form method="post" action={self} className="mt-3 space-y-3">
        <input type="hidden" name="intent" value="create-contest" />
        <FormError message={answer?.errors.form} />
        <ContestFields answer={answer} />
        <button type="submit" className={primaryButton}>
          {t("console.createContest")}
        </button>
      </Form>
    </details>
  );
}

function CriteriaFields({ answer, criteria, idPrefix }: { answer?: FormAnswer; criteria?: { name: string; weight: number }[]; idPrefix: string }) {
  const { t } = useTranslation("contests");
  const v = answer?.values;
  return (
    <fieldset className="space-y-2">
      <legend className="font-medium">{t("fields.criteria")}</legend>
      <p className={mutedText}>{t("fields.criteriaHint")}</p>
      {Array.from({ length: CONTEST_RULES.criteriaMax }, (_, i) => (
        <div key={i} className="grid grid-cols-[1fr_6rem] gap-2">
          <Field
            idPrefix={idPrefix}
            name={`criterion${i}`}
            label={t("fields.criterion", { n: i + 1 })}
            value={v?.[`criterion${i}`] ?? criteria?.[i]?.name ?? ""}
            error={answer?.errors[`criterion${i}`]}
            maxLength={CONTEST_RULES.criterionNameMax}
          />
          <Field
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
  const id = `${idPrefix}-challenge`;
  return (
    <>
      <div>
        <label htmlFor={id} className="block font-medium">
          {t("fields.challenge")}
        </label>
        <textarea
          id={id}
          name="challenge"
          required
          rows={3}
          maxLength={CONTEST_RULES.challengeMax}
          defaultValue={v?.challenge ?? round?.challenge}
          aria-invalid={answer?.errors.challenge ? true : undefined}
          aria-describedby={answer?.errors.challenge ? `${id}-error` : undefined}
          className={`${inputClass} mt-1`}
        />
        <FieldError id={`${id}-error`} message={answer?.errors.challenge} />
      </div>
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
  const self = useSelf();
  return (
    <details className={cardClass} open={answer ? true : undefined} data-testid="new-round">
      <summary className="cursor-pointer text-lg font-semibold">{t("rounds.new")}</summary>
      <Form method="post" action={self} className="mt-3 space-y-3">
        <input type="hidden" name="intent" value="create-round" />
        <input type="hidden" name="contestId" value={contestId} />
        <FormError message={answer?.errors.form} />
        <RoundFields answer={answer} idPrefix="new-round" />
        <button type="submit" className={primaryButton}>
          {t("rounds.create")}
        </button>
      </Form>
    </details>
  );
}

export function Invites({ view, answer }: { view: ConsoleView; answer?: FormAnswer }) {
  const { t } = useTranslation("contests");
  const self = useSelf();
  const v = answer?.values;
  return (
    <section aria-labelledby="invites-heading" className={`${cardClass} space-y-3`}>
      <h2 id="invites-heading" className="text-2xl font-semibold">
        {t("invite.heading")}
      </h2>
      <Form method="post" action={self} className="space-y-3">
        <input type="hidden" name="intent" value="invite" />
        <input type="hidden" name="contestId" value={view.contest.id} />
        <FormError message={answer?.errors.form} />
        <div className="grid gap-3 sm:grid-cols-3">
          <div>
            <label htmlFor="invite-role" className="block font-medium">
              {t("invite.role")}
            </label>
            <select id="invite-role" name="role" defaultValue={v?.role ?? "judge"} className={`${inputClass} mt-1`}>
              <option value="judge">{t("roles.judge")}</option>
              <option value="ringleader">{t("roles.ringleader")}</option>
            </select>
          </div>
          <Field idPrefix="invite" name="email" type="email" label={t("invite.email")} hint={t("invite.emailHint")} value={v?.email} error={answer?.errors.email} autoComplete="email" />
          <div>
            <label htmlFor="invite-language" className="block font-medium">
              {t("invite.language")}
            </label>
            <select id="invite-language" name="language" defaultValue={v?.language ?? "en"} className={`${inputClass} mt-1`}>
              <option value="en">English</option>
              <option value="zh">中文</option>
            </select>
          </div>
        </div>
        <div className="flex flex-wrap gap-3">
          <button type="submit" name="channel" value="email" className={primaryButton}>
            {t("invite.byEmail")}
          </button>
          <button type="submit" name="channel" value="link" className={secondaryButton}>
            {t("invite.byLink")}
          </button>
        </div>
      </Form>
      {view.invites.length ? (
        <ul className="space-y-1" data-testid="role-invites">
          {view.invites.map((i) => (
            <li key={i.id} className="text-sm">
              {t(`roles.${i.role}`)} · {i.email ?? t(`invite.channel.${i.channel}`)} · {t(`invite.status.${i.status}`)}
              {i.acceptedBy ? ` · ${i.acceptedBy}` : ""}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** The explanation of one allowed change (STATUS_CHANGES lists only the pairs that have one). */
type StatusChangeExplained = `statusChange.explain.${"Active-Paused" | "Active-Ended" | "Paused-Active" | "Paused-Ended"}`;

export function StatusChange({ contest, answer }: { contest: ConsoleView["contest"]; answer?: FormAnswer }) {
  const { t } = useTranslation("contests");
  const self = useSelf();
  const statusAnswer = answer;
  return (
    <>
  {STATUS_CHANGES[contest.status].length > 0 ? (
    <Form method="post" action={self} className="space-y-2">
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="contestId" value={contest.id} />
      <fieldset>
        <legend className="font-medium">{t("statusChange.legend")}</legend>
        {STATUS_CHANGES[contest.status].map((to) => (
          <div key={to} className="mt-1">
            <label className="flex items-start gap-2">
              <input type="radio" name="to" value={to} required defaultChecked={statusAnswer?.values.to === to} className="mt-1" />
              <span>
                <span className="font-medium">{t(`statusChange.to.${to}`)}</span>
                <span className={`block ${mutedText}`}>{t(`statusChange.explain.${contest.status}-${to}` as StatusChangeExplained)}</span>
              </span>
            </label>
          </div>
        ))}
      </fieldset>
      <label className="flex items-center gap-2">
        <input type="checkbox" name="confirm" value="yes" required aria-invalid={statusAnswer?.errors.confirm ? true : undefined} aria-describedby="status-confirm-error" />
        {t("statusChange.confirm")}
      </label>
      <FieldError id="status-confirm-error" message={statusAnswer?.errors.confirm ?? statusAnswer?.errors.form ?? statusAnswer?.errors.to} />
      <button type="submit" className={secondaryButton}>
        {t("statusChange.submit")}
      </button>
    </Form>
  ) : (
    <p className={mutedText}>{t("statusChange.ended")}</p>
  )}
    </>
  );
}

export function FreezeBoard({ contest, answer }: { contest: ConsoleView["contest"]; answer?: FormAnswer }) {
  const { t } = useTranslation("contests");
  const self = useSelf();
  const freezeAnswer = answer;
  return (
    <>
  {!contest.frozen ? (
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
      <FieldError id="freeze-error" message={freezeAnswer?.errors.confirm ?? freezeAnswer?.errors.form} />
    </Form>
  ) : null}
    </>
  );
}
