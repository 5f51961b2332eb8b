/**
 * The sections of /partymanager, the ringleader's dashboard: the party's summary, its join
 * code, the invitation forms, pending invitations, join requests and members. Every form
 * posts to the page itself, tagged with its intent (ManagerForm, schemas.ts); a refusal is
 * shown at the form it answers (answerFor).
 */
import type { ReactNode } from "react";
import { useTranslation } from "~/platform/translations";
import { Form, href, Link } from "react-router";
import { dangerButton, primaryButton, secondaryButton } from "~/ui/buttons";
import { FieldError, fieldClass, mutedText, SelectField, TextField } from "~/ui/fields";
import { FormError } from "~/ui/form";
import type { FormAnswer } from "~/ui/form-answer";
import type { ManagerScreen } from "./manager-page.server";
import { PARTY_RULES } from "./rules";
import type { ManagerInput } from "./schemas";
import { JoinCode, PersonChip } from "./ui";
import { cardClass, linkClass } from "~/ui/looks";
import { MemberText } from "~/ui/member-text";
import { Notice } from "~/ui/notice";
import { Section } from "~/ui/section";

/** The dashboard's address for one of the member's parties. */
export const managerPage = (partyId: number) => `${href("/partymanager")}?party=${partyId}`;

/** The refusal shown at the form it answers: same intent, same invitation, member or request. */
export function answerFor(answer: FormAnswer | undefined, intent: string, key?: [string, number]) {
  if (!answer || answer.values.intent !== intent) return null;
  if (key && answer.values[key[0]] !== String(key[1])) return null;
  return answer;
}

type View = NonNullable<ManagerScreen["view"]>;

/**
 * One of the dashboard's posts about one thing (an invitation, a join request, a member): its
 * intent and what it is about go as hidden fields, its button (and any field) as children.
 * noValidate: a refusal is the server's, shown at its field (a reason too long), not the
 * browser's own bubble.
 */
function ManagerPost({ intent, about, className, children }: { intent: ManagerInput["intent"]; about: Record<string, number>; className?: string; children: ReactNode }) {
  return (
    <Form method="post" className={className} noValidate>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(about).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </Form>
  );
}

export function PartySummary({ view }: { view: View }) {
  const { t } = useTranslation("parties");
  const { party, seats, standing } = view;
  return (
    <Section id="party-summary" heading={<MemberText text={party.name} />} prominent className={cardClass}>
      <p className={mutedText}>
        {party.contest ? (
          <>
            {t("party.inContest")} <MemberText text={party.contest.name} />
          </>
        ) : (
          t("party.friends")
        )}
        {" · "}
        {t(`policy.${party.joinPolicy}.name`)}
      </p>
      <p className="mt-2">{t("manager.seats", { members: t("manager.seatsMembers", { count: seats.members }), pending: t("manager.seatsPending", { count: seats.pending }), cap: t("manager.seatsCap", { count: seats.cap }) })}</p>
      {standing ? <p>{t("manager.standing", { score: standing.score, rank: standing.rank })}</p> : null}
      {party.locked ? (
        <div className="mt-3">
          <Notice tone="warn">
            <p>{t("manager.locked")}</p>
          </Notice>
        </div>
      ) : null}
      <p className="mt-2">
        <Link to={href("/party/:id", { id: String(party.id) })} className={linkClass}>
          {t("manager.partyPage")}
        </Link>
      </p>
    </Section>
  );
}

export function JoinCodeCard({ view, answer }: { view: View; answer: FormAnswer | null }) {
  const { t } = useTranslation("parties");
  return (
    <Section id="join-code" heading={t("manager.joinCode")} className={cardClass}>
      <JoinCode shown={view.party.joinCodeShown} testId="join-code" />
      <p className={mutedText}>{t("manager.joinCodeHint")}</p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Link to={`${href("/qrcode")}?party=${view.party.id}`} className={secondaryButton}>
          {t("manager.showQr")}
        </Link>
        <Form method="post" className="flex flex-wrap items-center gap-2">
          <input type="hidden" name="intent" value="rotate-code" />
          <input type="hidden" name="partyId" value={view.party.id} />
          <button type="submit" className={secondaryButton} aria-describedby="rotate-hint">
            {t("manager.rotate")}
          </button>
          <span id="rotate-hint" className={mutedText}>
            {t("manager.rotateHint")}
          </span>
        </Form>
      </div>
      <FormError message={answer?.errors.form} />
    </Section>
  );
}

