import { lazy, Suspense } from "react";
import { href } from "react-router";
import type { Route } from "./+types/playquest";
import { requireMember } from "~/features/auth/principal.server";
import { openPrizeBox } from "~/features/quests/prize-box.server";
import { playScreen } from "~/features/quests/play-page.server";
import { Badges, FinishedQuests, OpenedPrize, PlayHeader, QuestMap, ScanConfirm, ScanForm, SignupCall, TutorialOffer, WaitingBoxes } from "~/features/quests/play-sections";
import { playRefusals as refusals } from "~/features/quests/refusals";
import { replayQuest, scanStepCode, skipQuest } from "~/features/quests/runs.server";
import { PlayIntent } from "~/features/quests/schemas";
import { useCelebrationOver } from "~/features/quests/ui";
import { lazyIsland } from "~/ui/client-only";
import { parseForm } from "~/platform/forms.server";
import { getInstance, getLocale } from "~/platform/i18n.server";
import { invalid, respond } from "~/platform/respond.server";
import { FormError } from "~/ui/form";
import { usePosting } from "~/ui/pending";
import { pageTitle } from "~/ui/page";
import { useFormAnswer } from "~/ui/form-answer";
// Imported as every page that lists kept posts imports it (why: ui/offline-outbox.tsx).
import { OfflineOutbox } from "~/ui/offline-outbox";

// offlineCopy: the service worker keeps the member's last-seen map to read offline (1181).
export const handle = { i18n: ["quests", "beamkins", "salutes"], offlineCopy: true };

const Confetti = lazyIsland(() => import("~/ui/confetti"));
// Seen now and then (decision 1025): their code loads after the page's first scripts.
const occasional = () => import("./playquest/occasional");
const BoxOdds = lazy(() => occasional().then((m) => ({ default: m.BoxOdds })));
const PrizeReveal = lazy(() => occasional().then((m) => ({ default: m.PrizeReveal })));
const RecipientPicker = lazy(() => occasional().then((m) => ({ default: m.RecipientPicker })));

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireMember(context);
  const t = getInstance(context).t;
  return { title: t("quests:play.title"), ...(await playScreen(request, me, t, getLocale(context))) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [pageTitle(loaderData?.title, "Quests")];

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
  const { map, speaker, opened, celebrate, cosmetics, signup, scan } = loaderData;
  const answer = useFormAnswer();
  const opening = usePosting("/playquest", { intent: "open-box" });
  const calm = useCelebrationOver();
  const hasScanSteps = map.runs.some((run) => run.steps.some((step) => step.state === "scan"));
  return (
    <div className="space-y-8">
      <PlayHeader />
      <OfflineOutbox />
      <FormError message={answer?.errors.form} />
      {opened ? (
        <OpenedPrize opened={opened} confetti={celebrate ? <Confetti onDone={calm} /> : null}>
          <Suspense>
            <PrizeReveal prize={opened} />
          </Suspense>
        </OpenedPrize>
      ) : null}
      {map.boxes.length > 0 ? (
        <WaitingBoxes
          boxes={map.boxes}
          opening={opening}
          odds={
            <Suspense>
              <BoxOdds />
            </Suspense>
          }
        />
      ) : null}
      {signup ? <SignupCall speaker={speaker} lines={signup.lines} /> : null}
      {scan ? <ScanConfirm code={scan} /> : null}
      {map.offerTutorial && !signup ? <TutorialOffer questId={map.offerTutorial.questId} speaker={speaker} /> : null}
      <QuestMap
        runs={map.runs}
        speaker={speaker}
        starPicker={
          <Suspense>
            <RecipientPicker basePath={href("/starsalute")} q="" results={null} recipient={null} />
          </Suspense>
        }
      />
      {hasScanSteps ? <ScanForm answer={answer} /> : null}
      {map.finished.length > 0 ? <FinishedQuests finished={map.finished} /> : null}
      {cosmetics.length > 0 ? <Badges cosmetics={cosmetics} /> : null}
    </div>
  );
}
