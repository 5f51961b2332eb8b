import { useTranslation } from "~/platform/translations";
import { PageHeading, pageTitle } from "~/ui/page";
import { href } from "react-router";
import type { Route } from "./+types/compete";
import { requireMember } from "~/features/auth/principal.server";
import { askGameMaster, memberContests, submitEntry } from "~/features/contests/compete.server";
import { competeScreen } from "~/features/contests/compete-page.server";
import { COMPETE_PAGE, MemberRequests, Questions, Rounds, Standing } from "~/features/contests/compete-sections";
import { askQuestion, setCurrentContest } from "~/features/contests/console.server";
import { CONTEST_REFUSALS } from "~/features/contests/refusals";
import { preparePhoto, type PhotoChange } from "~/features/contests/photos.server";
import { CONTEST_RULES } from "~/features/contests/rules";
import { CompeteForm } from "~/features/contests/schemas";
import { LiveContest } from "~/features/contests/live";
import { ContestSwitcher } from "~/features/contests/ui";
import { parseForm } from "~/platform/forms.server";
import { getInstance, getLocale } from "~/platform/i18n.server";
import { done, refused } from "~/platform/outcome";
import { invalid, respond } from "~/platform/respond.server";
import { useFocusFirstInvalid } from "~/ui/focus-first-invalid";
import { useFormAnswer } from "~/ui/form-answer";
import { cardClass } from "~/ui/looks";
import { MemberText } from "~/ui/member-text";
import { Notice } from "~/ui/notice";

export const handle = { i18n: ["contests", "parties"] };

export async function loader({ context }: Route.LoaderArgs) {
  const current = await requireMember(context);
  const screen = await competeScreen(current.member.id, getLocale(context));
  return { title: getInstance(context).t("contests:compete.title"), ...screen };
}

export async function action({ request, context }: Route.ActionArgs) {
  const current = await requireMember(context);
  const args = { request, context };
  // A body this long is refused before it is read (the server lets /compete's posts past its own 1 MB limit for the photo).
  if (Number(request.headers.get("Content-Length") ?? 0) > CONTEST_RULES.entryPostMaxBytes) {
    // The form's address names its round, so the message lands on that round's form.
    const round = new URL(request.url).searchParams.get("round") ?? "";
    const values: Record<string, string> = /^\d{1,9}$/.test(round) ? { intent: "entry", roundId: round } : {};
    return respond(args, refused("post-too-large"), { values, refusals: CONTEST_REFUSALS, done: () => ({}) });
  }
  const form = await parseForm(request, CompeteForm);
  if (!form.ok) return invalid(args, form);
  const me = current.member.id;
  const common = { values: form.values, refusals: CONTEST_REFUSALS };
  const f = form.data;
  switch (f.intent) {
    case "switch": {
      const mine = await memberContests(me);
      if (!mine.some((c) => c.id === f.contestId)) return respond(args, refused("unknown-contest"), { ...common, done: () => ({}) });
      return respond(args, done(await setCurrentContest(me, f.contestId)), { ...common, done: () => ({ redirectTo: COMPETE_PAGE }) });
    }
    case "entry": {
      let photo: PhotoChange = f.removePhoto === "yes" ? { kind: "remove" } : { kind: "keep" };
      if (f.photo) {
        const prepared = await preparePhoto(f.photo);
        if (!prepared.ok) return respond(args, prepared, { ...common, done: () => ({}) });
        photo = { kind: "replace", ...prepared.value };
      }
      return respond(args, await submitEntry(me, f.roundId, { text: f.text, link: f.link, photo }), { ...common, done: (_, t) => ({ redirectTo: COMPETE_PAGE, toast: t("contests:toast.entrySaved") }) });
    }
    case "ask-join":
      return respond(args, await askGameMaster(me, { kind: "join", contestId: f.contestId, message: f.message }), { ...common, done: (_, t) => ({ redirectTo: COMPETE_PAGE, toast: t("contests:toast.requestSent") }) });
    case "ask-role":
      return respond(args, await askGameMaster(me, { kind: "role", contestId: f.contestId, role: f.role, message: f.message }), { ...common, done: (_, t) => ({ redirectTo: COMPETE_PAGE, toast: t("contests:toast.requestSent") }) });
    case "question": {
      const mine = await memberContests(me);
      if (!mine.some((c) => c.id === f.contestId)) return respond(args, refused("unknown-contest"), { ...common, done: () => ({}) });
      return respond(args, await askQuestion(me, f.contestId, f.question), { ...common, done: (_, t) => ({ redirectTo: COMPETE_PAGE, toast: t("contests:toast.questionSent") }) });
    }
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [pageTitle(loaderData?.title, "Compete")];

export default function Compete({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("contests");
  const answer = useFormAnswer();
  const page = useFocusFirstInvalid<HTMLDivElement>(answer);
  const { contests, chosen, rounds, results, questions } = loaderData;
  const asking = answer && (answer.values.intent === "ask-join" || answer.values.intent === "ask-role") ? answer : undefined;
  return (
    <div ref={page} className="space-y-6">
      <PageHeading>{t("compete.heading")}</PageHeading>
      {loaderData.welcome.map((c) => (
        <Notice key={c.id} tone="ok" title={t("requests.member.welcome", { contest: c.name })}>
          <p>{t("requests.member.welcomeExplain")}</p>
          {c.parties.length ? (
            <ul className="list-disc pl-6">
              {c.parties.map((p) => (
                <li key={p.id}>
                  <a href={href("/party/:id", { id: String(p.id) })} className="font-medium underline">
                    <MemberText text={p.name} />
                  </a>{" "}
                  · {t(p.joinPolicy === "open" ? "requests.member.policy.open" : "requests.member.policy.request")}
                </li>
              ))}
            </ul>
          ) : (
            <p>{t("requests.member.noParties")}</p>
          )}
        </Notice>
      ))}
      {!chosen ? (
        <Notice title={t("compete.none")}>
          <p>{t("compete.noneExplain")}</p>
          <p>
            <a href={href("/partybuilder")} className="font-medium underline">
              {t("compete.findParty")}
            </a>
          </p>
        </Notice>
      ) : (
        <>
          <LiveContest contestId={chosen.id} />
          {contests.length > 1 ? <ContestSwitcher contests={contests} chosenId={chosen.id} action={COMPETE_PAGE} /> : null}
          <section aria-labelledby="contest-heading" className={`${cardClass} space-y-2`}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id="contest-heading" className="text-2xl font-semibold">
                <MemberText text={chosen.name} />
              </h2>
              <span className="rounded-full bg-slate-200 px-3 py-1 text-sm font-semibold dark:bg-slate-700">{t(`status.${chosen.status}`)}</span>
            </div>
            {chosen.description ? <p className="whitespace-pre-line">{chosen.description}</p> : null}
            <p>
              {t("compete.yourParty")}{" "}
              <a href={href("/party/:id", { id: String(chosen.partyId) })} className="font-medium underline">
                <MemberText text={chosen.party} />
              </a>
            </p>
          </section>
          <Rounds rounds={rounds} answer={answer} party={chosen.party} />
          <Standing results={results} />
          <Questions contestId={chosen.id} questions={questions} answer={answer?.values.intent === "question" ? answer : undefined} />
        </>
      )}
      <MemberRequests loaded={loaderData} answer={asking} />
    </div>
  );
}
