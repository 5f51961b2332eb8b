import { useTranslation } from "~/platform/translations";
import { PageHeading, pageTitle } from "~/ui/page";
import { data, href } from "react-router";
import type { Route } from "./+types/judge-onboarding";
import { requireMember } from "~/features/auth/principal.server";
import { acceptRoleInvite, setCurrentContest } from "~/features/contests/console.server";
import { ONBOARDING_STATUS, readOnboarding } from "~/features/contests/onboarding.server";
import { AcceptSection, CalibrationSection, calibrationOf, HowSection, WhatSection } from "~/features/contests/onboarding-sections";
import { CONTEST_REFUSALS } from "~/features/contests/refusals";
import { CALIBRATION_CRITERIA, weightedTotal } from "~/features/contests/rules";
import { OnboardingForm } from "~/features/contests/schemas";
import { fixed } from "~/features/contests/ui";
import { parseForm } from "~/platform/forms.server";
import { getInstance, getLocale } from "~/platform/i18n.server";
import { done } from "~/platform/outcome";
import { invalid, respond } from "~/platform/respond.server";
import { useDoneResult, useFormAnswer } from "~/ui/form-answer";
import { Notice } from "~/ui/notice";

export const handle = { i18n: ["contests", "parties"] };

function onboardingOf(request: Request, params: Route.LoaderArgs["params"], current: Awaited<ReturnType<typeof requireMember>>, context: Route.LoaderArgs["context"]) {
  const token = new URL(request.url).searchParams.get("invite");
  return readOnboarding(params.contestID, token, current.member.id, current.roles, getLocale(context));
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const current = await requireMember(context);
  const found = await onboardingOf(request, params, current, context);
  const title = getInstance(context).t("contests:onboarding.title");
  if (!found) return data({ title, found: null }, { status: 404 });
  return data({ title, found }, { status: ONBOARDING_STATUS[found.state] });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const current = await requireMember(context);
  const form = await parseForm(request, OnboardingForm);
  const args = { request, context };
  if (!form.ok) return invalid(args, form);
  const found = await onboardingOf(request, params, current, context);
  switch (form.data.intent) {
    case "calibrate": {
      // The calibration entry's score is shown and thrown away: it never counts.
      const criteria = found?.criteria ?? CALIBRATION_CRITERIA;
      const record = form.data as unknown as Record<string, number | undefined>;
      const total = weightedTotal(criteria.map((_, i) => record[`score${i}`] ?? null), criteria);
      // Nothing is stored: the page stays, with the total and the scores as they were given.
      return respond(args, done({ calibration: total === null ? null : fixed(total), scores: form.values }), {
        refusals: {},
        done: (result) => ({ stay: true, result }),
      });
    }
    case "accept": {
      const outcome = await acceptRoleInvite(current.member.id, found?.token ?? "", found?.contest.id ?? 0);
      // The contest they just joined is the one their judging screen opens on.
      if (outcome.ok) await setCurrentContest(current.member.id, outcome.value.contestId);
      return respond(args, outcome, {
        values: form.values,
        refusals: CONTEST_REFUSALS,
        done: (v, t) => ({ redirectTo: v.role === "judge" ? href("/judging") : href("/partybuilder"), toast: t(`contests:toast.accepted.${v.role}`) }),
      });
    }
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [pageTitle(loaderData?.title, "Judge Onboarding")];

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
  return (
    <div className="space-y-6">
      <PageHeading>{t("onboarding.heading")}</PageHeading>
      <WhatSection found={found} />
      <HowSection found={found} />
      <CalibrationSection found={found} answer={answer} calibrated={calibrated} />
      <AcceptSection found={found} answer={answer} />
    </div>
  );
}
