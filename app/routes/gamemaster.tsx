import { useTranslation } from "~/platform/translations";
import { PageHeading, pageTitle } from "~/ui/page";
import { lazy, Suspense } from "react";
import { Form, href, Link } from "react-router";
import type { Route } from "./+types/gamemaster";
import { areaMember } from "~/features/auth/index.server";
import {
  advanceRound,
  answerRequest,
  applyOverride,
  changeContestStatus,
  consoleContests,
  createContest,
  createRound,
  currentContestAmong,
  freezeBoard,
  inviteToContest,
  setCurrentContest,
  updateContest,
  updateRound,
} from "~/features/contests/console.server";
import { consoleView } from "~/features/contests/console-view.server";
import { CONTEST_REFUSALS } from "~/features/contests/refusals";
import { ConsoleForm, RoundForm } from "~/features/contests/schemas";
import { LiveContest } from "~/features/contests/live";
import { ContestSwitcher, EntryPhoto, RoundStateBadge } from "~/features/contests/ui";
import { publicOrigin } from "~/features/parties/links.server";
import { cardClass, FormError, MemberText, mutedText, Notice, primaryButton, secondaryButton } from "~/features/parties/ui";
import { QrCode } from "~/ui/qr-code";
import { parseInput, readInput, unreadableForm } from "~/platform/forms.server";
import { getInstance, getLocale } from "~/platform/i18n.server";
import { done, refused } from "~/platform/outcome";
import { invalid, respond, type FormAnswer } from "~/platform/respond.server";
import { useFocusFirstInvalid } from "~/ui/focus-first-invalid";
import { answerFor, PAGE, pageOf, useSelf } from "./gamemaster/console";
import { useFormAnswer } from "~/ui/form-answer";

export const handle = { i18n: ["contests", "parties"] };

/**
 * The console's parts a game master needs now and then (the requests dialog, the results
 * tables, the overrides, the audit trail, the invitations and the forms that create or edit
 * a contest or a round, folded away until opened) come in a chunk of their own: the page's first
 * scripts stay small. The server renders them whole (entry.server waits for every part);
 * the browser shows that HTML and hydrates the rest of the console while the chunk loads.
 */
const occasional = () => import("./gamemaster/console-occasional");
const RequestModal = lazy(() => occasional().then((m) => ({ default: m.RequestModal })));
const Results = lazy(() => occasional().then((m) => ({ default: m.Results })));
const Overrides = lazy(() => occasional().then((m) => ({ default: m.Overrides })));
const AuditTrail = lazy(() => occasional().then((m) => ({ default: m.AuditTrail })));
const ContestFields = lazy(() => occasional().then((m) => ({ default: m.ContestFields })));
const NewContest = lazy(() => occasional().then((m) => ({ default: m.NewContest })));
const RoundFields = lazy(() => occasional().then((m) => ({ default: m.RoundFields })));
const NewRound = lazy(() => occasional().then((m) => ({ default: m.NewRound })));
const PublishRound = lazy(() => occasional().then((m) => ({ default: m.PublishRound })));
const StatusChange = lazy(() => occasional().then((m) => ({ default: m.StatusChange })));
const FreezeBoard = lazy(() => occasional().then((m) => ({ default: m.FreezeBoard })));
const Invites = lazy(() => occasional().then((m) => ({ default: m.Invites })));

export async function loader({ request, context }: Route.LoaderArgs) {
  const current = await areaMember(context);
  const i18n = getInstance(context);
  const url = new URL(request.url);
  const contests = await consoleContests(current.roles);
  // A link may name the contest (a second tab, a bookmark); otherwise the member's current one.
  const named = contests.find((c) => String(c.id) === url.searchParams.get("contest"));
  const chosen = named ?? (await currentContestAmong(current.member.id, contests));
  const base = { title: i18n.t("contests:console.title"), contests, chosenId: chosen?.id ?? null, modal: url.searchParams.get("modal"), publish: url.searchParams.get("publish") };
  if (!chosen || chosen.role !== "gamemaster") {
    // Section 6: a judge-only member sees all their roles here, and goes on to judging.
    return { ...base, view: null, judgeRoles: current.roles.map((r) => ({ role: r.role, contestId: r.contestId === null ? null : String(r.contestId), name: contests.find((c) => String(c.id) === String(r.contestId))?.name ?? null })) };
  }
  const view = await consoleView(chosen.id, url.searchParams.get("invited"), publicOrigin(request), getLocale(context));
  return { ...base, view, judgeRoles: [] };
}

