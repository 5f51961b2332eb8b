import { lazy, Suspense, useCallback } from "react";
import { useTranslation } from "~/platform/translations";
import { Form, Link, href, useSearchParams } from "react-router";
import type { Route } from "./+types/playquest";
import { requireMember } from "~/features/auth/principal.server";
import { hasSignedUp } from "~/features/members/profile.server";
import { openedBox, memberCosmeticList, openPrizeBox } from "~/features/quests/prize-box.server";
import { PlayIntent, speakerOf } from "~/features/quests/play.server";
import { questMap, replayQuest, scanStepCode, skipQuest, type MapRun } from "~/features/quests/runs.server";
import { builtInQuests, SIGNUP_QUEST } from "~/features/quests/built-in.server";
import { spoken } from "~/features/quests/text";
import { CompanionSays, CosmeticBadge, Shown } from "~/features/quests/ui";
import { lazyIsland } from "~/ui/client-only";
import { parseForm } from "~/platform/forms.server";
import { getInstance, getLocale } from "~/platform/i18n.server";
import { invalid, respond, type FormAnswer } from "~/platform/respond.server";
import { formatDay } from "~/ui/dates";
import { usePosting, waitingButton } from "~/ui/pending";
import type { KeyIn } from "~/locales/types";
import { PageHeading, pageTitle } from "~/ui/page";
import { useFormAnswer } from "~/ui/form-answer";

// offlineCopy: the service worker keeps the member's last-seen map to read offline (1181).
export const handle = { i18n: ["quests", "beamkins", "salutes"], offlineCopy: true };

const Confetti = lazyIsland(() => import("~/ui/confetti"));
// Renders nothing on the server (the kept posts are in this browser's storage): an island.
const OfflineOutbox = lazyIsland<Record<string, never>>(() => import("~/ui/offline-outbox").then((m) => ({ default: m.OfflineOutbox })));
// Seen now and then (decision 1025): their code loads after the page's first scripts.
const occasional = () => import("./playquest/occasional");
const BoxOdds = lazy(() => occasional().then((m) => ({ default: m.BoxOdds })));
const PrizeReveal = lazy(() => occasional().then((m) => ({ default: m.PrizeReveal })));
const RecipientPicker = lazy(() => occasional().then((m) => ({ default: m.RecipientPicker })));

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireMember(context);
  const t = getInstance(context).t;
  const lang = getLocale(context);
  const speaker = speakerOf(me, t);
  const url = new URL(request.url);
  const openedId = Number(url.searchParams.get("opened"));
  const [map, opened, cosmetics] = await Promise.all([
    questMap(me.member.id, lang, speaker.name),
    Number.isSafeInteger(openedId) && openedId > 0 ? openedBox(me.member.id, openedId, lang) : null,
    memberCosmeticList(me.member.id),
  ]);
  const signedUp = hasSignedUp(me.member, me.accessLevel);
  const welcome = builtInQuests.find((q) => q.slug === SIGNUP_QUEST)!.steps[0]!.dialogue.map((line) => spoken(line, lang, speaker.name));
  const scan = url.searchParams.get("scan");
  return {
    title: t("quests:play.title"),
    speaker,
    map: { ...map, finished: map.finished.map((f) => ({ ...f, on: formatDay(f.completedAt, lang) })) },
    opened,
    celebrate: url.searchParams.has("celebrate"),
    cosmetics,
    signup: signedUp ? null : { lines: welcome },
    scan: scan && scan.length <= 64 ? scan : null,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [pageTitle(loaderData?.title, "Quests")];

const refusals = {
  "no-box": { status: 404, message: "quests:errors.noBox" },
  "no-run": { status: 409, message: "quests:errors.noRun" },
  "no-quest": { status: 404, message: "quests:errors.noQuest" },
  "not-finished": { status: 409, message: "quests:errors.notFinished" },
  "unknown-code": { status: 404, message: "quests:errors.codeUnknown", field: "code" },
  "needs-party": { status: 409, message: "quests:errors.needsParty", field: "code" },
  finished: { status: 409, message: "quests:errors.finished", field: "code" },
} as const;

/** Opening a box, skipping, replaying, scanning a step's code. Nothing here marks a step done. */
export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireMember(context);
  const form = await parseForm(request, PlayIntent);
  if (!form.ok) return invalid({ request, context }, form);
  const args = { request, context };
  const input = form.data;
  switch (input.intent) {
    case "open-box":
      return respond(args, await openPrizeBox(me.member.id, input.boxId), {
        values: form.values,
        done: (box) => ({ redirectTo: `/playquest?opened=${box.id}${box.already ? "" : "&celebrate=1"}#prize`, result: box }),
        refusals,
      });
    case "skip":
      return respond(args, await skipQuest(me.member.id, input.runId), { values: form.values, done: (_, t) => ({ redirectTo: href("/playquest"), toast: t("quests:toast.skipped") }), refusals });
    case "replay":
      return respond(args, await replayQuest(me.member.id, input.questId), { values: form.values, done: (_, t) => ({ redirectTo: href("/playquest"), toast: t("quests:toast.replaying") }), refusals });
    case "scan":
      return respond(args, await scanStepCode(me.member.id, input.code), { values: form.values, done: (_, t) => ({ redirectTo: href("/playquest"), toast: t("quests:toast.scanned") }), refusals });
  }
}

