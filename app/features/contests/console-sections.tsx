/**
 * The game master's console (/gamemaster): the contest's card, its rounds, and what a
 * member who is no game master sees there instead.
 */
import { lazy, Suspense } from "react";
import { Form, href, Link } from "react-router";
import { useTranslation } from "~/platform/translations";
import type { FormAnswer } from "~/platform/form-answer";
import type { ContestRoleName } from "~/platform/db/schema/contests";
import { primaryButton, secondaryButton } from "~/ui/buttons";
import { mutedText } from "~/ui/fields";
import { FormError } from "~/ui/form";
import { answerFor, useSelf, type ConsoleView } from "./console-page";
import { EntryPhoto, RoundStateBadge } from "./ui";
import { cardClass } from "~/ui/looks";
import { MemberText } from "~/ui/member-text";
import { Notice } from "~/ui/notice";

/** One of a member's roles, as the console lists them for a member who is no game master. */
export interface JudgeRole {
  role: ContestRoleName;
  contestId: string | null;
  name: string | null;
}

/**
 * The console's parts a game master needs now and then (the requests dialog, the results
 * tables, the overrides, the audit trail, the invitations and the forms that create or edit
 * a contest or a round, folded away until opened) come in a chunk of their own: the page's first
 * scripts stay small. The server renders them whole (entry.server waits for every part);
 * the browser shows that HTML and hydrates the rest of the console while the chunk loads.
 */
const occasional = () => import("./console-occasional");
export const RequestModal = lazy(() => occasional().then((m) => ({ default: m.RequestModal })));
const Results = lazy(() => occasional().then((m) => ({ default: m.Results })));
export const Overrides = lazy(() => occasional().then((m) => ({ default: m.Overrides })));
export const AuditTrail = lazy(() => occasional().then((m) => ({ default: m.AuditTrail })));
const ContestFields = lazy(() => occasional().then((m) => ({ default: m.ContestFields })));
export const NewContest = lazy(() => occasional().then((m) => ({ default: m.NewContest })));
const RoundFields = lazy(() => occasional().then((m) => ({ default: m.RoundFields })));
export const NewRound = lazy(() => occasional().then((m) => ({ default: m.NewRound })));
const PublishRound = lazy(() => occasional().then((m) => ({ default: m.PublishRound })));
const StatusChange = lazy(() => occasional().then((m) => ({ default: m.StatusChange })));
const FreezeBoard = lazy(() => occasional().then((m) => ({ default: m.FreezeBoard })));
export const Invites = lazy(() => occasional().then((m) => ({ default: m.Invites })));

export function JudgeOnly({ roles }: { roles: readonly JudgeRole[] }) {
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

export function ContestCard({ view, answer }: { view: ConsoleView; answer?: FormAnswer }) {
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

export function Rounds({ view, answer, publishing }: { view: ConsoleView; answer?: FormAnswer; publishing: string | null }) {
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
