/**
 * The sections of /compete: a member's rounds with their party's entry form, the published
 * standing, their questions to the game master, and their requests (a role, to join).
 * Every form posts to the page itself, tagged with its intent (CompeteForm, schemas.ts).
 */
import { useTranslation } from "~/platform/translations";
import { Form, href } from "react-router";
import { mutedText, SelectField, TextField } from "~/ui/fields";
import type { FormAnswer } from "~/ui/form-answer";
import type { CompeteScreen } from "./compete-page.server";
import { CONTEST_RULES } from "./rules";
import { EntryPhoto, fixed, PhotoField, RoundStateBadge } from "./ui";
import { cardClass } from "~/ui/looks";
import { FormError } from "~/ui/form";
import { MemberText } from "~/ui/member-text";
import { primaryButton } from "~/ui/buttons";

export const COMPETE_PAGE = href("/compete");

/**
 * A member's requests to game masters: for a role in a contest they are in, to join an
 * Active contest they are not in, and what became of each (the answer or the reason).
 */
export function MemberRequests({ loaded, answer }: { loaded: Pick<CompeteScreen, "roleContests" | "joinable" | "requests">; answer?: FormAnswer }) {
  const { t } = useTranslation("contests");
  const role = answer?.values.intent === "ask-role" ? answer : undefined;
  const join = (contestId: number) => (answer?.values.intent === "ask-join" && answer.values.contestId === String(contestId) ? answer : undefined);
  return (
    <section aria-labelledby="member-requests-heading" className={`${cardClass} space-y-4`} data-testid="member-requests">
      <h2 id="member-requests-heading" className="text-2xl font-semibold">
        {t("requests.member.heading")}
      </h2>
      {loaded.roleContests.length ? (
        <Form method="post" action={COMPETE_PAGE} className="space-y-2">
          <h3 className="font-semibold">{t("requests.member.askRole")}</h3>
          <input type="hidden" name="intent" value="ask-role" />
          <FormError message={role?.errors.form} />
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField
              id="ask-role-contest"
              name="contestId"
              label={t("requests.member.contest")}
              value={role?.values.contestId}
              options={loaded.roleContests.map((c) => ({ value: c.id, label: c.name }))}
            />
            <SelectField
              idPrefix="ask-role"
              name="role"
              label={t("requests.member.role")}
              value={role?.values.role}
              options={[
                { value: "judge", label: t("roles.judge") },
                { value: "ringleader", label: t("roles.ringleader") },
              ]}
            />
          </div>
          <TextField idPrefix="ask-role" name="message" label={t("requests.member.message")} value={role?.values.message} error={role?.errors.message} maxLength={CONTEST_RULES.requestMessageMax} multiline />
          <button type="submit" className={primaryButton}>
            {t("requests.member.sendRole")}
          </button>
        </Form>
      ) : null}
      <div className="space-y-2">
        <h3 className="font-semibold">{t("requests.member.join")}</h3>
        {loaded.joinable.length === 0 ? (
          <p className={mutedText}>{t("requests.member.noneToJoin")}</p>
        ) : (
          <ul className="space-y-3">
            {loaded.joinable.map((c) => {
              const mine = join(c.id);
              return (
                <li key={c.id} className="space-y-1" data-testid="joinable-contest">
                  <p className="font-medium">
                    <MemberText text={c.name} />
                  </p>
                  {c.description ? <p className={`whitespace-pre-line ${mutedText}`}>{c.description}</p> : null}
                  <Form method="post" action={COMPETE_PAGE} className="space-y-2">
                    <input type="hidden" name="intent" value="ask-join" />
                    <input type="hidden" name="contestId" value={c.id} />
                    <FormError message={mine?.errors.form} />
                    <TextField idPrefix={`ask-join-${c.id}`} name="message" label={t("requests.member.joinMessage", { contest: c.name })} value={mine?.values.message} error={mine?.errors.message} maxLength={CONTEST_RULES.requestMessageMax} multiline />
                    <button type="submit" className={primaryButton}>
                      {t("requests.member.sendJoin")}
                    </button>
                  </Form>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      {loaded.requests.length ? (
        <div className="space-y-2">
          <h3 className="font-semibold">{t("requests.member.yours")}</h3>
          <ul className="space-y-2" data-testid="my-requests">
            {loaded.requests.map((r) => (
              <li key={r.id}>
                <p className="font-medium">
                  {r.kind === "join" ? t("requests.member.askedJoin", { contest: r.contest }) : t("requests.member.askedRole", { contest: r.contest, role: r.role ? t(`roles.${r.role}`) : "" })} ·{" "}
                  {t(`requests.member.status.${r.status as "pending" | "approved" | "declined" | "answered"}`)}
                </p>
                {r.message ? <p className={`whitespace-pre-line ${mutedText}`}>{r.message}</p> : null}
                {r.answer ? <p>{r.status === "declined" ? t("requests.member.reason", { reason: r.answer }) : t("compete.answer", { answer: r.answer })}</p> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

export function Rounds({ rounds, answer, party }: { rounds: CompeteScreen["rounds"]; answer?: FormAnswer; party: string }) {
  const { t } = useTranslation("contests");
  if (rounds.length === 0) return <p>{t("compete.noRounds")}</p>;
  return (
    <section aria-labelledby="rounds-heading" className="space-y-3">
      <h2 id="rounds-heading" className="text-2xl font-semibold">
        {t("rounds.heading")}
      </h2>
      {rounds.map((r) => {
        const mine = answer?.values.intent === "entry" && answer.values.roundId === String(r.id) ? answer : undefined;
        return (
          <article key={r.id} className={`${cardClass} space-y-2`} data-testid={`compete-round-${r.number}`}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="text-xl font-semibold">{t("rounds.title", { n: r.number })}</h3>
              <RoundStateBadge state={r.state} />
            </div>
            <p className="whitespace-pre-line">
              <span className="font-medium">{t("compete.challenge")}</span> {r.challenge}
            </p>
            <p className={mutedText}>{r.criteria.map((c) => t("rounds.criterion", { name: c.name, weight: c.weight })).join(" · ")}</p>
            {r.closesAtText ? <p className="font-medium">{t("compete.deadline", { when: r.closesAtText })}</p> : null}
            {r.entry ? (
              <div>
                <p className="font-medium">{t("compete.yourEntry", { when: r.entry.submittedAtText })}</p>
                <blockquote className="whitespace-pre-line border-l-4 border-glow-700 pl-3" data-testid="our-entry">
                  {r.entry.text}
                </blockquote>
                {r.entry.hasPhoto ? <EntryPhoto entryId={r.entry.id} party={party} /> : null}
              </div>
            ) : r.canSubmit ? (
              <p>{t("compete.noEntryYet")}</p>
            ) : null}
            {r.canSubmit ? (
              <Form method="post" action={`${COMPETE_PAGE}?round=${r.id}`} encType="multipart/form-data" className="space-y-2">
                <input type="hidden" name="intent" value="entry" />
                <input type="hidden" name="roundId" value={r.id} />
                <FormError message={mine?.errors.form} />
                <TextField idPrefix={`entry-${r.id}`} name="text" label={r.entry ? t("compete.editEntry") : t("compete.entry")} value={mine?.values.text ?? r.entry?.text} error={mine?.errors.text} required maxLength={CONTEST_RULES.entryMax} multiline />
                <TextField idPrefix={`entry-${r.id}`} name="link" type="url" label={t("compete.link")} value={mine?.values.link ?? r.entry?.link} error={mine?.errors.link} />
                <PhotoField idPrefix={`entry-${r.id}`} error={mine?.errors.photo} hasPhoto={Boolean(r.entry?.hasPhoto)} />
                <button type="submit" className={primaryButton}>
                  {r.entry ? t("compete.resubmit") : t("compete.submit")}
                </button>
              </Form>
            ) : r.state !== "published" ? (
              <p className={mutedText}>{t(`compete.state.${r.state}`)}</p>
            ) : null}
          </article>
        );
      })}
    </section>
  );
}

export function Standing({ results }: { results: CompeteScreen["results"] }) {
  const { t } = useTranslation("contests");
  if (!results) return null;
  return (
    <section aria-labelledby="results-heading" className={`${cardClass} space-y-3`}>
      <h2 id="results-heading" className="text-2xl font-semibold">
        {t("compete.results")}
      </h2>
      {results.rounds.length === 0 ? (
        <p>{t("compete.noResults")}</p>
      ) : (
        <>
          <h3 className="font-semibold">{t("compete.standing")}</h3>
          <ol className="list-decimal pl-6" data-testid="standing">
            {results.standing.map((s) => (
              <li key={s.partyId}>
                <MemberText text={s.party} /> · {t("compete.points", { count: s.points })}
              </li>
            ))}
          </ol>
          {results.rounds.map((r) => (
            <div key={r.roundId} data-testid={`published-${r.number}`}>
              <h3 className="font-semibold">{t("rounds.title", { n: r.number })}</h3>
              <ol className="list-decimal pl-6">
                {r.rows.map((row) => (
                  <li key={row.partyId}>
                    <MemberText text={row.party} /> · {t("compete.score", { normalised: fixed(row.normalisedMean), raw: fixed(row.rawMean) })}
                    {row.decidedBy ? ` · ${t("compete.tieBroken", { step: t(`tieBreak.${row.decidedBy}`) })}` : ""}
                    {row.hasPhoto ? <div className="my-1"><EntryPhoto entryId={row.entryId} party={row.party} small /></div> : null}
                    {row.notes.length ? <ul className={`list-disc pl-5 ${mutedText}`}>{row.notes.map((n, i) => <li key={i}>{n}</li>)}</ul> : null}
                  </li>
                ))}
              </ol>
            </div>
          ))}
        </>
      )}
    </section>
  );
}

export function Questions({ contestId, questions, answer }: { contestId: number; questions: CompeteScreen["questions"]; answer?: FormAnswer }) {
  const { t } = useTranslation("contests");
  return (
    <section aria-labelledby="questions-heading" className={`${cardClass} space-y-3`}>
      <h2 id="questions-heading" className="text-2xl font-semibold">
        {t("compete.ask")}
      </h2>
      <Form method="post" action={COMPETE_PAGE} className="space-y-2">
        <input type="hidden" name="intent" value="question" />
        <input type="hidden" name="contestId" value={contestId} />
        <FormError message={answer?.errors.form} />
        <TextField idPrefix="ask" name="question" label={t("compete.question")} value={answer?.values.question} error={answer?.errors.question} required maxLength={CONTEST_RULES.questionMax} multiline />
        <button type="submit" className={primaryButton}>
          {t("compete.send")}
        </button>
      </Form>
      {questions.length ? (
        <ul className="space-y-2">
          {questions.map((q) => (
            <li key={q.id}>
              <p className="font-medium">{q.message}</p>
              <p className={mutedText}>{q.answer ? t("compete.answer", { answer: q.answer }) : t("compete.waiting")}</p>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
