import { useTranslation } from "~/platform/translations";
import { PageHeading, pageTitle } from "~/ui/page";
import { Suspense } from "react";
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
import { ConsoleForm } from "~/features/contests/schemas";
import { LiveContest } from "~/features/contests/live";
import { ContestSwitcher } from "~/features/contests/ui";
import { publicOrigin } from "~/features/parties/links.server";
import { mutedText } from "~/ui/fields";
import { FormError } from "~/ui/form";
import { QrCode } from "~/ui/qr-code";
import { parseInput, readInput } from "~/platform/forms.server";
import { getInstance, getLocale } from "~/platform/i18n.server";
import { done, refused } from "~/platform/outcome";
import { invalid, respond } from "~/platform/respond.server";
import { useFocusFirstInvalid } from "~/ui/focus-first-invalid";
import { answerFor, PAGE, pageOf } from "~/features/contests/console-page";
import { AuditTrail, ContestCard, Invites, JudgeOnly, NewContest, NewRound, Overrides, RequestModal, Rounds } from "~/features/contests/console-sections";
import { useFormAnswer } from "~/ui/form-answer";
import { Notice } from "~/ui/notice";

export const handle = { i18n: ["contests", "parties"] };

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
  const form = parseInput(await readInput(request), ConsoleForm);
  if (!form.ok) return invalid(args, form);
  const common = { values: form.values, refusals: CONTEST_REFUSALS };
  const f = form.data;
  switch (f.intent) {
    case "create-round":
    case "edit-round": {
      const { contestId, roundId, intent, ...values } = f;
      const outcome = intent === "create-round" ? await createRound(roles, contestId, values) : await updateRound(roles, Number(roundId), values);
      return respond(args, outcome, { ...common, done: (r, t) => ({ redirectTo: pageOf(r.contestId), toast: t("contests:toast.roundSaved"), result: { id: r.id } }) });
    }
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
