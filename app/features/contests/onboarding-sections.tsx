/**
 * The sections of /judge-onboarding: the contest and who invited, how judging works, the
 * calibration entry (scored and thrown away) and the invitation's answer. Both forms post to
 * the page itself, tagged with their intent (OnboardingForm, schemas.ts).
 */
import { useTranslation } from "~/platform/translations";
import { Form, href } from "react-router";
import { primaryButton } from "~/ui/buttons";
import { mutedText } from "~/ui/fields";
import { FormError } from "~/ui/form";
import type { FormAnswer } from "~/ui/form-answer";
import { Section } from "~/ui/section";
import type { Onboarding } from "./onboarding.server";
import { CALIBRATION_CRITERIA, CONTEST_RULES } from "./rules";
import { cardClass } from "~/ui/looks";
import { MemberText } from "~/ui/member-text";
import { Notice } from "~/ui/notice";

/** The calibration's answer: its total (null when a criterion was left out) and the scores given. */
export function calibrationOf(result: Record<string, unknown>): { calibration: string | null; scores: Record<string, string> } | null {
  const scores = result.scores;
  if (typeof scores !== "object" || scores === null) return null;
  const given = Object.fromEntries(Object.entries(scores).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  return { calibration: typeof result.calibration === "string" ? result.calibration : null, scores: given };
}

/** The contest the link names and who asks the member to judge (or lead a party) in it. */
export function WhatSection({ found }: { found: Onboarding }) {
  const { t } = useTranslation("contests");
  return (
    <Section id="what" heading={<MemberText text={found.contest.name} />} className={cardClass}>
      {found.contest.description ? <p className="whitespace-pre-line">{found.contest.description}</p> : null}
      {found.gameMaster ? <p>{t("onboarding.invitedBy", { name: found.gameMaster, role: t(`roles.${found.role}`) })}</p> : null}
    </Section>
  );
}

/** How judging works, in five rules. */
export function HowSection({ found }: { found: Onboarding }) {
  const { t } = useTranslation("contests");
  return (
    <Section id="how" heading={t("onboarding.howHeading")} className={cardClass}>
      <ul className="list-disc space-y-1 pl-5">
        <li>{t("onboarding.how.criteria", { min: CONTEST_RULES.scoreMin, max: CONTEST_RULES.scoreMax })}</li>
        <li>{t("onboarding.how.assigned", { count: found.contest.minJudges })}</li>
        <li>{t("onboarding.how.claim", { count: CONTEST_RULES.claimMinutes })}</li>
        <li>{t("onboarding.how.fair")}</li>
        <li>{t("onboarding.how.revise")}</li>
      </ul>
    </Section>
  );
}

/** A practice entry scored on the round's criteria; the total is shown, nothing is kept. */
export function CalibrationSection({ found, answer, calibrated }: { found: Onboarding; answer?: FormAnswer; calibrated: ReturnType<typeof calibrationOf> }) {
  const { t } = useTranslation("contests");
  const criteria = found.criteria ?? CALIBRATION_CRITERIA.map((c) => ({ ...c, name: t(c.name) }));
  return (
    <Section id="calibration" heading={t("onboarding.calibrationHeading")} className={cardClass}>
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
    </Section>
  );
}

/** The invitation's answer: accept it, or why it can no longer be accepted. */
export function AcceptSection({ found, answer }: { found: Onboarding; answer?: FormAnswer }) {
  const { t } = useTranslation("contests");
  return (
    <Section id="accept" heading={t("onboarding.acceptHeading")} className={cardClass}>
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
    </Section>
  );
}
