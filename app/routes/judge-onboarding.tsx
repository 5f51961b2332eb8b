import { useTranslation } from "~/platform/translations";
import { PageHeading, pageTitle } from "~/ui/page";
import { data, Form, href } from "react-router";
import type { Route } from "./+types/judge-onboarding";
import { hasRole, requireMember } from "~/features/auth/principal.server";
import { acceptRoleInvite, findRoleInvite, roundsOf, setCurrentContest, type RoleInviteProblem } from "~/features/contests/console.server";
import { CONTEST_REFUSALS } from "~/features/contests/refusals";
import { CONTEST_RULES, weightedTotal } from "~/features/contests/rules";
import { fixed } from "~/features/contests/ui";
import { inviteProblem } from "~/features/parties/invites.server";
import { peopleByIds } from "~/features/parties/people.server";
import { cardClass, FormError, MemberText, mutedText, Notice, primaryButton } from "~/features/parties/ui";
import { db } from "~/platform/db/db.server";
import { contests } from "~/platform/db/schema";
import { parseForm } from "~/platform/forms.server";
import { getInstance, getLocale } from "~/platform/i18n.server";
import type { Language } from "~/platform/i18n";
import { done } from "~/platform/outcome";
import { invalid, respond } from "~/platform/respond.server";
import { useDoneResult, useFormAnswer } from "~/ui/form-answer";
import { eq } from "drizzle-orm";
import { z } from "zod";

export const handle = { i18n: ["contests", "parties"] };

const STATUS: Record<RoleInviteProblem | "ready" | "already" | "none", 200 | 404 | 409 | 410> = {
  ready: 200,
  already: 200,
  none: 404,
  "unknown-invite": 404,
  expired: 410,
  revoked: 410,
  replaced: 410,
  declined: 410,
  used: 409,
};

const DEFAULT_CRITERIA = [
  { name: "calibration.criteria.idea", weight: 2 },
  { name: "calibration.criteria.craft", weight: 1 },
] as const;

/** Contest and round what the link names; the invitation read, never spent. */
async function readOnboarding(params: Route.LoaderArgs["params"], request: Request, memberId: number, roles: Parameters<typeof hasRole>[0], lang: Language) {
  const contestId = /^\d{1,10}$/.test(params.contestID) ? Number(params.contestID) : 0;
  const [contest] = contestId ? await db().select().from(contests).where(eq(contests.id, contestId)) : [];
  if (!contest) return null;
  const token = new URL(request.url).searchParams.get("invite");
  const invite = await findRoleInvite(token, contest.id);
  const problem = invite ? inviteProblem(invite, new Date(), memberId) : null;
  const isJudge = hasRole(roles, "judge", contest.id);
  const state: keyof typeof STATUS = problem === "mine" || (isJudge && !invite) ? "already" : invite ? (problem ?? "ready") : "none";
  const rounds = await roundsOf(contest.id);
  const round = rounds.find((r) => r.state === "open" || r.state === "judging") ?? rounds.find((r) => r.state === "draft") ?? null;
  const people = await peopleByIds([contest.gameMasterId, invite?.inviterId], db(), lang);
  return {
    contest: { id: contest.id, name: contest.name, description: contest.description, minJudges: contest.minJudges },
    gameMaster: people.get(invite?.inviterId ?? contest.gameMasterId ?? 0)?.name ?? null,
    role: invite?.role ?? "judge",
    state,
    token: invite && token ? token : null,
    criteria: round && round.criteria.length ? round.criteria : null,
  };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const current = await requireMember(context);
  const found = await readOnboarding(params, request, current.member.id, current.roles, getLocale(context));
  const title = getInstance(context).t("contests:onboarding.title");
  if (!found) return data({ title, found: null }, { status: 404 });
  return data({ title, found }, { status: STATUS[found.state] });
}

const Form_ = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("accept") }),
  z.object({
    intent: z.literal("calibrate"),
    ...Object.fromEntries(Array.from({ length: CONTEST_RULES.criteriaMax }, (_, i) => [`score${i}`, z.coerce.number().int().min(1).max(5).optional()])),
  }),
]);

