import { useTranslation } from "~/platform/translations";
import { data, Form, href, Link } from "react-router";
import type { Route } from "./+types/party";
import { currentMember, requireMember } from "~/features/auth/principal.server";
import { joinOpenParty, requestToJoin, withdrawRequest } from "~/features/parties/parties.server";
import { PARTY_REFUSALS } from "~/features/parties/refusals";
import { leaveParty } from "~/features/parties/roster.server";
import { PARTY_RULES } from "~/features/parties/rules";
import { PartyPageForm } from "~/features/parties/schemas";
import { cardClass, FormError, linkClass, MemberText, mutedText, Notice, PersonChip, primaryButton, secondaryButton } from "~/features/parties/ui";
import { partyPage } from "~/features/parties/views.server";
import { parseForm } from "~/platform/forms.server";
import { getInstance, getLocale } from "~/platform/i18n.server";
import { invalid, respond } from "~/platform/respond.server";
import { formatDay } from "~/ui/dates";
import { useFocusFirstInvalid } from "~/ui/focus-first-invalid";
import { usePosting, waitingButton } from "~/ui/pending";
import { PageHeading, pageTitle } from "~/ui/page";
import { errorTitle, RouteErrorBoundary } from "~/ui/route-error-boundary";
import { useFormAnswer } from "~/ui/form-answer";

export const handle = { i18n: ["parties"] };

const partyIdOf = (id: string) => (/^\d{1,10}$/.test(id) ? Number(id) : 0);

