import { useTranslation } from "~/platform/translations";
import { data, Form, href, Link, redirect } from "react-router";
import type { Route } from "./+types/accept-invite";
import { signInUrlForInvite } from "~/features/auth/arrival";
import { currentMember, requireMember } from "~/features/auth/principal.server";
import { roleInvitationPage } from "~/features/contests/console.server";
import { codeTries, INVITATION_STATUS, readInvitation, type Invitation } from "~/features/parties/invitation.server";
import { acceptInvite, declineInvite, isTokenShaped } from "~/features/parties/invites.server";
import { readJoinCode } from "~/features/parties/join-code";
import { joinOpenParty, joinWithCode, requestToJoin } from "~/features/parties/parties.server";
import { PARTY_REFUSALS } from "~/features/parties/refusals";
import { AcceptForm } from "~/features/parties/schemas";
import { FormError, linkClass, MemberText, Notice, PersonChip, primaryButton, secondaryButton } from "~/features/parties/ui";
import { parseForm } from "~/platform/forms.server";
import { getInstance, getLocale } from "~/platform/i18n.server";
import { done, refused } from "~/platform/outcome";
import { invalid, respond } from "~/platform/respond.server";
import { waitInWords } from "~/platform/wait-words";
import { formatDay } from "~/ui/dates";
import { usePosting, waitingButton } from "~/ui/pending";
import { PageHeading, pageTitle } from "~/ui/page";
import { useFormAnswer } from "~/ui/form-answer";

export const handle = { i18n: ["parties"] };

/** What the link carries: the party, and an invitation's token or a party's join code. */
function readLink(request: Request, params: Route.LoaderArgs["params"]) {
  const query = new URL(request.url).searchParams;
  const partyId = /^\d{1,10}$/.test(params.partyId) ? Number(params.partyId) : 0;
  const token = query.get("invite");
  const code = query.get("code");
  return {
    partyId,
    // A token that cannot be one is still "an invitation we cannot find", not a party link.
    token: token === null ? null : isTokenShaped(token) ? token : "",
    code: code === null ? null : (readJoinCode(code) ?? ""),
  };
}

/**
 * Accept Invite. A visitor signs in first and comes back here with the link's leftover
 * query (the token or code) kept. Opening the screen reads the invitation and spends
 * nothing; only Accept (a POST) does. Every state that stops a join is explained, with the
 * status that names it.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const current = await currentMember(context);
  if (!current) throw redirect(signInUrlForInvite(params, new URL(request.url).searchParams));
  // A contest role invitation names no party ('invite'): the screen that accepts a role does.
  if (params.partyId === "invite" && (params.role === "judge" || params.role === "ringleader")) {
    const page = await roleInvitationPage(params.contestid, new URL(request.url).searchParams);
    if (page) throw redirect(page);
  }
  const link = readLink(request, params);
  const invitation = await readInvitation({ ...link, viewerId: current.member.id, lang: getLocale(context) });
  const lng = getLocale(context);
  const i18n = getInstance(context);
  const url = new URL(request.url);
  // The Accept goes to the link's own address, with its token or code (and nothing else it carried).
  // A client-side visit reads this through React Router's data address (`….data`).
  const pagePath = url.pathname.replace(/\.data$/, "");
  const kept = new URLSearchParams([...url.searchParams].filter(([key]) => key === "invite" || key === "code"));
  const body = {
    title: i18n.t("parties:accept.title"),
    formAction: kept.size ? `${pagePath}?${kept}` : pagePath,
    invitation,
    expiresOn: invitation.expiresAt ? formatDay(invitation.expiresAt, lng) : null,
    wait: invitation.retryAfter ? waitInWords(invitation.retryAfter, getInstance(context).t) : null,
  };
  const status = INVITATION_STATUS[invitation.state];
  return data(body, { status, headers: invitation.retryAfter ? { "Retry-After": String(invitation.retryAfter) } : undefined });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const current = await requireMember(context);
  const form = await parseForm(request, AcceptForm);
  if (!form.ok) return invalid({ request, context }, form);
  const { partyId, token, code } = readLink(request, params);
  const me = current.member.id;
  const partyPage = href("/party/:id", { id: String(partyId) });
  const common = { values: form.values, refusals: PARTY_REFUSALS };
  const args = { request, context };

  if (form.data.intent === "decline") {
    const declined = token !== null ? await declineInvite(me, token, partyId) : done({ partyId });
    return respond(args, declined, { ...common, done: (_, t) => ({ redirectTo: href("/newsfeed"), toast: t("parties:toast.declined") }) });
  }
  if (token !== null) {
    return respond(args, await acceptInvite(me, token, partyId), {
      ...common,
      done: (v, t) => ({ redirectTo: partyPage, toast: t(v.promoted || v.role === "ringleader" ? "parties:toast.joinedToLead" : "parties:toast.joined") }),
    });
  }
  if (code !== null) {
    const tries = await codeTries(me);
    const outcome = !tries.allowed
      ? refused("too-many-tries", { retryAfter: tries.retryAfterSeconds })
      : code === ""
        ? refused("stale-code")
        : await joinWithCode(me, partyId, code);
    return respond(args, outcome, { ...common, done: (_, t) => ({ redirectTo: partyPage, toast: t("parties:toast.joined") }) });
  }
  // No invitation: an open party's Join, or a request party's Ask to join.
  const invitation = await readInvitation({ partyId, token: null, code: null, viewerId: me, lang: getLocale(args.context) });
  if (invitation.state === "request") {
    return respond(args, await requestToJoin(me, partyId), { ...common, done: (_, t) => ({ redirectTo: partyPage, toast: t("parties:toast.requested") }) });
  }
  return respond(args, await joinOpenParty(me, partyId), { ...common, done: (_, t) => ({ redirectTo: partyPage, toast: t("parties:toast.joined") }) });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [pageTitle(loaderData?.title, "Accept Invite")];

export default function AcceptInvite({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("parties");
  const { invitation, expiresOn, wait, formAction } = loaderData;
  const answer = useFormAnswer();
  return (
    <section aria-labelledby="invite-heading" className="space-y-5">
      <PageHeading id="invite-heading">
        {t("accept.heading")}
      </PageHeading>
      <Explanation invitation={invitation} expiresOn={expiresOn} wait={wait} />
      {/* A refusal tied to the link's code (a changed code, too many tries) is the form's message here. */}
      <FormError message={answer ? Object.values(answer.errors)[0] : undefined} />
      <Choices invitation={invitation} formAction={formAction} />
      <p>
        <Link to={href("/newsfeed")} className={linkClass}>
          {t("accept.toFeed")}
        </Link>
      </p>
    </section>
  );
}

