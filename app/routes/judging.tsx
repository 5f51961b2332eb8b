import { useTranslation } from "~/platform/translations";
import { PageHeading, pageTitle } from "~/ui/page";
import { href } from "react-router";
import type { Route } from "./+types/judging";
import { requireMember } from "~/features/auth/principal.server";
import { setCurrentContest } from "~/features/contests/console.server";
import { claimNext, scoreEntry, stepAside } from "~/features/contests/judging.server";
import { judgedContests, judgingScreen } from "~/features/contests/judging-page.server";
import { ClaimNext, JudgingProgress, JUDGING_PAGE as PAGE, ScoredEntries, ScoreSheet } from "~/features/contests/judging-sections";
import { CONTEST_REFUSALS } from "~/features/contests/refusals";
import { JudgingForm } from "~/features/contests/schemas";
import { LiveContest } from "~/features/contests/live";
import { ContestSwitcher } from "~/features/contests/ui";
import { parseForm } from "~/platform/forms.server";
import { getInstance, getLocale } from "~/platform/i18n.server";
import { done, refused } from "~/platform/outcome";
import { invalid, respond } from "~/platform/respond.server";
import { FormError } from "~/ui/form";
import { useFocusFirstInvalid } from "~/ui/focus-first-invalid";
import { useFormAnswer } from "~/ui/form-answer";
import { Notice } from "~/ui/notice";

export const handle = { i18n: ["contests", "parties"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const current = await requireMember(context);
  return { title: getInstance(context).t("contests:console.title"), ...(await judgingScreen(request, current, getLocale(context))) };
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
          <JudgingProgress desk={desk} />
          {desk.open ? (
            <ScoreSheet open={desk.open} answer={answer?.values.intent === "score" ? answer : undefined} claimedUntil={loaderData.claimedUntilText} />
          ) : desk.available ? (
            <ClaimNext contestId={chosenId} />
          ) : (
            <Notice tone="ok" title={t("judging.allDone")}>
              <p>{t("judging.allDoneExplain")}</p>
              {/* Only when there is something below to revise. */}
              {desk.scored.length ? <p>{t("judging.allDoneRevise")}</p> : null}
            </Notice>
          )}
          {desk.scored.length ? (
            <ScoredEntries scored={desk.scored} />
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