export async function action({ request, context }: Route.ActionArgs) {
  const current = await areaMember(context);
  const args = { request, context };
  const me = current.member.id;
  const roles = current.roles;
  const input = await readInput(request);
  if (input === null) return invalid(args, unreadableForm());
  if (input.intent === "create-round" || input.intent === "edit-round") {
    const form = parseInput(input, RoundForm);
    if (!form.ok) return invalid(args, form);
    const { contestId, roundId, intent, ...values } = form.data;
    const outcome = intent === "create-round" ? await createRound(roles, contestId, values) : await updateRound(roles, Number(roundId), values);
    return respond(args, outcome, { values: form.values, refusals: CONTEST_REFUSALS, done: (r, t) => ({ redirectTo: pageOf(r.contestId), toast: t("contests:toast.roundSaved"), result: { id: r.id } }) });
  }
  const form = parseInput(input, ConsoleForm);
  if (!form.ok) return invalid(args, form);
  const common = { values: form.values, refusals: CONTEST_REFUSALS };
  const f = form.data;
  switch (f.intent) {
    case "switch": {
      const allowed = await consoleContests(roles);
      const target = allowed.find((c) => c.id === f.contestId);
      if (!target) return respond(args, refused("unknown-contest"), { ...common, done: () => ({}) });
      const changed = await setCurrentContest(me, target.id);
      return respond(args, done(changed), { ...common, done: (v, t) => ({ redirectTo: pageOf(target.id), toast: v.changed ? t("contests:toast.switched", { name: target.name }) : undefined }) });
    }
    case "create-contest":
      return respond(args, await createContest(me, roles, { name: f.name, description: f.description, startsAt: f.startsAt, endsAt: f.endsAt, minJudges: f.minJudges }), {
        ...common,
        done: (c, t) => ({ redirectTo: pageOf(c.id), toast: t("contests:toast.contestCreated"), result: { id: c.id } }),
      });
    case "edit-contest":
      return respond(args, await updateContest(roles, f.contestId, { name: f.name, description: f.description, startsAt: f.startsAt, endsAt: f.endsAt, minJudges: f.minJudges }), {
        ...common,
        done: (c, t) => ({ redirectTo: pageOf(c.id), toast: t("contests:toast.contestSaved"), result: { id: c.id } }),
      });
    case "status":
      return respond(args, await changeContestStatus(me, roles, f.contestId, f.to), {
        ...common,
        done: (v, t) => ({ redirectTo: pageOf(f.contestId), toast: t("contests:toast.status", { status: t(`contests:status.${v.to}`) }) }),
      });
    case "advance":
      return respond(args, await advanceRound(me, roles, f.roundId, f.from, new Date(), { overrideReason: f.overrideReason }), {
        ...common,
        done: (v, t) => ({ redirectTo: pageOf(v.round.contestId), toast: t(`contests:toast.round.${v.to}`), result: { state: v.to } }),
      });
    case "freeze":
      return respond(args, await freezeBoard(me, roles, f.contestId), { ...common, done: (_, t) => ({ redirectTo: pageOf(f.contestId), toast: t("contests:toast.frozen") }) });
    case "invite":
      if (f.channel === "email" && !f.email) {
        return invalid(args, { ok: false, values: form.values, problems: { email: { key: "contests:errors.emailRequired", params: {} } } });
      }
      return respond(
        args,
        await inviteToContest(me, roles, f.contestId, { role: f.role, channel: f.channel, email: f.email || undefined, language: f.language }, publicOrigin(request)),
        {
          ...common,
          done: (v, t) =>
            f.channel === "email"
              ? { redirectTo: pageOf(f.contestId), toast: t("contests:toast.emailQueued", { email: f.email }), result: { email: v.email } }
              : { redirectTo: `${pageOf(f.contestId)}&invited=${new URL(v.link).searchParams.get("invite")}`, toast: t("contests:toast.linkMade"), result: v },
        },
      );
    case "answer":
      return respond(args, await answerRequest(me, roles, { requestId: f.requestId, decision: f.decision, text: f.text }), {
        ...common,
        done: (v, t) => ({ redirectTo: `${pageOf(v.contestId)}&modal=requests`, toast: t(`contests:toast.answered.${f.decision}`) }),
      });
    case "reopen-round":
      return respond(args, await applyOverride(me, roles, { kind: "reopen-round", roundId: f.roundId, reason: f.reason }), { ...common, done: (v, t) => ({ redirectTo: pageOf(v.contestId), toast: t("contests:toast.override") }) });
    case "remove-entry":
      return respond(args, await applyOverride(me, roles, { kind: "remove-entry", entryId: f.entryId, reason: f.reason }), { ...common, done: (v, t) => ({ redirectTo: pageOf(v.contestId), toast: t("contests:toast.override") }) });
    case "reassign-ringleader":
      return respond(args, await applyOverride(me, roles, { kind: "reassign-ringleader", ...f.choice, reason: f.reason }), { ...common, done: (v, t) => ({ redirectTo: pageOf(v.contestId), toast: t("contests:toast.override") }) });
    case "admit-late":
      return respond(args, await applyOverride(me, roles, { kind: "admit-late", roundId: f.roundId, partyId: f.partyId, text: f.text, reason: f.reason }), {
        ...common,
        done: (v, t) => ({ redirectTo: pageOf(v.contestId), toast: t("contests:toast.override") }),
      });
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [pageTitle(loaderData?.title, "GameMaster")];

type Loaded = Route.ComponentProps["loaderData"];
/** The explanation of one allowed change (STATUS_CHANGES lists only the pairs that have one). */
type View = NonNullable<Loaded["view"]>;


export default function GameMaster({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("contests");
  const answer = useFormAnswer();
  const page = useFocusFirstInvalid<HTMLDivElement>(answer);
  const { contests, chosenId, view } = loaderData;
  return (
    <div ref={page} className="space-y-6">
      <PageHeading>{t("console.heading")}</PageHeading>
      <FormError message={answer && !answer.values.intent ? answer.errors.form : undefined} />
      {contests.length > 0 ? <ContestSwitcher contests={contests} chosenId={chosenId} action={PAGE} /> : null}
      {view ? (
        <>
          <LiveContest contestId={view.contest.id} />
          {loaderData.modal === "requests" ? (
            <Suspense>
              <RequestModal view={view} answer={answer} />
            </Suspense>
          ) : null}
          <ContestCard view={view} answer={answer} />
          {view.shownInvite ? (
            <Notice tone="ok" title={t("invite.linkTitle", { role: t(`roles.${view.shownInvite.role}`) })}>
              <p className={mutedText}>{t("invite.linkOnce")}</p>
              <p className="break-all font-mono text-sm" data-testid="role-invite-link">
                {view.shownInvite.link}
              </p>
              <QrCode drawing={view.shownInvite.qr} label={t("invite.qrLabel")} />
            </Notice>
          ) : null}
          <Rounds view={view} answer={answer} publishing={loaderData.publish} />
          <Suspense>
            <NewRound contestId={view.contest.id} answer={answerFor(answer, "create-round")} />
            <Invites view={view} answer={answerFor(answer, "invite")} />
            <Overrides view={view} answer={answer} />
            <AuditTrail view={view} />
          </Suspense>
        </>
      ) : (
        <JudgeOnly roles={loaderData.judgeRoles} />
      )}
      {/* Keyed by the contest on screen: once a new contest exists, its form starts empty again. */}
      <Suspense>
        <NewContest key={chosenId ?? "none"} answer={answerFor(answer, "create-contest")} />
      </Suspense>
    </div>
  );
}

function JudgeOnly({ roles }: { roles: Loaded["judgeRoles"] }) {
  const { t } = useTranslation("contests");
  return (
    <Notice title={t("console.notGameMaster")}>
      {roles.length ? (
        <ul className="list-disc pl-5" data-testid="screen-roles">
          {roles.map((r, i) => (
            <li key={i}>
              {t(`roles.${r.role}`)}
              {r.name ? <> · <MemberText text={r.name} /></> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p>{t("console.noRoles")}</p>
      )}
      <p className="flex gap-4">
        {roles.some((r) => r.role === "judge") ? (
          <a href={href("/judging")} className="font-medium underline">
            {t("console.toJudging")}
          </a>
        ) : null}
        <a href={href("/compete")} className="font-medium underline">
          {t("console.toCompete")}
        </a>
      </p>
    </Notice>
  );
}



function ContestCard({ view, answer }: { view: View; answer?: FormAnswer }) {
  const { t } = useTranslation("contests");
  const self = useSelf();
  const { contest } = view;
  const editAnswer = answerFor(answer, "edit-contest");
  return (
    <section aria-labelledby="contest-heading" className={`${cardClass} space-y-3`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="contest-heading" className="text-2xl font-semibold">
          <MemberText text={contest.name} />
        </h2>
        <p>
          <span className="rounded-full bg-slate-200 px-3 py-1 text-sm font-semibold dark:bg-slate-700" data-testid="contest-status">
            {t(`status.${contest.status}`)}
          </span>
          {contest.frozen ? <span className="ml-2 text-sm font-semibold">{t("console.frozen")}</span> : null}
        </p>
      </div>
      {contest.description ? <p className="whitespace-pre-line">{contest.description}</p> : null}
      <p className={mutedText}>
        {contest.startsAtText ? t("console.starts", { when: contest.startsAtText }) : null} {contest.endsAtText ? t("console.ends", { when: contest.endsAtText }) : null}
      </p>
      <p>
        <a href={`${self}&modal=requests`} className={secondaryButton} data-testid="open-requests">
          {t("requests.open", { count: view.requests.length })}
        </a>
      </p>
      <Suspense>
        <StatusChange contest={contest} answer={answerFor(answer, "status")} />
      </Suspense>
      <details open={editAnswer ? true : undefined}>
        <summary className="cursor-pointer font-medium">{t("console.editContest")}</summary>
        <Form method="post" action={self} className="mt-3 space-y-3">
          <input type="hidden" name="intent" value="edit-contest" />
          <input type="hidden" name="contestId" value={contest.id} />
          <FormError message={editAnswer?.errors.form} />
          <Suspense>
            <ContestFields answer={editAnswer} contest={contest} />
          </Suspense>
          <button type="submit" className={primaryButton}>
            {t("console.saveContest")}
          </button>
        </Form>
      </details>
      <Suspense>
        <FreezeBoard contest={contest} answer={answerFor(answer, "freeze")} />
      </Suspense>
    </section>
  );
}




function Rounds({ view, answer, publishing }: { view: View; answer?: FormAnswer; publishing: string | null }) {
  const { t } = useTranslation("contests");
  const self = useSelf();
  return (
    <section aria-labelledby="rounds-heading" className="space-y-4">
      <h2 id="rounds-heading" className="text-2xl font-semibold">
        {t("rounds.heading")}
      </h2>
      {view.rounds.length === 0 ? <p>{t("rounds.none")}</p> : null}
      {view.rounds.map((round) => {
        const advance = answerFor(answer, "advance", ["roundId", round.id]);
        const edit = answerFor(answer, "edit-round", ["roundId", round.id]);
        return (
          <article key={round.id} className={`${cardClass} space-y-3`} aria-labelledby={`round-${round.id}`} data-testid={`round-${round.number}`}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 id={`round-${round.id}`} className="text-xl font-semibold">
                {t("rounds.title", { n: round.number })}
              </h3>
              <RoundStateBadge state={round.state} />
            </div>
            <p className="whitespace-pre-line">{round.challenge}</p>
            <p className={mutedText}>
              {round.criteria.map((c) => t("rounds.criterion", { name: c.name, weight: c.weight })).join(" · ")}
            </p>
            <p className={mutedText}>
              {round.opensAtText ? t("rounds.opens", { when: round.opensAtText }) : null} {round.closesAtText ? t("rounds.closes", { when: round.closesAtText }) : null}
            </p>
            {round.state === "judging" ? (
              // Publishing is a second step: the link opens its confirmation (decision 1221).
              <div className="space-y-1">
                <p className={mutedText}>{t("rounds.next.judging.explain")}</p>
                <Link to={`${self}&publish=${round.id}`} preventScrollReset className={`${primaryButton} inline-block`}>
                  {t("publish.link")}
                </Link>
                <FormError message={advance?.errors.form} />
                {publishing === String(round.id) ? (
                  <Suspense>
                    <PublishRound round={round} minJudges={view.contest.minJudges} answer={advance} />
                  </Suspense>
                ) : null}
              </div>
            ) : round.state !== "published" ? (
              <Form method="post" action={self} className="space-y-1">
                <input type="hidden" name="intent" value="advance" />
                <input type="hidden" name="roundId" value={round.id} />
                <input type="hidden" name="from" value={round.state} />
                <p className={mutedText}>{t(`rounds.next.${round.state}.explain`)}</p>
                <button type="submit" className={primaryButton}>
                  {t(`rounds.next.${round.state}.button`)}
                </button>
                <FormError message={advance?.errors.form} />
              </Form>
            ) : null}
            {round.state === "draft" ? (
              <details open={edit ? true : undefined}>
                <summary className="cursor-pointer font-medium">{t("rounds.edit")}</summary>
                <Form method="post" action={self} className="mt-3 space-y-3">
                  <input type="hidden" name="intent" value="edit-round" />
                  <input type="hidden" name="contestId" value={view.contest.id} />
                  <input type="hidden" name="roundId" value={round.id} />
                  <FormError message={edit?.errors.form} />
                  <Suspense>
                    <RoundFields answer={edit} round={round} idPrefix={`round-${round.id}`} />
                  </Suspense>
                  <button type="submit" className={primaryButton}>
                    {t("rounds.save")}
                  </button>
                </Form>
              </details>
            ) : (
              <>
                <p className="font-medium" data-testid={`entries-${round.number}`}>
                  {t("rounds.entries", { count: round.entries.length })}
                </p>
                {round.entries.length ? (
                  <details>
                    <summary className="cursor-pointer font-medium">{t("rounds.showEntries")}</summary>
                    <ul className="mt-2 space-y-3" data-testid={`entry-list-${round.number}`}>
                      {round.entries.map((e) => (
                        <li key={e.id} className="space-y-1">
                          <p className="font-medium">
                            <MemberText text={e.party} />
                            {e.late ? ` (${t("results.late")})` : ""}
                          </p>
                          <p className="whitespace-pre-line">{e.text}</p>
                          {e.link ? (
                            <p>
                              <a href={e.link} rel="noopener noreferrer nofollow" target="_blank" className="underline">
                                {e.link}
                              </a>
                            </p>
                          ) : null}
                          {e.hasPhoto ? <EntryPhoto entryId={e.id} party={e.party} small /> : null}
                        </li>
                      ))}
                    </ul>
                  </details>
                ) : null}
                {round.results ? (
                  <Suspense>
                    <Results results={round.results} round={round.number} />
                  </Suspense>
                ) : null}
              </>
            )}
          </article>
        );
      })}
    </section>
  );
}





