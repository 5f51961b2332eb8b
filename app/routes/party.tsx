import { useTranslation } from "~/platform/translations";
import { href, Link } from "react-router";
import type { Route } from "./+types/party";
import { currentMember, requireMember } from "~/features/auth/principal.server";
import { joinOpenParty, requestToJoin, withdrawRequest } from "~/features/parties/parties.server";
import { partyIdOf, partyScreen } from "~/features/parties/party-page.server";
import { Actions, ActivitySection, ContributionsSection, MembersSection, PartyHeader, RemovedNotice, StandingSection } from "~/features/parties/party-sections";
import { PARTY_REFUSALS } from "~/features/parties/refusals";
import { leaveParty } from "~/features/parties/roster.server";
import { PartyPageForm } from "~/features/parties/schemas";
import { parseForm } from "~/platform/forms.server";
import { invalid, respond } from "~/platform/respond.server";
import { useFocusFirstInvalid } from "~/ui/focus-first-invalid";
import { FormError } from "~/ui/form";
import { PageHeading, pageTitle } from "~/ui/page";
import { errorTitle, RouteErrorBoundary } from "~/ui/route-error-boundary";
import { useFormAnswer } from "~/ui/form-answer";
import { linkClass } from "~/ui/looks";
import { MemberText } from "~/ui/member-text";
import { Notice } from "~/ui/notice";

export const handle = { i18n: ["parties"] };

export async function loader({ params, context }: Route.LoaderArgs) {
  const viewer = await currentMember(context);
  return partyScreen(params.id, viewer?.member.id ?? null, context);
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
  const removedNotice = <RemovedNotice removal={loaderData.removal} />;

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
      <PartyHeader loaded={loaderData} />
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

      <StandingSection standing={standing} />
      <MembersSection members={members} cap={party.cap} />
      <ContributionsSection contributed={contributed} />
      <ActivitySection activity={activity} />
    </div>
  );
}
