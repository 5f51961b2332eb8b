import { useTranslation } from "~/platform/translations";
import { PageHeading, pageTitle } from "~/ui/page";
import { Form, href } from "react-router";
import type { Route } from "./+types/judging";
import { requireMember } from "~/features/auth/principal.server";
import { currentContestAmong, setCurrentContest } from "~/features/contests/console.server";
import { claimNext, judgeDesk, scoreEntry, stepAside } from "~/features/contests/judging.server";
import { CONTEST_REFUSALS } from "~/features/contests/refusals";
import { CONTEST_RULES } from "~/features/contests/rules";
import { JudgingForm } from "~/features/contests/schemas";
import { LiveContest } from "~/features/contests/live";
import { ContestSwitcher, EntryPhoto, RoundStateBadge, ScoreGroup } from "~/features/contests/ui";
import { contestNames } from "~/features/parties/contests.server";
import { cardClass, FormError, MemberText, mutedText, Notice, primaryButton, secondaryButton } from "~/features/parties/ui";
import { parseForm } from "~/platform/forms.server";
import { getInstance, getLocale } from "~/platform/i18n.server";
import { done, refused } from "~/platform/outcome";
import { invalid, respond, type FormAnswer } from "~/platform/respond.server";
import { formatMoment } from "~/ui/dates";
import { TextField } from "~/ui/fields";
import { useFocusFirstInvalid } from "~/ui/focus-first-invalid";
import { useFormAnswer } from "~/ui/form-answer";

export const handle = { i18n: ["contests", "parties"] };

const PAGE = href("/judging");

/** The contests where the member judges, in id order. */
async function judgedContests(roles: { role: string; contestId: number | string | null }[]) {
  const ids = [...new Set(roles.filter((r) => r.role === "judge" && r.contestId !== null).map((r) => Number(r.contestId)))];
  const names = await contestNames(ids);
  return ids.filter((id) => names.has(id)).sort((a, b) => a - b).map((id) => ({ id, name: names.get(id)! }));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const current = await requireMember(context);
  const i18n = getInstance(context);
  const contests = await judgedContests(current.roles);
  const chosen = await currentContestAmong(current.member.id, contests);
  const asked = Number(new URL(request.url).searchParams.get("entry"));
  const desk = chosen ? await judgeDesk(current.member.id, current.roles, chosen.id, Number.isSafeInteger(asked) && asked > 0 ? asked : null) : null;
  const open = desk?.open;
  // The claim's end told here, on the server (ui/dates.ts).
  const claimedUntilText = open?.claimedUntil ? formatMoment(open.claimedUntil, getLocale(context)) : null;
  // The spec's route table names /judging's screen as /gamemaster's: "GameMaster".
  return { title: i18n.t("contests:console.title"), contests, chosenId: chosen?.id ?? null, desk, claimedUntilText };
}

