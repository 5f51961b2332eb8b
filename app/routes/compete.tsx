import { useTranslation } from "~/platform/translations";
import { PageHeading, pageTitle } from "~/ui/page";
import { Form, href } from "react-router";
import type { Route } from "./+types/compete";
import { requireMember } from "~/features/auth/principal.server";
import { admittedWithoutParty, askGameMaster, joinableContests, memberContests, partiesTakingMembers, requestsOf, roundsForParty, submitEntry } from "~/features/contests/compete.server";
import { askQuestion, currentContestAmong, questionsOf, setCurrentContest } from "~/features/contests/console.server";
import { CONTEST_REFUSALS } from "~/features/contests/refusals";
import { preparePhoto, type PhotoChange } from "~/features/contests/photos.server";
import { publishedResults } from "~/features/contests/results.server";
import { CONTEST_RULES } from "~/features/contests/rules";
import { CompeteForm } from "~/features/contests/schemas";
import { LiveContest } from "~/features/contests/live";
import { ContestSwitcher, EntryPhoto, fixed, PhotoField, RoundStateBadge } from "~/features/contests/ui";
import { cardClass, FormError, MemberText, mutedText, Notice, primaryButton } from "~/features/parties/ui";
import { SelectField, TextField } from "~/ui/fields";
import { parseForm } from "~/platform/forms.server";
import { getInstance, getLocale } from "~/platform/i18n.server";
import { done, refused } from "~/platform/outcome";
import { invalid, respond, type FormAnswer } from "~/platform/respond.server";
import { formatMoment } from "~/ui/dates";
import { useFocusFirstInvalid } from "~/ui/focus-first-invalid";
import { useFormAnswer } from "~/ui/form-answer";

export const handle = { i18n: ["contests", "parties"] };

const PAGE = href("/compete");

