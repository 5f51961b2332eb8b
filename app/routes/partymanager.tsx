import { useTranslation } from "~/platform/translations";
import { href, Link } from "react-router";
import type { Route } from "./+types/partymanager";
import { requireMember } from "~/features/auth/principal.server";
import { invite, resendInvite, revokeInvite } from "~/features/parties/invites.server";
import { publicOrigin } from "~/features/parties/links.server";
import { managerScreen } from "~/features/parties/manager-page.server";
import { answerFor, InviteForms, JoinCodeCard, managerPage as back, Members, PartySummary, PendingInvites, Requests } from "~/features/parties/manager-sections";
import { decideRequest, rotateJoinCode } from "~/features/parties/parties.server";
import { PARTY_REFUSALS } from "~/features/parties/refusals";
import { changeLeader, removeMember } from "~/features/parties/roster.server";
import { ManagerForm } from "~/features/parties/schemas";
import { parseForm } from "~/platform/forms.server";
import { getInstance, getLocale } from "~/platform/i18n.server";
import { invalid, respond } from "~/platform/respond.server";
import { useFocusFirstInvalid } from "~/ui/focus-first-invalid";
import { FormError } from "~/ui/form";
import { PageHeading, pageTitle } from "~/ui/page";
import { useFormAnswer } from "~/ui/form-answer";
import { linkClass } from "~/ui/looks";
import { MemberText } from "~/ui/member-text";
import { Notice } from "~/ui/notice";

export const handle = { i18n: ["parties"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const current = await requireMember(context);
  const asked = Number(new URL(request.url).searchParams.get("party"));
  return managerScreen(current.member.id, asked, getInstance(context).t("parties:manager.title"), getLocale(context));
}

export async function action({ request, context }: Route.ActionArgs) {
  const current = await requireMember(context);
  const form = await parseForm(request, ManagerForm);
  if (!form.ok) return invalid({ request, context }, form);
  const args = { request, context };
  const me = current.member.id;
  const input = form.data;
  const common = { values: form.values, refusals: PARTY_REFUSALS };
  switch (input.intent) {
    case "invite-link":
      // The link is shown once, with its QR code: only its hash is kept.
      return respond(args, await invite(me, input.partyId, { channel: "link", role: input.role }, publicOrigin(request)), {
        ...common,
        done: (made, t) => ({ redirectTo: `${href("/qrcode")}?invite=${made.token}`, toast: t("parties:toast.linkMade"), result: made }),
      });
    case "invite-email":
      return respond(
        args,
        await invite(me, input.partyId, { channel: "email", role: input.role, email: input.email, language: input.language }, publicOrigin(request)),
        {
          ...common,
          done: (made, t) => ({ redirectTo: back(made.partyId), toast: t("parties:toast.emailQueued", { email: input.email }), result: { inviteId: made.inviteId } }),
        },
      );
    case "resend":
      return respond(args, await resendInvite(me, input.inviteId, publicOrigin(request)), {
        ...common,
        done: (made, t) =>
          made.channel === "email"
            ? { redirectTo: back(made.partyId), toast: t("parties:toast.emailResent", { email: made.email ?? "" }), result: { inviteId: made.inviteId } }
            : { redirectTo: `${href("/qrcode")}?invite=${made.token}`, toast: t("parties:toast.linkRemade"), result: made },
      });
    case "revoke":
      return respond(args, await revokeInvite(me, input.inviteId), {
        ...common,
        done: (v, t) => ({ redirectTo: back(v.partyId), toast: t("parties:toast.revoked") }),
      });
    case "rotate-code":
      return respond(args, await rotateJoinCode(me, input.partyId), {
        ...common,
        done: (v, t) => ({ redirectTo: back(v.partyId), toast: t("parties:toast.codeRotated") }),
      });
    case "accept-request":
    case "decline-request":
      return respond(args, await decideRequest(me, input.partyId, input.requestId, input.intent === "accept-request"), {
        ...common,
        done: (v, t) => ({ redirectTo: back(v.partyId), toast: t(v.accepted ? "parties:toast.requestAccepted" : "parties:toast.requestDeclined") }),
      });
    case "remove":
      return respond(args, await removeMember(me, input.partyId, input.memberId, input.reason, getLocale(context)), {
        ...common,
        done: (v, t) => ({ redirectTo: back(v.partyId), toast: t("parties:toast.removed", { name: v.memberName }) }),
      });
    case "hand-over":
      return respond(args, await changeLeader(me, input.partyId, input.memberId, true, getLocale(context)), {
        ...common,
        // No longer its ringleader: to the party's page.
        done: (v, t) => ({ redirectTo: href("/party/:id", { id: String(v.partyId) }), toast: t("parties:toast.handedOver", { name: v.memberName }) }),
      });
    case "co-ringleader":
      return respond(args, await changeLeader(me, input.partyId, input.memberId, false, getLocale(context)), {
        ...common,
        done: (v, t) => ({ redirectTo: back(v.partyId), toast: t("parties:toast.coRingleader", { name: v.memberName }) }),
      });
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [pageTitle(loaderData?.title, "Ringleader Dashboard")];

export default function PartyManager({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("parties");
  const answer = useFormAnswer();
  const page = useFocusFirstInvalid<HTMLDivElement>(answer);
  const { led, view } = loaderData;
  // A refusal that names no form of this page (an address typed by hand): shown on top.
  const unplaced = answer && !answer.values.intent ? answer.errors.form : undefined;
  return (
    <div ref={page} className="space-y-6">
      <PageHeading>{t("manager.heading")}</PageHeading>
      <FormError message={unplaced} />
      {!view ? (
        <Notice title={t("manager.none")}>
          <p>{t("manager.noneExplain")}</p>
          <p>
            <Link to={href("/partybuilder")} className={linkClass}>
              {t("manager.build")}
            </Link>
          </p>
        </Notice>
      ) : (
        <>
          {led.length > 1 ? (
            <nav aria-label={t("manager.yourParties")} className="flex flex-wrap gap-2">
              {led.map((p) => (
                <Link
                  key={p.id}
                  to={back(p.id)}
                  aria-current={p.id === view.party.id ? "page" : undefined}
                  className={`rounded-md px-3 py-1.5 text-sm font-medium ${p.id === view.party.id ? "bg-glow-700 text-white" : "border border-slate-300 dark:border-slate-700"}`}
                >
                  <MemberText text={p.name} />
                </Link>
              ))}
            </nav>
          ) : null}
          <PartySummary view={view} />
          <JoinCodeCard view={view} answer={answerFor(answer, "rotate-code")} />
          <InviteForms partyId={view.party.id} answer={answer} />
          <PendingInvites invites={loaderData.invites} answer={answer} />
          <Requests view={view} answer={answer} />
          <Members view={view} me={loaderData.me} answer={answer} />
          <p>
            <Link to={href("/partybuilder")} className={linkClass}>
              {t("manager.buildAnother")}
            </Link>
          </p>
        </>
      )}
    </div>
  );
}