export async function loader({ params, context }: Route.LoaderArgs) {
  const viewer = await currentMember(context);
  const page = await partyPage(partyIdOf(params.id), viewer?.member.id ?? null, getLocale(context));
  // An unknown party is the not-found page.
  if (!page) throw data(null, { status: 404 });
  const lng = getLocale(context);
  const t = getInstance(context).t;
  const removal = page.removal && { ...page.removal, on: formatDay(page.removal.at, lng) };
  // The spec's title for the screen ("Party"); the party's own name is its heading.
  if (page.private) return { ...page, removal, title: t("parties:party.title"), signedIn: Boolean(viewer) };
  return {
    ...page,
    removal,
    title: t("parties:party.title"),
    signedIn: Boolean(viewer),
    members: page.members.map((m) => ({ ...m, joinedOn: formatDay(m.joinedAt, lng) })),
    activity: page.activity.map((a) => ({ ...a, on: formatDay(a.at, lng) })),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const current = await requireMember(context);
  const form = await parseForm(request, PartyPageForm);
  if (!form.ok) return invalid({ request, context }, form);
  const partyId = partyIdOf(params.id);
  const me = current.member.id;
  const here = href("/party/:id", { id: String(partyId) });
  const common = { values: form.values, refusals: PARTY_REFUSALS };
  switch (form.data.intent) {
    case "join":
      return respond({ request, context }, await joinOpenParty(me, partyId), { ...common, done: (_, t) => ({ redirectTo: here, toast: t("parties:toast.joined") }) });
    case "request":
      return respond({ request, context }, await requestToJoin(me, partyId), { ...common, done: (_, t) => ({ redirectTo: here, toast: t("parties:toast.requested") }) });
    case "withdraw":
      return respond({ request, context }, await withdrawRequest(me, partyId), { ...common, done: (_, t) => ({ redirectTo: here, toast: t("parties:toast.withdrawn") }) });
    case "leave":
      return respond({ request, context }, await leaveParty(me, partyId), { ...common, done: (_, t) => ({ redirectTo: here, toast: t("parties:toast.left") }) });
  }
}

export const meta: Route.MetaFunction = ({ loaderData, error, matches }) => (error ? errorTitle(matches) : [pageTitle(loaderData?.title, "Party")]);

/** Not there, or not theirs: the 404 or 403 screen inside the page's frame. */
export const ErrorBoundary = RouteErrorBoundary;

export default function Party({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("parties");
  const answer = useFormAnswer();
  const page = useFocusFirstInvalid<HTMLDivElement>(answer);
  const removal = loaderData.removal;
  const removedNotice = removal ? (
    <Notice tone="warn" title={t("party.removedTitle")} testId="removal-notice">
      <p>{removal.by ? t("party.removedBy", { name: removal.by, date: removal.on }) : t("party.removed", { date: removal.on })}</p>
      {removal.reason ? (
        <blockquote className="border-s-4 border-amber-700 ps-3 italic">
          <MemberText text={removal.reason} />
        </blockquote>
      ) : null}
    </Notice>
  ) : null;

  if (loaderData.private) {
    return (
      <div ref={page} className="space-y-5">
        <PageHeading>
          <MemberText text={loaderData.party.name} />
        </PageHeading>
        {removedNotice}
        <Notice title={t("party.privateTitle")}>
          <p>{t("party.private")}</p>
          <p>
            <Link to={href("/invite")} className={linkClass}>
              {t("party.haveCode")}
            </Link>
          </p>
        </Notice>
      </div>
    );
  }

  const { party, standing, seats, viewer, members, contributed, activity } = loaderData;
  return (
    <div ref={page} className="space-y-6">
      <header className="space-y-1">
        <PageHeading>
          <MemberText text={party.name} />
        </PageHeading>
        {party.motto ? (
          <p className="text-lg italic">
            <MemberText text={party.motto} />
          </p>
        ) : null}
        <p className={mutedText}>
          {party.contest ? (
            <>
              {t("party.inContest")}{" "}
              <Link to={`${href("/leaderboard")}?board=contest&contest=${party.contest.id}`} className={linkClass}>
                <MemberText text={party.contest.name} />
              </Link>
            </>
          ) : (
            t("party.friends")
          )}
          {" · "}
          {t(`policy.${party.joinPolicy}.name`)}
          {party.zipcode ? ` · ${t("party.local", { zipcode: party.zipcode })}` : ""}
        </p>
        <p className={mutedText}>{t("party.ledBy", { names: loaderData.ringleaders.join(t("listSeparator")) })}</p>
      </header>

      {removedNotice}
      {party.disbanded ? (
        <Notice tone="warn">
          <p>{t("party.disbanded")}</p>
        </Notice>
      ) : null}
      {party.locked ? (
        <Notice tone="warn">
          <p>{t("party.locked")}</p>
        </Notice>
      ) : null}

      <FormError message={answer ? Object.values(answer.errors)[0] : undefined} />
      {party.disbanded ? null : <Actions partyId={party.id} policy={party.joinPolicy} viewer={viewer} signedIn={loaderData.signedIn} full={seats.members + seats.pending >= seats.cap} />}

      <section aria-labelledby="standing" className={cardClass}>
        <h2 id="standing" className="text-xl font-semibold">
          {t("party.standing")}
        </h2>
        {standing ? (
          <dl className="mt-2 grid grid-cols-3 gap-3 text-center">
            <div>
              <dt className={mutedText}>{t("party.score")}</dt>
              <dd className="text-2xl font-bold" data-testid="party-score">
                {standing.score}
              </dd>
            </div>
            <div>
              <dt className={mutedText}>{t("party.rank")}</dt>
              <dd className="text-2xl font-bold">{standing.rank}</dd>
            </div>
            <div>
              <dt className={mutedText}>{t("party.points")}</dt>
              <dd className="text-2xl font-bold">{standing.points}</dd>
            </div>
          </dl>
        ) : (
          <p className={mutedText}>{t("party.noStanding")}</p>
        )}
        <p className={`mt-3 ${mutedText}`} data-testid="fair-rule">
          {t("party.fairRule", { floor: PARTY_RULES.fairShareFloor })}
        </p>
        {standing ? <p className={mutedText}>{t("party.fairNow", { points: t("common:points", { count: standing.points }), count: standing.headcount, score: standing.score })}</p> : null}
        <p className="mt-2">
          <Link to={`${href("/leaderboard")}?board=parties`} className={linkClass}>
            {t("party.board")}
          </Link>
        </p>
      </section>

      <section aria-labelledby="members" className={cardClass}>
        <h2 id="members" className="text-xl font-semibold">
          {t("party.members", { count: members.length, cap: party.cap })}
        </h2>
        <ul className="mt-2 space-y-2" data-testid="party-members">
          {members.map((m) => (
            <li key={m.id} className="flex flex-wrap items-center justify-between gap-2">
              <PersonChip name={m.name} avatarUrl={m.avatarUrl} size={40} />
              <span className={mutedText}>
                {m.role === "ringleader" ? `${t("roles.ringleader")} · ` : ""}
                {t("party.joinedOn", { date: m.joinedOn })}
              </span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="contributions" className={cardClass}>
        <h2 id="contributions" className="text-xl font-semibold">
          {t("party.contributions")}
        </h2>
        {contributed.length === 0 ? (
          <p className={mutedText}>{t("party.noContributions")}</p>
        ) : (
          <table className="mt-2 w-full text-left">
            <caption className="sr-only">{t("party.contributions")}</caption>
            <thead>
              <tr className="border-b border-slate-300 dark:border-slate-700">
                <th scope="col" className="py-1 pe-3">
                  {t("party.who")}
                </th>
                <th scope="col" className="py-1 text-end">
                  {t("party.points")}
                </th>
              </tr>
            </thead>
            <tbody>
              {contributed.map((c, i) => (
                <tr key={i} className="border-b border-slate-200 dark:border-slate-800">
                  <td className="py-1 pe-3">
                    {c.name ?? t("party.formerMember")}
                    {c.current ? "" : ` ${t("party.left")}`}
                  </td>
                  <td className="py-1 text-end tabular-nums">{c.points}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section aria-labelledby="activity" className={cardClass}>
        <h2 id="activity" className="text-xl font-semibold">
          {t("party.activity")}
        </h2>
        <ul className="mt-2 space-y-1">
          {activity.map((a) => (
            <li key={a.id}>
              {t(`activity.${a.kind}`, { actor: a.actor ?? t("someone"), subject: a.subject ?? t("someone") })}{" "}
              <span className={mutedText}>· {a.on}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function Actions({
  partyId,
  policy,
  viewer,
  signedIn,
  full,
}: {
  partyId: number;
  policy: string;
  viewer: { role: string | null; requested: boolean; otherParty: { id: number; name: string } | null };
  signedIn: boolean;
  full: boolean;
}) {
  const { t } = useTranslation("parties");
  const action = href("/party/:id", { id: String(partyId) });
  const posting = usePosting(action);
  const button = (intent: string, label: string, className = primaryButton) => (
    <Form method="post" action={action}>
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className={className} {...waitingButton(posting)}>
        {label}
      </button>
    </Form>
  );
  if (!signedIn) {
    return (
      <p>
        <Link to={`${href("/signin")}?redirectTo=${encodeURIComponent(action)}`} className={linkClass}>
          {t("party.signInToJoin")}
        </Link>
      </p>
    );
  }
  if (viewer.role) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <p className="font-medium">{viewer.role === "ringleader" ? t("party.youLead") : t("party.youAreIn")}</p>
        {viewer.role === "ringleader" ? (
          <Link to={`${href("/partymanager")}?party=${partyId}`} className={secondaryButton}>
            {t("party.manage")}
          </Link>
        ) : null}
        {button("leave", t("party.leave"), secondaryButton)}
      </div>
    );
  }
  if (viewer.otherParty) {
    return (
      <Notice>
        <p>{t("party.inOther", { party: viewer.otherParty.name })}</p>
      </Notice>
    );
  }
  if (policy === "open") return full ? <p>{t("party.full")}</p> : button("join", t("party.join"));
  if (policy === "request") {
    return viewer.requested ? (
      <div className="flex flex-wrap items-center gap-3">
        <p>{t("party.requestedAlready")}</p>
        {button("withdraw", t("party.withdraw"), secondaryButton)}
      </div>
    ) : (
      button("request", t("party.request"))
    );
  }
  return null;
}
