import { useTranslation } from "~/platform/translations";
import { data, href, Link, redirect } from "react-router";
import type { Route } from "./+types/accept-invite";
import { signInUrlForInvite } from "~/features/auth/arrival";
import { currentMember, requireMember } from "~/features/auth/principal.server";
import { roleInvitationPage } from "~/features/contests/console.server";
import { acceptScreen, readLink } from "~/features/parties/accept-page.server";
import { Choices, Explanation } from "~/features/parties/accept-sections";
import { codeTries, readInvitation } from "~/features/parties/invitation.server";
import { acceptInvite, declineInvite } from "~/features/parties/invites.server";
import { joinOpenParty, joinWithCode, requestToJoin } from "~/features/parties/parties.server";
import { PARTY_REFUSALS } from "~/features/parties/refusals";
import { AcceptForm } from "~/features/parties/schemas";
import { parseForm } from "~/platform/forms.server";
import { getLocale } from "~/platform/i18n.server";
import { done, refused } from "~/platform/outcome";
import { invalid, respond } from "~/platform/respond.server";
import { FormError } from "~/ui/form";
import { PageHeading, pageTitle } from "~/ui/page";
import { useFormAnswer } from "~/ui/form-answer";
import { linkClass } from "~/ui/looks";

export const handle = { i18n: ["parties"] };

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
  const { body, status, headers } = await acceptScreen(request, params, context, current.member.id);
  return data(body, { status, headers });
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

  switch (form.data.intent) {
    case "decline": {
      const declined = token !== null ? await declineInvite(me, token, partyId) : done({ partyId });
      return respond(args, declined, { ...common, done: (_, t) => ({ redirectTo: href("/newsfeed"), toast: t("parties:toast.declined") }) });
    }
    case "accept": {
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
  }
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
