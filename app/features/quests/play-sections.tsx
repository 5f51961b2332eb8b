/**
 * The sections of /playquest: the map's header, the box just opened, the boxes waiting, the
 * welcome and tutorial offers, the quests under way and finished, the badges, and the
 * forms for a step's code. Every form posts to the page itself, tagged with its intent
 * (PlayIntent, schemas.ts). The parts seen now and then (the box's odds, a prize revealed,
 * the star salute's picker) load in a chunk of their own: the route hands them in.
 */
import type { ReactNode } from "react";
import { useTranslation } from "~/platform/translations";
import { Form, Link, href } from "react-router";
import type { KeyIn } from "~/locales/types";
import { primaryButton } from "~/ui/buttons";
import { DataTable } from "~/ui/data-table";
import { TextField } from "~/ui/fields";
import { PostButton } from "~/ui/form";
import type { FormAnswer } from "~/ui/form-answer";
import { PageHeading } from "~/ui/page";
import { waitingButton } from "~/ui/pending";
import { Section } from "~/ui/section";
import type { PlayScreen } from "./play-page.server";
import type { MapRun } from "./runs.server";
import { CompanionSays, CosmeticBadge, Shown } from "./ui";

type Speaker = PlayScreen["speaker"];

export function PlayHeader() {
  const { t } = useTranslation("quests");
  return (
    <header className="space-y-2">
      <PageHeading>{t("play.heading")}</PageHeading>
      <p>{t("play.intro")}</p>
      <p className="flex flex-wrap gap-4">
        <Link to={href("/choose-quest")} className="font-semibold underline">
          {t("play.choose")}
        </Link>
        <Link to={href("/quest-tutorial")} className="underline">
          {t("play.howTo")}
        </Link>
        <Link to={href("/treasure")} className="underline">
          {t("play.treasures")}
        </Link>
      </p>
    </header>
  );
}

/** The box just opened, its prize revealed (`children`), with confetti the first time. */
export function OpenedPrize({ opened, confetti, children }: { opened: NonNullable<PlayScreen["opened"]>; confetti: ReactNode; children: ReactNode }) {
  const { t } = useTranslation("quests");
  return (
    <section id="prize" aria-labelledby="opened-heading" className="space-y-3 rounded-2xl border-2 border-glow-500 bg-glow-50 p-5 dark:bg-slate-900">
      {confetti}
      <h2 id="opened-heading" className="text-xl font-semibold">
        {opened.questTitle ? t("prize.openedFrom", { quest: opened.questTitle.text }) : t("prize.opened")}
      </h2>
      {children}
    </section>
  );
}

/** The prize boxes waiting to be opened, each with its button; the box's odds below (`odds`). */
export function WaitingBoxes({ boxes, opening, odds }: { boxes: PlayScreen["map"]["boxes"]; opening: boolean; odds: ReactNode }) {
  const { t } = useTranslation("quests");
  return (
    <Section id="boxes" heading={t("prize.waiting", { count: boxes.length })}>
      <ul className="space-y-3">
        {boxes.map((box) => (
          <li key={box.id} className="flex flex-wrap items-center gap-3 rounded-xl border border-glow-400 p-3">
            <PrizeBoxPicture />
            <p className="min-w-0 flex-1">{box.questTitle ? t("prize.fromQuest", { quest: box.questTitle.text }) : t("prize.box")}</p>
            <PostButton fields={{ intent: "open-box", boxId: box.id }} {...waitingButton(opening)} className={primaryButton}>
              {t("prize.open")}
            </PostButton>
          </li>
        ))}
      </ul>
      {odds}
    </Section>
  );
}

/** A member who has not signed up yet: the companion's welcome and the way to sign up. */
export function SignupCall({ speaker, lines }: { speaker: Speaker; lines: NonNullable<PlayScreen["signup"]>["lines"] }) {
  const { t } = useTranslation("quests");
  return (
    <>
      <CompanionSays speaker={speaker} lines={lines} headingId="signup-heading" heading={t("play.signupHeading")} />
      <p>
        <Link to={`${href("/signup")}?redirectTo=${encodeURIComponent("/playquest")}`} className={`inline-block ${primaryButton}`}>
          {t("play.signupGo")}
        </Link>
      </p>
    </>
  );
}