function RoleSelect({ id }: { id: string }) {
  const { t } = useTranslation("parties");
  return (
    <SelectField
      id={id}
      name="role"
      label={t("manager.inviteAs")}
      value="member"
      options={[
        { value: "member", label: t("roles.member") },
        { value: "ringleader", label: t("roles.coRingleader") },
      ]}
    />
  );
}

export function InviteForms({ partyId, answer }: { partyId: number; answer: FormAnswer | undefined }) {
  const { t, i18n } = useTranslation("parties");
  const link = answerFor(answer, "invite-link");
  const email = answerFor(answer, "invite-email");
  const emailErrors = email?.errors ?? {};
  return (
    <Section id="invite-people" heading={t("manager.invite")} className={`${cardClass} space-y-5`}>
      <p className={mutedText}>{t("manager.inviteHint", { count: PARTY_RULES.inviteDays })}</p>
      <Form method="post" className="space-y-3" aria-labelledby="invite-by-link">
        <h3 id="invite-by-link" className="font-semibold">
          {t("manager.byLink")}
        </h3>
        <input type="hidden" name="intent" value="invite-link" />
        <input type="hidden" name="partyId" value={partyId} />
        <RoleSelect id="link-role" />
        <FormError message={link?.errors.form} />
        <button type="submit" className={primaryButton}>
          {t("manager.makeLink")}
        </button>
      </Form>
      <Form method="post" className="space-y-3" aria-labelledby="invite-by-email" noValidate>
        <h3 id="invite-by-email" className="font-semibold">
          {t("manager.byEmail")}
        </h3>
        <input type="hidden" name="intent" value="invite-email" />
        <input type="hidden" name="partyId" value={partyId} />
        <TextField idPrefix="invite" name="email" type="email" label={t("manager.email")} value={email?.values.email} error={emailErrors.email} autoComplete="email" />
        <SelectField
          idPrefix="invite"
          name="language"
          label={t("manager.language")}
          value={email?.values.language ?? i18n.language}
          options={[
            { value: "en", label: "English", lang: "en" },
            { value: "zh", label: "中文", lang: "zh-Hans" },
          ]}
        />
        <RoleSelect id="email-role" />
        <FormError message={emailErrors.form} />
        <button type="submit" className={primaryButton}>
          {t("manager.sendEmail")}
        </button>
      </Form>
    </Section>
  );
}