export async function action({ request, params, context }: Route.ActionArgs) {
  const current = await requireMember(context);
  const form = await parseForm(request, Form_);
  const args = { request, context };
  if (!form.ok) return invalid(args, form);
  const found = await readOnboarding(params, request, current.member.id, current.roles, getLocale(context));
  if (form.data.intent === "calibrate") {
    // The calibration entry's score is shown and thrown away: it never counts.
    const criteria = found?.criteria ?? DEFAULT_CRITERIA;
    const record = form.data as unknown as Record<string, number | undefined>;
    const total = weightedTotal(criteria.map((_, i) => record[`score${i}`] ?? null), criteria);
    // Nothing is stored: the page stays, with the total and the scores as they were given.
    return respond(args, done({ calibration: total === null ? null : fixed(total), scores: form.values }), {
      refusals: {},
      done: (result) => ({ stay: true, result }),
    });
  }
  const contestId = found?.contest.id ?? 0;
  const outcome = await acceptRoleInvite(current.member.id, found?.token ?? "", contestId);
  // The contest they just joined is the one their judging screen opens on.
  if (outcome.ok) await setCurrentContest(current.member.id, outcome.value.contestId);
  return respond(args, outcome, {
    values: form.values,
    refusals: CONTEST_REFUSALS,
    done: (v, t) => ({ redirectTo: v.role === "judge" ? href("/judging") : href("/partybuilder"), toast: t(`contests:toast.accepted.${v.role}`) }),
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [pageTitle(loaderData?.title, "Judge Onboarding")];

/** The calibration's answer: its total (null when a criterion was left out) and the scores given. */
function calibrationOf(result: Record<string, unknown>): { calibration: string | null; scores: Record<string, string> } | null {
  const scores = result.scores;
  if (typeof scores !== "object" || scores === null) return null;
  const given = Object.fromEntries(Object.entries(scores).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  return { calibration: typeof result.calibration === "string" ? result.calibration : null, scores: given };
}

export default function JudgeOnboarding({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("contests");
  const answer = useFormAnswer();
  const calibrated = useDoneResult(calibrationOf);
  const found = loaderData.found;
  if (!found) {
    return (
      <div className="space-y-4">
        <PageHeading>{t("onboarding.heading")}</PageHeading>
        <Notice tone="warn" title={t("onboarding.unknownContest")}>
          <p>{t("onboarding.unknownContestExplain")}</p>
        </Notice>
      </div>
    );
  }
  const criteria = found.criteria ?? DEFAULT_CRITERIA.map((c) => ({ ...c, name: t(c.name) }));
  return (
    <div className="space-y-6">
      <PageHeading>{t("onboarding.heading")}</PageHeading>
      <section aria-labelledby="what-heading" className={`${cardClass} space-y-2`}>
        <h2 id="what-heading" className="text-2xl font-semibold">
          <MemberText text={found.contest.name} />
        </h2>
        {found.contest.description ? <p className="whitespace-pre-line">{found.contest.description}</p> : null}
        {found.gameMaster ? <p>{t("onboarding.invitedBy", { name: found.gameMaster, role: t(`roles.${found.role}`) })}</p> : null}
      </section>
      <section aria-labelledby="how-heading" className={`${cardClass} space-y-2`}>
        <h2 id="how-heading" className="text-xl font-semibold">
          {t("onboarding.howHeading")}
        </h2>
        <ul className="list-disc space-y-1 pl-5">
          <li>{t("onboarding.how.criteria", { min: CONTEST_RULES.scoreMin, max: CONTEST_RULES.scoreMax })}</li>
          <li>{t("onboarding.how.assigned", { count: found.contest.minJudges })}</li>
          <li>{t("onboarding.how.claim", { count: CONTEST_RULES.claimMinutes })}</li>
          <li>{t("onboarding.how.fair")}</li>
          <li>{t("onboarding.how.revise")}</li>
        </ul>
      </section>
      <section aria-labelledby="calibration-heading" className={`${cardClass} space-y-3`}>
        <h2 id="calibration-heading" className="text-xl font-semibold">
          {t("onboarding.calibrationHeading")}
        </h2>
        <p className={mutedText}>{t("onboarding.calibrationExplain")}</p>
        <blockquote className="border-l-4 border-glow-700 pl-3">{t("calibration.entry")}</blockquote>
        <Form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="calibrate" />
          {criteria.map((c, i) => (
            <fieldset key={i}>
              <legend className="font-medium">{t("judging.criterion", { name: c.name, weight: c.weight })}</legend>
              <div className="mt-1 flex gap-3">
                {[1, 2, 3, 4, 5].map((n) => (
                  <label key={n} className="flex items-center gap-1">
                    <input type="radio" name={`score${i}`} value={n} required defaultChecked={(calibrated?.scores ?? answer?.values)?.[`score${i}`] === String(n)} />
                    {n}
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
          <button type="submit" className={primaryButton}>
            {t("onboarding.calibrate")}
          </button>
          {calibrated?.calibration ? (
            <p role="status" className="font-medium" data-testid="calibration-result">
              {t("onboarding.calibrated", { total: calibrated.calibration })}
            </p>
          ) : null}
        </Form>
      </section>
      <section aria-labelledby="accept-heading" className={`${cardClass} space-y-3`}>
        <h2 id="accept-heading" className="text-xl font-semibold">
          {t("onboarding.acceptHeading")}
        </h2>
        {found.state === "ready" ? (
          <Form method="post" className="space-y-2">
            <input type="hidden" name="intent" value="accept" />
            <FormError message={answer?.values.intent === "accept" ? answer.errors.form : undefined} />
            <p>{t(`onboarding.acceptExplain.${found.role}`)}</p>
            <button type="submit" className={primaryButton}>
              {t("onboarding.accept")}
            </button>
          </Form>
        ) : found.state === "already" ? (
          <Notice tone="ok" title={t("onboarding.already")}>
            <p>
              <a href={href("/judging")} className="font-medium underline">
                {t("onboarding.toJudging")}
              </a>
            </p>
          </Notice>
        ) : (
          <Notice tone="warn" title={t(`onboarding.problem.${found.state}`)}>
            <p>{t("onboarding.problemExplain")}</p>
          </Notice>
        )}
      </section>
    </div>
  );
}
