/**
 * The sections of /accept-invite: what the link offers and the choices it leaves. The
 * choices post to the link's own address (formAction), tagged with their intent (AcceptForm).
 */
import { useTranslation } from "~/platform/translations";
import { Form, href, Link } from "react-router";
import { primaryButton, secondaryButton } from "~/ui/buttons";
import { usePosting, waitingButton } from "~/ui/pending";
import type { Invitation } from "./invitation.server";
import { PersonChip } from "./ui";
import { MemberText } from "~/ui/member-text";
import { Notice } from "~/ui/notice";

/** What the link offers: the party, who invites, what joining means, or why it cannot be joined. */
export function Explanation({ invitation, expiresOn, wait }: { invitation: Invitation; expiresOn: string | null; wait: string | null }) {
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

/** Accept (or Join, Ask to join) and Decline; a member of the party gets a way to its page. */
export function Choices({ invitation, formAction }: { invitation: Invitation; formAction: string }) {
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