export async function loader({ context }: Route.LoaderArgs) {
  const current = await requireMember(context);
  const i18n = getInstance(context);
  const contests = await memberContests(current.member.id);
  const chosen = await currentContestAmong(current.member.id, contests);
  const [requests, joinable, admitted] = await Promise.all([requestsOf(current.member.id), joinableContests(current.member.id), admittedWithoutParty(current.member.id)]);
  const welcome = await Promise.all(admitted.map(async (c) => ({ id: c.id, name: c.name, parties: await partiesTakingMembers(c.id) })));
  const base = {
    title: i18n.t("contests:compete.title"),
    contests: contests.map((c) => ({ id: c.id, name: c.name, status: c.status, party: c.party })),
    lng: getLocale(context),
    requests,
    joinable,
    welcome,
    // Where a member may ask for a role: the contests they are in (a party, or let in).
    roleContests: [...contests.map((c) => ({ id: c.id, name: c.name })), ...admitted.map((c) => ({ id: c.id, name: c.name }))],
  };
  if (!chosen) return { ...base, chosen: null, rounds: [], results: null, questions: [] };
  const [rounds, results, questions] = await Promise.all([roundsForParty(chosen.id, chosen.partyId), publishedResults(chosen.id), questionsOf(current.member.id, chosen.id)]);
  const { lng } = base;
  return {
    ...base,
    chosen,
    // Moments told here, on the server (ui/dates.ts).
    rounds: rounds.map((r) => ({
      ...r,
      closesAtText: r.closesAt ? formatMoment(r.closesAt, lng) : null,
      entry: r.entry && { ...r.entry, submittedAtText: formatMoment(r.entry.submittedAt, lng) },
    })),
    results,
    questions: questions.map((q) => ({ ...q, at: q.at.toISOString() })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const current = await requireMember(context);
  const args = { request, context };
  // A body this long is refused before it is read (the server lets /compete's posts past its own 1 MB limit for the photo).
  if (Number(request.headers.get("Content-Length") ?? 0) > CONTEST_RULES.entryPostMaxBytes) {
    // The form's address names its round, so the message lands on that round's form.
    const round = new URL(request.url).searchParams.get("round") ?? "";
    const values: Record<string, string> = /^\d{1,9}$/.test(round) ? { intent: "entry", roundId: round } : {};
    return respond(args, refused("post-too-large"), { values, refusals: CONTEST_REFUSALS, done: () => ({}) });
  }
  const form = await parseForm(request, CompeteForm);
  if (!form.ok) return invalid(args, form);
  const me = current.member.id;
  const common = { values: form.values, refusals: CONTEST_REFUSALS };
  const f = form.data;
  switch (f.intent) {
    case "switch": {
      const mine = await memberContests(me);
      if (!mine.some((c) => c.id === f.contestId)) return respond(args, refused("unknown-contest"), { ...common, done: () => ({}) });
      return respond(args, done(await setCurrentContest(me, f.contestId)), { ...common, done: () => ({ redirectTo: PAGE }) });
    }
    case "entry": {
      let photo: PhotoChange = f.removePhoto === "yes" ? { kind: "remove" } : { kind: "keep" };
      if (f.photo) {
        const prepared = await preparePhoto(f.photo);
        if (!prepared.ok) return respond(args, prepared, { ...common, done: () => ({}) });
        photo = { kind: "replace", ...prepared.value };
      }
      return respond(args, await submitEntry(me, f.roundId, { text: f.text, link: f.link, photo }), { ...common, done: (_, t) => ({ redirectTo: PAGE, toast: t("contests:toast.entrySaved") }) });
    }
    case "ask-join":
      return respond(args, await askGameMaster(me, { kind: "join", contestId: f.contestId, message: f.message }), { ...common, done: (_, t) => ({ redirectTo: PAGE, toast: t("contests:toast.requestSent") }) });
    case "ask-role":
      return respond(args, await askGameMaster(me, { kind: "role", contestId: f.contestId, role: f.role, message: f.message }), { ...common, done: (_, t) => ({ redirectTo: PAGE, toast: t("contests:toast.requestSent") }) });
    case "question": {
      const mine = await memberContests(me);
      if (!mine.some((c) => c.id === f.contestId)) return respond(args, refused("unknown-contest"), { ...common, done: () => ({}) });
      return respond(args, await askQuestion(me, f.contestId, f.question), { ...common, done: (_, t) => ({ redirectTo: PAGE, toast: t("contests:toast.questionSent") }) });
    }
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [pageTitle(loaderData?.title, "Compete")];

type Loaded = Route.ComponentProps["loaderData"];

export default function Compete({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("contests");
  const answer = useFormAnswer();
  const page = useFocusFirstInvalid<HTMLDivElement>(answer);
  const { contests, chosen, rounds, results, questions } = loaderData;
  const asking = answer && (answer.values.intent === "ask-join" || answer.values.intent === "ask-role") ? answer : undefined;
  return (
    <div ref={page} className="space-y-6">
      <PageHeading>{t("compete.heading")}</PageHeading>
      {loaderData.welcome.map((c) => (
        <Notice key={c.id} tone="ok" title={t("requests.member.welcome", { contest: c.name })}>
          <p>{t("requests.member.welcomeExplain")}</p>
          {c.parties.length ? (
            <ul className="list-disc pl-6">
              {c.parties.map((p) => (
                <li key={p.id}>
                  <a href={href("/party/:id", { id: String(p.id) })} className="font-medium underline">
                    <MemberText text={p.name} />
                  </a>{" "}
                  · {t(p.joinPolicy === "open" ? "requests.member.policy.open" : "requests.member.policy.request")}
                </li>
              ))}
            </ul>
          ) : (
            <p>{t("requests.member.noParties")}</p>
          )}
        </Notice>
      ))}
      {!chosen ? (
        <Notice title={t("compete.none")}>
          <p>{t("compete.noneExplain")}</p>
          <p>
            <a href={href("/partybuilder")} className="font-medium underline">
              {t("compete.findParty")}
            </a>
          </p>
        </Notice>
      ) : (
        <>
          <LiveContest contestId={chosen.id} />
          {contests.length > 1 ? <ContestSwitcher contests={contests} chosenId={chosen.id} action={PAGE} /> : null}
          <section aria-labelledby="contest-heading" className={`${cardClass} space-y-2`}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id="contest-heading" className="text-2xl font-semibold">
                <MemberText text={chosen.name} />
              </h2>
              <span className="rounded-full bg-slate-200 px-3 py-1 text-sm font-semibold dark:bg-slate-700">{t(`status.${chosen.status}`)}</span>
            </div>
            {chosen.description ? <p className="whitespace-pre-line">{chosen.description}</p> : null}
            <p>
              {t("compete.yourParty")}{" "}
              <a href={href("/party/:id", { id: String(chosen.partyId) })} className="font-medium underline">
                <MemberText text={chosen.party} />
              </a>
            </p>
          </section>
          <Rounds rounds={rounds} answer={answer} party={chosen.party} />
          <Standing results={results} />
          <Questions contestId={chosen.id} questions={questions} answer={answer?.values.intent === "question" ? answer : undefined} />
        </>
      )}
      <MemberRequests loaded={loaderData} answer={asking} />
    </div>
  );
}

/**
 * A member's requests to game masters: for a role in a contest they are in, to join an
 * Active contest they are not in, and what became of each (the answer or the reason).
 */
function MemberRequests({ loaded, answer }: { loaded: Loaded; answer?: FormAnswer }) {
  const { t } = useTranslation("contests");
  const role = answer?.values.intent === "ask-role" ? answer : undefined;
  const join = (contestId: number) => (answer?.values.intent === "ask-join" && answer.values.contestId === String(contestId) ? answer : undefined);
  return (
    <section aria-labelledby="member-requests-heading" className={`${cardClass} space-y-4`} data-testid="member-requests">
      <h2 id="member-requests-heading" className="text-2xl font-semibold">
        {t("requests.member.heading")}
      </h2>
      {loaded.roleContests.length ? (
        <Form method="post" action={PAGE} className="space-y-2">
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
                  <Form method="post" action={PAGE} className="space-y-2">
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

function Rounds({ rounds, answer, party }: { rounds: Loaded["rounds"]; answer?: FormAnswer; party: string }) {
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
              <Form method="post" action={`${PAGE}?round=${r.id}`} encType="multipart/form-data" className="space-y-2">
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

function Standing({ results }: { results: Loaded["results"] }) {
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

function Questions({ contestId, questions, answer }: { contestId: number; questions: Loaded["questions"]; answer?: FormAnswer }) {
  const { t } = useTranslation("contests");
  return (
    <section aria-labelledby="questions-heading" className={`${cardClass} space-y-3`}>
      <h2 id="questions-heading" className="text-2xl font-semibold">
        {t("compete.ask")}
      </h2>
      <Form method="post" action={PAGE} className="space-y-2">
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