function Explanation({ invitation, expiresOn, wait }: { invitation: Invitation; expiresOn: string | null; wait: string | null }) {
  const { t } = useTranslation("parties");
  const { party, inviter, state } = invitation;
  if (!party) {
    return (
      <Notice tone="warn" title={t("accept.states.unknown-party.title")} testId="invite-state">
        <p>{t("accept.states.unknown-party.body")}</p>
      </Notice>
    );
  }
  const values = {
    party: party.name,
    contest: party.contest?.name ?? "",
    inviter: inviter?.name ?? t("accept.theRingleader"),
    other: invitation.otherParty ?? "",
    cap: party.cap,
    date: expiresOn ?? "",
    wait: wait ?? "",
  };
  const invited = state === "ready" || state === "join" || state === "request";
  return (
    <div className="space-y-4">
      <div className="space-y-2" data-testid="invite-details">
        {inviter && invitation.kind !== "party" ? (
          <p className="flex flex-wrap items-center gap-2">
            <PersonChip name={inviter.name} avatarUrl={inviter.avatarUrl} size={40} />
            <span>{t(invitation.kind === "invite" ? "accept.invites" : "accept.leads")}</span>
          </p>
        ) : null}
        <p className="text-2xl font-semibold">
          <MemberText text={party.name} />
        </p>
        {party.motto ? (
          <p className="italic">
            <MemberText text={party.motto} />
          </p>
        ) : null}
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          {party.contest ? (
            <>
              <dt className="font-semibold">{t("accept.contest")}</dt>
              <dd>
                <MemberText text={party.contest.name} />
              </dd>
            </>
          ) : null}
          {invitation.kind === "invite" ? (
            <>
              <dt className="font-semibold">{t("accept.role")}</dt>
              <dd>{t(invitation.role === "ringleader" ? "roles.coRingleader" : "roles.member")}</dd>
              {invitation.channel ? (
                <>
                  <dt className="font-semibold">{t("accept.sentBy")}</dt>
                  <dd>{t(`channels.${invitation.channel}`)}</dd>
                </>
              ) : null}
            </>
          ) : null}
          {party.ringleaders.length ? (
            <>
              <dt className="font-semibold">{t("accept.ringleaders")}</dt>
              <dd>{party.ringleaders.map((r) => r.name).join(t("listSeparator"))}</dd>
            </>
          ) : null}
          {state !== "invite-only" ? (
            <>
              <dt className="font-semibold">{t("accept.size")}</dt>
              <dd>{t("accept.sizeValue", { members: t("manager.seatsMembers", { count: party.members }), cap: t("manager.seatsCap", { count: party.cap }) })}</dd>
            </>
          ) : null}
          {expiresOn && state === "ready" ? (
            <>
              <dt className="font-semibold">{t("accept.expires")}</dt>
              <dd>{expiresOn}</dd>
            </>
          ) : null}
        </dl>
      </div>
      {invited ? (
        <div>
          <h2 className="font-semibold">{t("accept.meaning")}</h2>
          <ul className="ms-5 list-disc space-y-1">
            <li>{t("accept.meaningPage")}</li>
            <li>{t("accept.meaningPoints")}</li>
            {party.contest ? <li>{t("accept.meaningContest", values)}</li> : null}
            {invitation.role === "ringleader" ? <li>{t("accept.meaningLead")}</li> : null}
          </ul>
        </div>
      ) : null}
      {invited ? null : (
        <Notice tone={state === "member" || state === "requested" ? "ok" : "warn"} title={t(`accept.states.${state}.title`, values)} testId="invite-state">
          <p>{t(`accept.states.${state}.body`, values)}</p>
        </Notice>
      )}
    </div>
  );
}

function Choices({ invitation, formAction }: { invitation: Invitation; formAction: string }) {
  const { t } = useTranslation("parties");
  const posting = usePosting(formAction.split("?")[0]!);
  const { state, party } = invitation;
  if (!party) return null;
  if (state === "member") {
    return (
      <p>
        <Link to={href("/party/:id", { id: String(party.id) })} className={primaryButton}>
          {t("accept.openParty")}
        </Link>
      </p>
    );
  }
  const label = state === "ready" ? t("accept.accept") : state === "join" ? t("accept.join") : state === "request" ? t("accept.request") : null;
  if (!label) return null;
  return (
    <Form method="post" action={formAction} className="flex flex-wrap gap-3">
      <button type="submit" name="intent" value="accept" className={primaryButton} {...waitingButton(posting)}>
        {label}
      </button>
      {state === "ready" ? (
        <button type="submit" name="intent" value="decline" className={secondaryButton} {...waitingButton(posting)}>
          {t("accept.decline")}
        </button>
      ) : null}
    </Form>
  );
}