export function PendingInvites({ invites, answer }: { invites: ManagerScreen["invites"]; answer: FormAnswer | undefined }) {
  const { t } = useTranslation("parties");
  const pending = invites.filter((i) => i.status === "pending");
  const decided = invites.filter((i) => i.status !== "pending" && i.status !== "replaced");
  return (
    <Section id="pending-invites" heading={t("manager.pending")} className={cardClass}>
      {pending.length === 0 ? <p className={mutedText}>{t("manager.noPending")}</p> : null}
      <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
        {pending.map((i) => {
          const refusal = answerFor(answer, "resend", ["inviteId", i.id]) ?? answerFor(answer, "revoke", ["inviteId", i.id]);
          return (
            <li key={i.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="pending-invite">
              <div>
                <p className="font-medium">{i.email ? t("manager.toEmail", { email: i.email }) : t("manager.aLink")}</p>
                <p className={mutedText}>
                  {i.role === "ringleader" ? `${t("roles.coRingleader")} · ` : ""}
                  {i.expired ? t("manager.expiredOn", { date: i.expiresOn }) : t("manager.expiresOn", { date: i.expiresOn })}
                </p>
                <FormError message={refusal?.errors.form} />
              </div>
              <div className="flex gap-2">
                <ManagerPost intent="resend" about={{ inviteId: i.id }}>
                  <button type="submit" className={secondaryButton} aria-label={t("manager.resendLabel", { who: i.email ?? t("manager.aLink") })}>
                    {t("manager.resend")}
                  </button>
                </ManagerPost>
                <ManagerPost intent="revoke" about={{ inviteId: i.id }}>
                  <button type="submit" className={dangerButton} aria-label={t("manager.revokeLabel", { who: i.email ?? t("manager.aLink") })}>
                    {t("manager.revoke")}
                  </button>
                </ManagerPost>
              </div>
            </li>
          );
        })}
      </ul>
      {decided.length ? (
        <>
          <h3 className="mt-4 font-semibold">{t("manager.recent")}</h3>
          <ul className={`mt-1 space-y-1 ${mutedText}`}>
            {decided.map((i) => (
              <li key={i.id}>
                {i.email ? t("manager.toEmail", { email: i.email }) : t("manager.aLink")}
                {": "}
                {i.status === "accepted" && i.acceptedBy ? t("manager.acceptedBy", { name: i.acceptedBy }) : t(`manager.status.${i.status}`)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Section>
  );
}

export function Requests({ view, answer }: { view: View; answer: FormAnswer | undefined }) {
  const { t } = useTranslation("parties");
  if (view.party.joinPolicy !== "request" && view.requests.length === 0) return null;
  return (
    <Section id="join-requests" heading={t("manager.requests")} className={cardClass}>
      {view.requests.length === 0 ? <p className={mutedText}>{t("manager.noRequests")}</p> : null}
      <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
        {view.requests.map((r) => {
          const refusal = answerFor(answer, "accept-request", ["requestId", r.id]) ?? answerFor(answer, "decline-request", ["requestId", r.id]);
          const name = r.person?.name ?? t("someone");
          return (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div>
                {r.person ? <PersonChip name={r.person.name} avatarUrl={r.person.avatarUrl} /> : name}
                <p className={mutedText}>{t("manager.askedOn", { date: r.askedOn })}</p>
                <FormError message={refusal?.errors.form} />
              </div>
              <div className="flex gap-2">
                {(["accept-request", "decline-request"] as const).map((intent) => (
                  <ManagerPost key={intent} intent={intent} about={{ partyId: view.party.id, requestId: r.id }}>
                    <button
                      type="submit"
                      className={intent === "accept-request" ? secondaryButton : dangerButton}
                      aria-label={t(intent === "accept-request" ? "manager.acceptLabel" : "manager.declineLabel", { name })}
                    >
                      {t(intent === "accept-request" ? "manager.accept" : "manager.decline")}
                    </button>
                  </ManagerPost>
                ))}
              </div>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

export function Members({ view, me, answer }: { view: View; me: number; answer: FormAnswer | undefined }) {
  const { t } = useTranslation("parties");
  return (
    <Section id="party-members" heading={t("manager.members")} className={cardClass}>
      <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
        {view.members.map((m) => {
          const own = (intent: string) => answerFor(answer, intent, ["memberId", m.id]);
          const removal = own("remove");
          const refusal = removal ?? own("hand-over") ?? own("co-ringleader");
          return (
            <li key={m.id} className="py-3" data-testid="manager-member">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <PersonChip name={m.name} avatarUrl={m.avatarUrl} />
                <span className={mutedText}>
                  {m.role === "ringleader" ? `${t("roles.ringleader")} · ` : ""}
                  {t("manager.memberSince", { date: m.joinedOn })} · {t("party.pointsFor", { count: m.points })}
                </span>
              </div>
              {m.id === me ? null : (
                <details className="mt-2" open={Boolean(refusal)}>
                  <summary className="cursor-pointer text-sm font-medium">{t("manager.manage", { name: m.name })}</summary>
                  <div className="mt-2 space-y-3 ps-4">
                    <FormError message={refusal && !refusal.errors.reason ? refusal.errors.form : undefined} />
                    <div className="flex flex-wrap gap-2">
                      {m.role === "member" ? (
                        <ManagerPost intent="co-ringleader" about={{ partyId: view.party.id, memberId: m.id }}>
                          <button type="submit" className={secondaryButton}>
                            {t("manager.makeCo", { name: m.name })}
                          </button>
                        </ManagerPost>
                      ) : null}
                      <ManagerPost intent="hand-over" about={{ partyId: view.party.id, memberId: m.id }}>
                        <button type="submit" className={secondaryButton}>
                          {t("manager.handOver", { name: m.name })}
                        </button>
                      </ManagerPost>
                    </div>
                    {m.role === "member" ? (
                      <ManagerPost intent="remove" about={{ partyId: view.party.id, memberId: m.id }} className="space-y-2">
                        <label htmlFor={`reason-${m.id}`} className="block text-sm font-medium">
                          {t("manager.reason", { name: m.name })}
                        </label>
                        <textarea
                          id={`reason-${m.id}`}
                          name="reason"
                          rows={2}
                          maxLength={PARTY_RULES.reasonMax + 50}
                          defaultValue={removal?.values.reason}
                          aria-invalid={removal?.errors.reason ? true : undefined}
                          aria-describedby={removal?.errors.reason ? `reason-${m.id}-error` : `reason-${m.id}-hint`}
                          className={fieldClass}
                        />
                        <p id={`reason-${m.id}-hint`} className={mutedText}>
                          {t("manager.reasonHint")}
                        </p>
                        <FieldError id={`reason-${m.id}-error`} message={removal?.errors.reason} />
                        <button type="submit" className={dangerButton}>
                          {t("manager.remove", { name: m.name })}
                        </button>
                      </ManagerPost>
                    ) : null}
                  </div>
                </details>
              )}
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