export function TutorialOffer({ questId, speaker }: { questId: number; speaker: Speaker }) {
  const { t } = useTranslation("quests");
  return (
    <Section id="tutorial" heading={t("play.tutorialHeading")} framed>
      <p>{t("play.tutorialOffer", { name: speaker.name })}</p>
      <PostButton fields={{ questId }} action={href("/choose-quest")} className={primaryButton}>
        {t("play.tutorialStart")}
      </PostButton>
    </Section>
  );
}

/** The quests under way, each with its steps; the star salute's picker (`starPicker`) where a step asks for one. */
export function QuestMap({ runs, speaker, starPicker }: { runs: MapRun[]; speaker: Speaker; starPicker: ReactNode }) {
  const { t } = useTranslation("quests");
  return (
    <Section id="map" heading={t("play.mapHeading")} className="space-y-4">
      {runs.length === 0 ? (
        <p>
          {t("play.none")}{" "}
          <Link to={href("/choose-quest")} className="underline">
            {t("play.choose")}
          </Link>
        </p>
      ) : null}
      {runs.map((run) => (
        <QuestOnMap key={run.runId} run={run} speaker={speaker} starPicker={starPicker} />
      ))}
    </Section>
  );
}

export function FinishedQuests({ finished }: { finished: PlayScreen["map"]["finished"] }) {
  const { t } = useTranslation("quests");
  return (
    <Section id="finished" heading={t("play.finishedHeading")}>
      <ul className="space-y-2">
        {finished.map((quest) => (
          <li key={quest.questId} className="flex flex-wrap items-center gap-3">
            <span aria-hidden="true">✔</span>
            <Shown text={quest.title} className="font-medium" />
            <span className="text-sm text-slate-600 dark:text-slate-300">{t("play.finishedOn", { day: quest.on })}</span>
            {quest.replayable ? (
              <PostButton fields={{ intent: "replay", questId: quest.questId }} className="text-sm underline">
                {t("play.replay", { quest: quest.title.text })}
              </PostButton>
            ) : null}
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function Badges({ cosmetics }: { cosmetics: PlayScreen["cosmetics"] }) {
  const { t } = useTranslation("quests");
  return (
    <Section id="badges" heading={t("play.badges")}>
      <ul className="flex flex-wrap gap-3">
        {cosmetics.map((slug) => (
          <li key={slug} className="flex flex-col items-center gap-1 text-sm">
            <CosmeticBadge slug={slug} />
            {t(`cosmetics.${slug}` as KeyIn<"quests">)}
          </li>
        ))}
      </ul>
    </Section>
  );
}

function PrizeBoxPicture() {
  return (
    <svg viewBox="0 0 48 48" width={48} height={48} aria-hidden="true">
      <rect x="6" y="20" width="36" height="22" rx="3" fill="#f59e0b" />
      <rect x="4" y="14" width="40" height="8" rx="2" fill="#fbbf24" />
      <rect x="21" y="14" width="6" height="28" fill="#ec4899" />
      <path d="M24 14c-6-10-14-6-10 0M24 14c6-10 14-6 10 0" stroke="#ec4899" strokeWidth="3" fill="none" />
    </svg>
  );
}

const stateMark = { done: "✔", open: "➜", locked: "•", scan: "⌁" } as const;

function QuestOnMap({ run, speaker, starPicker }: { run: MapRun; speaker: Speaker; starPicker: ReactNode }) {
  const { t } = useTranslation("quests");
  const headingId = `run-${run.runId}`;
  const done = run.steps.filter((s) => s.state === "done").length;
  const currentStep = run.steps.find((step) => step.id === run.current?.stepId);
  const asksStarSalute = currentStep?.state === "open" && currentStep.objective === "salute" && currentStep.target === "star";
  return (
    <article aria-labelledby={headingId} className="space-y-3 rounded-2xl border border-slate-300 p-4 dark:border-slate-700">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold">
          <Shown text={run.title} />
          {run.replay ? <span className="ms-2 text-sm font-normal">{t("play.replayMark")}</span> : null}
        </h3>
        <p className="text-sm">
          {run.party ? t("play.partyQuest", { party: run.party.name }) : null} {t("play.progress", { done, count: run.steps.length })}
        </p>
      </header>
      {run.current ? <CompanionSays speaker={speaker} lines={run.current.lines} headingId={`${headingId}-says`} heading={t("play.says", { name: speaker.name })} level={4} /> : null}
      {asksStarSalute ? (
        // The star salute the step asks for, one search away: the picker leads to the Star
        // Salutes screen with the recipient chosen, where the salute is given (and counted).
        <section aria-labelledby={`${headingId}-star`} className="space-y-2 rounded-xl border border-glow-300 p-3 dark:border-glow-700">
          <h4 id={`${headingId}-star`} className="font-semibold">
            {t("play.starSalute.heading")}
          </h4>
          <p className="text-sm">{t("play.starSalute.intro")}</p>
          {starPicker}
        </section>
      ) : null}
      <ol className="space-y-2" aria-label={t("play.stepsOf", { quest: run.title.text })}>
        {run.steps.map((step) => (
          <li key={step.id} aria-current={step.state === "open" && step.id === run.current?.stepId ? "step" : undefined} className="flex flex-wrap items-center gap-2">
            <span aria-hidden="true" className="w-5 text-center">
              {stateMark[step.state]}
            </span>
            <span className={step.state === "done" ? "line-through decoration-glow-500" : step.state === "open" ? "font-semibold" : "text-slate-600 dark:text-slate-400"}>
              {t(step.taskKey as KeyIn<"quests">, { page: step.target ?? "" })}
            </span>
            <span className="sr-only">{t(`play.state.${step.state}`)}</span>
            {step.state === "done" && step.doneBy && run.party ? (
              <span className="text-sm">{step.mine ? t("play.doneByYou") : t("play.doneBy", { name: step.doneBy })}</span>
            ) : null}
            {step.beforeJoin ? <span className="text-sm">{t("play.beforeJoin")}</span> : null}
            {step.state === "open" && step.place ? (
              <Link to={step.place} className="text-sm font-semibold underline">
                {t("play.go")}
              </Link>
            ) : null}
            {step.state === "scan" ? <span className="text-sm">{t("play.scanToStart")}</span> : null}
          </li>
        ))}
      </ol>
      <p className="text-sm">
        {t("play.reward")} <Shown text={run.reward} />
      </p>
      {run.shares.length > 0 ? (
        <DataTable
          label={t("play.shares")}
          caption={t("play.shares")}
          rows={run.shares}
          rowKey={(share) => share.name}
          columns={[
            { header: t("play.member"), cell: (share) => (share.me ? t("play.you", { name: share.name }) : share.name), rowHeader: true },
            { header: <span className="block text-end">{t("play.stepsDone")}</span>, cell: (share) => share.steps, className: "text-end tabular-nums" },
            { header: <span className="block text-end">{t("play.points")}</span>, cell: (share) => share.points, className: "text-end tabular-nums" },
          ]}
        />
      ) : null}
      {run.kind === "solo" ? (
        <PostButton fields={{ intent: "skip", runId: run.runId }} className="text-sm underline">
          {t("play.skip", { quest: run.title.text })}
        </PostButton>
      ) : null}
    </article>
  );
}

export function ScanForm({ answer }: { answer: FormAnswer | undefined }) {
  const { t } = useTranslation("quests");
  return (
    <Form method="post" className="space-y-2 rounded-xl border border-slate-300 p-4 dark:border-slate-700">
      <input type="hidden" name="intent" value="scan" />
      <TextField
        id="scan-code"
        name="code"
        label={t("play.scanLabel")}
        hint={t("play.scanHelp")}
        value={answer?.values.code ?? ""}
        error={answer?.errors.code}
        announceError
        action={
          <button type="submit" className={primaryButton}>
            {t("play.scanSubmit")}
          </button>
        }
      />
    </Form>
  );
}

/** A step's code opened from its printed QR: GET never spends, the member's press does. */
export function ScanConfirm({ code }: { code: string }) {
  const { t } = useTranslation("quests");
  return (
    <Form method="post" className="space-y-2 rounded-xl border-2 border-glow-500 p-4">
      <input type="hidden" name="intent" value="scan" />
      <input type="hidden" name="code" value={code} />
      <p className="font-semibold">{t("play.scanFound")}</p>
      <button type="submit" className={primaryButton}>
        {t("play.scanStart")}
      </button>
    </Form>
  );
}