export async function action({ request, context }: Route.ActionArgs) {
  const current = await requireMember(context);
  const form = await parseForm(request, JudgingForm);
  const args = { request, context };
  if (!form.ok) return invalid(args, form);
  const me = current.member.id;
  const roles = current.roles;
  const common = { values: form.values, refusals: CONTEST_REFUSALS };
  const f = form.data;
  switch (f.intent) {
    case "switch": {
      const allowed = await judgedContests(roles);
      if (!allowed.some((c) => c.id === f.contestId)) return respond(args, refused("unknown-contest"), { ...common, done: () => ({}) });
      return respond(args, done(await setCurrentContest(me, f.contestId)), { ...common, done: () => ({ redirectTo: PAGE }) });
    }
    case "claim":
      return respond(args, await claimNext(me, roles, f.contestId), { ...common, done: (v) => ({ redirectTo: `${PAGE}?entry=${v.entryId}`, result: v }) });
    case "recuse":
    case "skip":
      return respond(args, await stepAside(me, roles, f.entryId, f.intent === "recuse" ? "recused" : "skipped"), {
        ...common,
        done: (_, t) => ({ redirectTo: PAGE, toast: t(f.intent === "recuse" ? "contests:toast.recused" : "contests:toast.skipped") }),
      });
    case "score": {
      const record = f as unknown as Record<string, number | undefined>;
      const scores = Array.from({ length: f.criteria }, (_, i) => record[`score${i}`]);
      const missing = scores.findIndex((s) => typeof s !== "number");
      if (missing >= 0) {
        return invalid(args, { ok: false, values: form.values, problems: { [`score${missing}`]: { key: "contests:errors.score", params: {} } } });
      }
      return respond(args, await scoreEntry(me, roles, { entryId: f.entryId, scores: scores as number[], noteForParty: f.noteForParty, noteForGameMaster: f.noteForGameMaster }), {
        ...common,
        done: (v, t) => ({ redirectTo: PAGE, toast: t("contests:toast.scored"), result: v }),
      });
    }
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [pageTitle(loaderData?.title, "GameMaster")];

type Desk = NonNullable<Route.ComponentProps["loaderData"]["desk"]>;

export default function Judging({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("contests");
  const answer = useFormAnswer();
  const page = useFocusFirstInvalid<HTMLDivElement>(answer);
  const { contests, chosenId, desk } = loaderData;
  return (
    <div ref={page} className="space-y-6">
      <PageHeading>{t("judging.heading")}</PageHeading>
      <FormError message={answer && (answer.values.intent !== "score" || !desk?.open) ? answer.errors.form : undefined} />
      {contests.length === 0 || !desk || chosenId === null ? (
        <Notice title={t("judging.notJudge")}>
          <p>{t("judging.notJudgeExplain")}</p>
        </Notice>
      ) : (
        <>
          <LiveContest contestId={chosenId} />
          {contests.length > 1 ? <ContestSwitcher contests={contests} chosenId={chosenId} action={PAGE} /> : null}
          <Progress desk={desk} />
          {desk.open ? (
            <ScoreSheet open={desk.open} answer={answer?.values.intent === "score" ? answer : undefined} claimedUntil={loaderData.claimedUntilText} />
          ) : desk.available ? (
            <Form method="post" action={PAGE}>
              <input type="hidden" name="intent" value="claim" />
              <input type="hidden" name="contestId" value={chosenId} />
              <button type="submit" className={primaryButton}>
                {t("judging.next")}
              </button>
            </Form>
          ) : (
            <Notice tone="ok" title={t("judging.allDone")}>
              <p>{t("judging.allDoneExplain")}</p>
              {/* Only when there is something below to revise. */}
              {desk.scored.length ? <p>{t("judging.allDoneRevise")}</p> : null}
            </Notice>
          )}
          {desk.scored.length ? (
            <section aria-labelledby="scored-heading" className={cardClass}>
              <h2 id="scored-heading" className="text-xl font-semibold">
                {t("judging.scored")}
              </h2>
              <ul className="mt-2 space-y-1">
                {desk.scored.map((s) => (
                  <li key={s.entryId}>
                    <a href={`${PAGE}?entry=${s.entryId}`} className="font-medium underline">
                      {t("rounds.title", { n: s.round })} · <MemberText text={s.party} />
                    </a>{" "}
                    <span className={mutedText}>{t("judging.revise")}</span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      )}
      <p>
        <a href={href("/compete")} className="font-medium underline">
          {t("console.toCompete")}
        </a>
      </p>
    </div>
  );
}

function Progress({ desk }: { desk: Desk }) {
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

function ScoreSheet({ open, answer, claimedUntil }: { open: NonNullable<Desk["open"]>; answer?: FormAnswer; claimedUntil: string | null }) {
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
      <Form method="post" action={PAGE} className="space-y-4">
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
      <div className="flex flex-wrap gap-3">
        <Form method="post" action={PAGE}>
          <input type="hidden" name="intent" value="skip" />
          <input type="hidden" name="entryId" value={open.entryId} />
          <button type="submit" className={secondaryButton}>
            {t("judging.skip")}
          </button>
        </Form>
        <Form method="post" action={PAGE}>
          <input type="hidden" name="intent" value="recuse" />
          <input type="hidden" name="entryId" value={open.entryId} />
          <button type="submit" className={secondaryButton}>
            {t("judging.recuse")}
          </button>
        </Form>
      </div>
    </section>
  );
}