export default function PlayQuest({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("quests");
  const { map, speaker, opened, celebrate, cosmetics, signup, scan } = loaderData;
  const answer = useFormAnswer();
  const [, setParams] = useSearchParams();
  const opening = usePosting("/playquest", { intent: "open-box" });
  const calm = useCallback(() => {
    // The celebration is over: reloading the page must not start it again.
    setParams((params) => {
      params.delete("celebrate");
      return params;
    }, { replace: true, preventScrollReset: true });
  }, [setParams]);
  const hasScanSteps = map.runs.some((run) => run.steps.some((step) => step.state === "scan"));
  return (
    <div className="space-y-8">
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

      <OfflineOutbox />

      {answer?.errors.form ? (
        <p role="alert" className="font-semibold text-red-700 dark:text-red-300">
          {answer.errors.form}
        </p>
      ) : null}

      {opened ? (
        <section id="prize" aria-labelledby="opened-heading" className="space-y-3 rounded-2xl border-2 border-glow-500 bg-glow-50 p-5 dark:bg-slate-900">
          {celebrate ? <Confetti onDone={calm} /> : null}
          <h2 id="opened-heading" className="text-xl font-semibold">
            {opened.questTitle ? t("prize.openedFrom", { quest: opened.questTitle.text }) : t("prize.opened")}
          </h2>
          <Suspense>
            <PrizeReveal prize={opened} />
          </Suspense>
        </section>
      ) : null}

      {map.boxes.length > 0 ? (
        <section aria-labelledby="boxes-heading" className="space-y-3">
          <h2 id="boxes-heading" className="text-xl font-semibold">
            {t("prize.waiting", { count: map.boxes.length })}
          </h2>
          <ul className="space-y-3">
            {map.boxes.map((box) => (
              <li key={box.id} className="flex flex-wrap items-center gap-3 rounded-xl border border-glow-400 p-3">
                <PrizeBoxPicture />
                <p className="min-w-0 flex-1">{box.questTitle ? t("prize.fromQuest", { quest: box.questTitle.text }) : t("prize.box")}</p>
                <Form method="post">
                  <input type="hidden" name="intent" value="open-box" />
                  <input type="hidden" name="boxId" value={box.id} />
                  <button type="submit" {...waitingButton(opening)} className="rounded-md bg-glow-700 px-4 py-2 font-semibold text-white hover:bg-glow-900 aria-disabled:opacity-60">
                    {t("prize.open")}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
          <Suspense>
            <BoxOdds />
          </Suspense>
        </section>
      ) : null}

      {signup ? (
        <CompanionSays speaker={speaker} lines={signup.lines} headingId="signup-heading" heading={t("play.signupHeading")} />
      ) : null}
      {signup ? (
        <p>
          <Link to={`${href("/signup")}?redirectTo=${encodeURIComponent("/playquest")}`} className="inline-block rounded-md bg-glow-700 px-4 py-2 font-semibold text-white hover:bg-glow-900">
            {t("play.signupGo")}
          </Link>
        </p>
      ) : null}

      {scan ? <ScanConfirm code={scan} /> : null}

      {map.offerTutorial && !signup ? (
        <section aria-labelledby="tutorial-heading" className="space-y-2 rounded-xl border border-slate-300 p-4 dark:border-slate-700">
          <h2 id="tutorial-heading" className="text-xl font-semibold">
            {t("play.tutorialHeading")}
          </h2>
          <p>{t("play.tutorialOffer", { name: speaker.name })}</p>
          <Form method="post" action={href("/choose-quest")}>
            <input type="hidden" name="questId" value={map.offerTutorial.questId} />
            <button type="submit" className="rounded-md bg-glow-700 px-4 py-2 font-semibold text-white hover:bg-glow-900">
              {t("play.tutorialStart")}
            </button>
          </Form>
        </section>
      ) : null}

      <section aria-labelledby="map-heading" className="space-y-4">
        <h2 id="map-heading" className="text-xl font-semibold">
          {t("play.mapHeading")}
        </h2>
        {map.runs.length === 0 ? (
          <p>
            {t("play.none")}{" "}
            <Link to={href("/choose-quest")} className="underline">
              {t("play.choose")}
            </Link>
          </p>
        ) : null}
        {map.runs.map((run) => (
          <QuestOnMap key={run.runId} run={run} speaker={speaker} />
        ))}
      </section>

      {hasScanSteps ? <ScanForm answer={answer} /> : null}

      {map.finished.length > 0 ? (
        <section aria-labelledby="finished-heading" className="space-y-2">
          <h2 id="finished-heading" className="text-xl font-semibold">
            {t("play.finishedHeading")}
          </h2>
          <ul className="space-y-2">
            {map.finished.map((quest) => (
              <li key={quest.questId} className="flex flex-wrap items-center gap-3">
                <span aria-hidden="true">✔</span>
                <Shown text={quest.title} className="font-medium" />
                <span className="text-sm text-slate-600 dark:text-slate-300">{t("play.finishedOn", { day: quest.on })}</span>
                {quest.replayable ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="replay" />
                    <input type="hidden" name="questId" value={quest.questId} />
                    <button type="submit" className="text-sm underline">
                      {t("play.replay", { quest: quest.title.text })}
                    </button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {cosmetics.length > 0 ? (
        <section aria-labelledby="badges-heading" className="space-y-2">
          <h2 id="badges-heading" className="text-xl font-semibold">
            {t("play.badges")}
          </h2>
          <ul className="flex flex-wrap gap-3">
            {cosmetics.map((slug) => (
              <li key={slug} className="flex flex-col items-center gap-1 text-sm">
                <CosmeticBadge slug={slug} />
                {t(`cosmetics.${slug}` as KeyIn<"quests">)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
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

function QuestOnMap({ run, speaker }: { run: MapRun; speaker: { slug: string; name: string; light: number } }) {
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
          <Suspense>
            <RecipientPicker basePath={href("/starsalute")} q="" results={null} recipient={null} />
          </Suspense>
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
        <table className="w-full text-left text-sm">
          <caption className="text-start font-semibold">{t("play.shares")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("play.member")}</th>
              <th scope="col" className="text-end">
                {t("play.stepsDone")}
              </th>
              <th scope="col" className="text-end">
                {t("play.points")}
              </th>
            </tr>
          </thead>
          <tbody>
            {run.shares.map((share) => (
              <tr key={share.name} className="border-t border-slate-200 dark:border-slate-800">
                <td>{share.me ? t("play.you", { name: share.name }) : share.name}</td>
                <td className="text-end tabular-nums">{share.steps}</td>
                <td className="text-end tabular-nums">{share.points}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {run.kind === "solo" ? (
        <Form method="post">
          <input type="hidden" name="intent" value="skip" />
          <input type="hidden" name="runId" value={run.runId} />
          <button type="submit" className="text-sm underline">
            {t("play.skip", { quest: run.title.text })}
          </button>
        </Form>
      ) : null}
    </article>
  );
}

function ScanForm({ answer }: { answer: FormAnswer | undefined }) {
  const { t } = useTranslation("quests");
  const error = answer?.errors.code;
  return (
    <Form method="post" className="space-y-2 rounded-xl border border-slate-300 p-4 dark:border-slate-700">
      <input type="hidden" name="intent" value="scan" />
      <label htmlFor="scan-code" className="block font-semibold">
        {t("play.scanLabel")}
      </label>
      <p id="scan-code-help" className="text-sm">
        {t("play.scanHelp")}
      </p>
      <div className="flex flex-wrap gap-2">
        <input
          id="scan-code"
          name="code"
          defaultValue={answer?.values.code ?? ""}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "scan-code-help scan-code-error" : "scan-code-help"}
          className="rounded-md border border-slate-400 px-3 py-2 dark:bg-slate-900"
        />
        <button type="submit" className="rounded-md bg-glow-700 px-4 py-2 font-semibold text-white hover:bg-glow-900">
          {t("play.scanSubmit")}
        </button>
      </div>
      {error ? (
        <p id="scan-code-error" className="text-sm font-semibold text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </Form>
  );
}

/** A step's code opened from its printed QR: GET never spends, the member's press does. */
function ScanConfirm({ code }: { code: string }) {
  const { t } = useTranslation("quests");
  return (
    <Form method="post" className="space-y-2 rounded-xl border-2 border-glow-500 p-4">
      <input type="hidden" name="intent" value="scan" />
      <input type="hidden" name="code" value={code} />
      <p className="font-semibold">{t("play.scanFound")}</p>
      <button type="submit" className="rounded-md bg-glow-700 px-4 py-2 font-semibold text-white hover:bg-glow-900">
        {t("play.scanStart")}
      </button>
    </Form>
  );
}
