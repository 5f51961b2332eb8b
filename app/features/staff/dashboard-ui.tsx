/**
 * The staff dashboard's sections. Every control is a plain form (it works before and without
 * JavaScript); what the server refused comes back to the form it belongs to (its `intent`
 * and the row it was about), with what was typed.
 */
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "~/platform/translations";
import { Form, Link, href } from "react-router";
import type { FormAnswer } from "~/platform/respond.server";
import { reportReasons, type ReportReason } from "~/features/salutes";
import { primaryButton, secondaryButton } from "~/ui/buttons";
import { DataTable } from "~/ui/data-table";
import { FieldError, fieldClass, TextField } from "~/ui/fields";
import { FormError, SubmitRow } from "~/ui/form";
import { Section } from "~/ui/section";
import { usePosting, waitingButton } from "~/ui/pending";
import { isSecretPrompt } from "~/platform/db/schema/secret-prompts";
import type { AgentResource } from "./accounts.server";
import type { StaffAction } from "./audit.server";

/** A contest status the dashboard has words for (others are shown as stored). */
const contestStatuses = ["Active", "Paused", "Ended"] as const;
const isContestStatus = (status: string): status is (typeof contestStatuses)[number] => (contestStatuses as readonly string[]).includes(status);
const isReportReason = (reason: string): reason is ReportReason => (reportReasons as readonly string[]).includes(reason);

/** The answer, when it belongs to this form (same intent, same row). */
export function answerFor(answer: FormAnswer | undefined, intent: string, row: Record<string, string> = {}) {
  if (!answer || answer.values.intent !== intent) return null;
  return Object.entries(row).every(([k, v]) => answer.values[k] === v) ? answer : null;
}

/** Session storage as the older flow keeps it: `admin` at sign-in, gone with `clientids` at sign-out. */
export function useStaffSessionStorage(isAdmin: boolean, resources: AgentResource[]) {
  useEffect(() => {
    sessionStorage.setItem("admin", isAdmin ? "1" : "0");
    sessionStorage.setItem("clientids", JSON.stringify(resources.map((r) => r.id)));
  }, [isAdmin, resources]);
}

export function SignOutForm() {
  const { t } = useTranslation("staff");
  return (
    // Section 4: whatever the server answers, session storage forgets the flow's keys and the
    // browser goes to /. Without JavaScript the post itself always redirects there; with it,
    // the post is sent and / opens once it is answered, or fails.
    <form
      method="post"
      action={href("/dashboard")}
      onSubmit={(event) => {
        event.preventDefault();
        sessionStorage.removeItem("clientids");
        sessionStorage.removeItem("admin");
        const body = new URLSearchParams({ intent: "sign-out" });
        fetch(href("/dashboard"), { method: "POST", body, credentials: "same-origin", redirect: "manual" })
          .catch(() => undefined)
          .finally(() => window.location.assign("/"));
      }}
    >
      <input type="hidden" name="intent" value="sign-out" />
      <button type="submit" className={secondaryButton}>
        {t("dashboard.signOut")}
      </button>
    </form>
  );
}

/**
 * The agent's resources. Right after a sign-in with exactly one, it opens in a new tab
 * (section 6); a browser that blocks the tab, or has no JavaScript, shows the link first.
 */
export function Resources({ resources, openNow }: { resources: AgentResource[]; openNow: AgentResource | null }) {
  const { t } = useTranslation("staff");
  const [blocked, setBlocked] = useState(false);
  const opened = useRef(false);
  useEffect(() => {
    if (!openNow || opened.current) return;
    opened.current = true;
    const tab = window.open(openNow.url, "_blank");
    if (tab) tab.opener = null;
    else setBlocked(true);
    // A reload of this page must not open it again.
    window.history.replaceState(window.history.state, "", href("/dashboard"));
  }, [openNow]);
  return (
    <Section id="resources" heading={t("resources.heading")} framed>
      {openNow ? (
        <p role="status" className="rounded-md border-l-4 border-glow-500 bg-glow-50 px-3 py-2 dark:bg-slate-900">
          {blocked ? t("resources.blocked", { name: openNow.name }) : t("resources.opening", { name: openNow.name })}{" "}
          <a href={openNow.url} target="_blank" rel="noopener noreferrer" className="font-semibold underline">
            {t("resources.openNow", { name: openNow.name })}
          </a>
        </p>
      ) : null}
      {resources.length === 0 ? (
        <p>{t("resources.empty")}</p>
      ) : (
        <ul className="list-inside list-disc">
          {resources.map((r) => (
            <li key={r.id}>
              <a href={r.url} target="_blank" rel="noopener noreferrer" className="underline">
                {r.name}
              </a>{" "}
              <span className="muted text-sm">{t("resources.opensInNewTab")}</span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export interface QueueItem {
  id: number;
  kind: "compliment" | "star" | "secret";
  sender: { id: number; name: string };
  recipient: { id: number; name: string };
  message: string;
  prompt: string | null;
  stars: number | null;
  reason: string | null;
  sentAt: string;
  sentOn: string;
  reportedAt: string;
  reportedOn: string;
}

export function ModerationQueue({ queue, isAdmin, answer }: { queue: QueueItem[]; isAdmin: boolean; answer?: FormAnswer }) {
  const { t } = useTranslation("staff");
  const { t: ts } = useTranslation("salutes");
  return (
    <Section id="queue" heading={t("queue.heading")} framed>
      <p className="muted text-sm">{t("queue.intro")}</p>
      {queue.length === 0 ? <p>{t("queue.empty")}</p> : null}
      <ol className="space-y-4">
        {queue.map((item) => (
          <li key={item.id} id={`report-${item.id}`} data-salute-kind={item.kind} className="rounded-lg border border-slate-300 p-3 dark:border-slate-700">
            <h3 id={`report-${item.id}-heading`} className="font-semibold">
              {t(`queue.kind.${item.kind}`)} #{item.id}
            </h3>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="font-semibold">{t("queue.from")}</dt>
              <dd data-testid="report-sender">
                {item.sender.name} ({t("queue.memberId", { id: item.sender.id })})
              </dd>
              <dt className="font-semibold">{t("queue.to")}</dt>
              <dd>
                {item.recipient.name} ({t("queue.memberId", { id: item.recipient.id })})
              </dd>
              <dt className="font-semibold">{t("queue.sent")}</dt>
              <dd>
                <time dateTime={item.sentAt}>{item.sentOn}</time>
              </dd>
              <dt className="font-semibold">{t("queue.reported")}</dt>
              <dd>
                <time dateTime={item.reportedAt}>{item.reportedOn}</time>
              </dd>
              {item.reason ? (
                <>
                  <dt className="font-semibold">{t("queue.reason")}</dt>
                  <dd>{isReportReason(item.reason) ? ts(`received.reasons.${item.reason}`) : item.reason}</dd>
                </>
              ) : null}
              {item.prompt ? (
                <>
                  <dt className="font-semibold">{t("queue.prompt")}</dt>
                  <dd>{isSecretPrompt(item.prompt) ? ts(`prompts.${item.prompt}`) : item.prompt}</dd>
                </>
              ) : null}
              {item.stars ? (
                <>
                  <dt className="font-semibold">{t("queue.stars")}</dt>
                  <dd>{"★".repeat(item.stars)}</dd>
                </>
              ) : null}
              <dt className="font-semibold">{t("queue.message")}</dt>
              <dd className="whitespace-pre-line break-words">{item.message || t("queue.noWords")}</dd>
            </dl>
            <ReportDecision saluteId={item.id} isAdmin={isAdmin} answer={answerFor(answer, "handle-report", { saluteId: String(item.id) })} />
          </li>
        ))}
      </ol>
    </Section>
  );
}

function ReportDecision({ saluteId, isAdmin, answer }: { saluteId: number; isAdmin: boolean; answer: FormAnswer | null }) {
  const { t } = useTranslation("staff");
  const id = useId();
  const posting = usePosting(href("/dashboard"), { intent: "handle-report", saluteId: String(saluteId) });
  const errors = answer?.errors ?? {};
  const sender = answer?.values.sender ?? "none";
  return (
    <Form method="post" className="mt-3 space-y-2" aria-labelledby={`report-${saluteId}-heading`}>
      <FormError message={errors.form} />
      <input type="hidden" name="intent" value="handle-report" />
      <input type="hidden" name="saluteId" value={saluteId} />
      <fieldset aria-describedby={errors.sender ? `${id}-sender` : undefined}>
        <legend className="text-sm font-medium">{t("queue.senderAction")}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {(["none", "warn", ...(isAdmin ? ["suspend"] : [])] as const).map((choice) => (
            <label key={choice} className="flex items-center gap-1">
              <input type="radio" name="sender" value={choice} defaultChecked={sender === choice} />
              {t(choice === "none" ? "queue.senderNone" : choice === "warn" ? "queue.senderWarn" : "queue.senderSuspend")}
            </label>
          ))}
        </div>
        <FieldError id={`${id}-sender`} message={errors.sender} focusable />
      </fieldset>
      {isAdmin ? <TextField id={`${id}-reason`} name="reason" label={t("queue.suspendReason")} maxLength={500} value={answer?.values.reason ?? ""} error={errors.reason} /> : null}
      <SubmitRow>
        <button type="submit" name="decision" value="hide" {...waitingButton(posting)} className={primaryButton}>
          {t("queue.hide")}
        </button>
        <button type="submit" name="decision" value="restore" {...waitingButton(posting)} className={secondaryButton}>
          {t("queue.restore")}
        </button>
      </SubmitRow>
    </Form>
  );
}

export interface MemberRow {
  id: number;
  name: string;
  username: string | null;
  phone: string;
  joinedAt: string;
  suspension: { reason: string; at: string } | null;
  suspendedOn: string | null;
}

export function MembersSection({
  q,
  found,
  suspended,
  answer,
}: {
  q: string;
  found: MemberRow[] | null;
  suspended: MemberRow[];
  answer?: FormAnswer;
}) {
  const { t } = useTranslation("staff");
  return (
    <Section id="members" heading={t("members.heading")} framed>
      <Form method="get" action={`${href("/dashboard")}#members`} className="flex flex-wrap items-end gap-2" role="search">
        <div className="grow">
          <label htmlFor="member-q" className="block font-medium">
            {t("members.lookUp")}
          </label>
          {/* The hint under the box, not above it as a TextField puts it: it says what the results show. */}
          <input id="member-q" name="q" defaultValue={q} maxLength={100} aria-describedby="member-q-hint" className={fieldClass} />
          <p id="member-q-hint" className="muted text-sm">
            {t("members.lookUpHint")}
          </p>
        </div>
        <button type="submit" className={secondaryButton}>
          {t("members.search")}
        </button>
      </Form>
      {found ? (
        found.length === 0 ? (
          <p role="status">{t("members.none", { q })}</p>
        ) : (
          <MemberList label={t("members.results")} members={found} answer={answer} />
        )
      ) : null}
      <h3 className="font-semibold">{t("members.suspendedHeading")}</h3>
      {suspended.length === 0 ? <p>{t("members.noneSuspended")}</p> : <MemberList label={t("members.suspendedHeading")} members={suspended} answer={answer} />}
    </Section>
  );
}

function MemberList({ label, members, answer }: { label: string; members: MemberRow[]; answer?: FormAnswer }) {
  const { t } = useTranslation("staff");
  return (
    <ul aria-label={label} className="space-y-3">
      {members.map((m) => (
        <li key={m.id} data-member-id={m.id} className="rounded-lg border border-slate-300 p-3 dark:border-slate-700">
          <p className="font-semibold">
            {m.name} <span className="muted">#{m.id}{m.username ? ` @${m.username}` : ""}</span>
          </p>
          <p className="text-sm">
            {t("members.phone")}: {m.phone}
          </p>
          <p className="text-sm">
            {m.suspension ? t("members.suspendedSince", { when: m.suspendedOn, reason: m.suspension.reason }) : t("members.active")}
          </p>
          {m.suspension ? <LiftForm memberId={m.id} answer={answerFor(answer, "lift-suspension", { memberId: String(m.id) })} /> : <SuspendForm memberId={m.id} answer={answerFor(answer, "suspend-member", { memberId: String(m.id) })} />}
        </li>
      ))}
    </ul>
  );
}

function SuspendForm({ memberId, answer }: { memberId: number; answer: FormAnswer | null }) {
  const { t } = useTranslation("staff");
  const id = useId();
  const posting = usePosting(href("/dashboard"), { intent: "suspend-member", memberId: String(memberId) });
  const errors = answer?.errors ?? {};
  return (
    <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="suspend-member" />
      <input type="hidden" name="memberId" value={memberId} />
      <TextField
        id={`${id}-reason`}
        name="reason"
        label={t("members.reason")}
        className="grow"
        required
        maxLength={500}
        value={answer?.values.reason ?? ""}
        error={errors.reason ?? errors.form ?? errors.memberId}
      />
      <button type="submit" {...waitingButton(posting)} className={primaryButton}>
        {t("members.suspend")}
      </button>
    </Form>
  );
}

function LiftForm({ memberId, answer }: { memberId: number; answer: FormAnswer | null }) {
  const { t } = useTranslation("staff");
  const posting = usePosting(href("/dashboard"), { intent: "lift-suspension", memberId: String(memberId) });
  return (
    <Form method="post" className="mt-2">
      <FormError message={answer?.errors.form} />
      <input type="hidden" name="intent" value="lift-suspension" />
      <input type="hidden" name="memberId" value={memberId} />
      <button type="submit" {...waitingButton(posting)} className={secondaryButton}>
        {t("members.lift")}
      </button>
    </Form>
  );
}

export interface AccountRow {
  id: number;
  username: string;
  isAdmin: boolean;
  agentId: number | null;
  lastSignedInOn: string | null;
  resources: AgentResource[];
}

export function AccountsSection({ accounts, answer }: { accounts: AccountRow[]; answer?: FormAnswer }) {
  const { t } = useTranslation("staff");
  const created = answerFor(answer, "create-staff");
  const errors = created?.errors ?? {};
  return (
    <Section id="staff" heading={t("accounts.heading")} framed>
      <ul className="space-y-4">
        {accounts.map((a) => (
          <li key={a.id} data-staff-id={a.id} className="rounded-lg border border-slate-300 p-3 dark:border-slate-700">
            <p className="font-semibold">
              {a.username} <span className="muted">· {a.isAdmin ? t("dashboard.roleAdmin") : t("dashboard.roleAgent")}</span>
            </p>
            <p className="text-sm">
              {t("accounts.lastSignIn")}: {a.lastSignedInOn ?? t("accounts.never")}
            </p>
            {a.agentId ? <AgentResources account={a} answer={answer} /> : null}
            <SetPasswordForm account={a} answer={answerFor(answer, "set-password", { staffUserId: String(a.id) })} />
          </li>
        ))}
      </ul>
      <Form method="post" className="space-y-3 border-t border-slate-200 pt-3 dark:border-slate-800" aria-labelledby="create-staff-heading">
        <h3 id="create-staff-heading" className="font-semibold">
          {t("accounts.create")}
        </h3>
        <FormError message={errors.form} />
        <input type="hidden" name="intent" value="create-staff" />
        <TextField idPrefix="new-staff" name="username" label={t("accounts.username")} required maxLength={40} value={created?.values.username ?? ""} error={errors.username} />
        {/* A password is never sent back: the field starts empty after a refusal. */}
        <TextField idPrefix="new-staff" name="password" type="password" label={t("accounts.password")} required minLength={12} maxLength={200} autoComplete="new-password" error={errors.password} />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="isAdmin" value="on" defaultChecked={created?.values.isAdmin === "on"} />
          {t("accounts.isAdmin")}
        </label>
        <button type="submit" className={primaryButton}>
          {t("accounts.createSubmit")}
        </button>
      </Form>
    </Section>
  );
}

function AgentResources({ account, answer }: { account: AccountRow; answer?: FormAnswer }) {
  const { t } = useTranslation("staff");
  const id = useId();
  const added = answerFor(answer, "add-resource", { agentId: String(account.agentId) });
  const errors = added?.errors ?? {};
  return (
    <div className="mt-2 space-y-2">
      <p className="text-sm font-medium">{t("accounts.resources")}</p>
      {account.resources.length === 0 ? <p className="text-sm">{t("accounts.noResources")}</p> : null}
      <ul className="space-y-1 text-sm">
        {account.resources.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center gap-2">
            <a href={r.url} target="_blank" rel="noopener noreferrer" className="underline">
              {r.name}
            </a>
            <span className="muted break-all">{r.url}</span>
            <Form method="post">
              <input type="hidden" name="intent" value="remove-resource" />
              <input type="hidden" name="resourceId" value={r.id} />
              <button type="submit" className={secondaryButton}>
                {t("accounts.remove", { name: r.name })}
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <Form method="post" className="flex flex-wrap items-end gap-2" aria-label={t("accounts.addResource", { name: account.username })}>
        <input type="hidden" name="intent" value="add-resource" />
        <input type="hidden" name="agentId" value={account.agentId ?? ""} />
        <TextField idPrefix={id} name="name" label={t("accounts.resourceName")} required maxLength={80} value={added?.values.name ?? ""} error={errors.name} />
        <TextField idPrefix={id} name="url" label={t("accounts.resourceUrl")} className="grow" required maxLength={2000} value={added?.values.url ?? ""} error={errors.url ?? errors.form} />
        <button type="submit" className={secondaryButton}>
          {t("accounts.add")}
        </button>
      </Form>
    </div>
  );
}

function SetPasswordForm({ account, answer }: { account: AccountRow; answer: FormAnswer | null }) {
  const { t } = useTranslation("staff");
  const id = useId();
  const errors = answer?.errors ?? {};
  return (
    <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="set-password" />
      <input type="hidden" name="staffUserId" value={account.id} />
      <TextField
        idPrefix={id}
        name="password"
        type="password"
        label={t("accounts.newPassword", { name: account.username })}
        className="grow"
        required
        minLength={12}
        maxLength={200}
        autoComplete="new-password"
        error={errors.password ?? errors.form}
      />
      <button type="submit" className={secondaryButton}>
        {t("accounts.setPassword")}
      </button>
    </Form>
  );
}

export interface ContestRow {
  id: number;
  name: string;
  status: string;
  startsOn: string | null;
  endsOn: string | null;
  gameMaster: string | null;
  parties: number;
  players: number;
  roles: number;
}

export function ContestsSection({ contests }: { contests: ContestRow[] }) {
  const { t } = useTranslation("staff");
  return (
    <Section id="contests" heading={t("contests.heading")} framed>
      {contests.length === 0 ? (
        <p>{t("contests.empty")}</p>
      ) : (
        <DataTable
          label={t("contests.heading")}
          rows={contests}
          rowKey={(c) => c.id}
          columns={[
            { header: t("contests.name"), cell: (c) => c.name, rowHeader: true },
            { header: t("contests.status"), cell: (c) => (isContestStatus(c.status) ? t(`contests.statusValue.${c.status}`) : c.status) },
            { header: t("contests.dates"), cell: (c) => [c.startsOn, c.endsOn].filter(Boolean).join(" – ") },
            { header: t("contests.gameMaster"), cell: (c) => c.gameMaster ?? "—" },
            { header: t("contests.parties"), cell: (c) => c.parties },
            { header: t("contests.players"), cell: (c) => c.players },
            { header: t("contests.roles"), cell: (c) => c.roles },
          ]}
        />
      )}
    </Section>
  );
}

export interface AuditRow {
  id: number;
  staffUsername: string;
  action: StaffAction;
  targetKind: string | null;
  targetId: string | null;
  details: Record<string, string | number | boolean | null>;
  at: string;
  atText: string;
}

export function AuditSection({ audit, before }: { audit: AuditRow[]; before: number | null }) {
  const { t } = useTranslation("staff");
  const last = audit.at(-1);
  return (
    <Section id="audit" heading={t("audit.heading")} framed>
      {audit.length === 0 ? (
        <p>{t("audit.empty")}</p>
      ) : (
        <DataTable
          label={t("audit.heading")}
          rows={audit}
          rowKey={(e) => e.id}
          rowProps={(e) => ({ "data-audit-action": e.action })}
          columns={[
            { header: t("audit.when"), cell: (e) => <time dateTime={e.at}>{e.atText}</time> },
            { header: t("audit.who"), cell: (e) => e.staffUsername },
            { header: t("audit.what"), cell: (e) => t(`audit.actions.${e.action}`) },
            {
              header: t("audit.about"),
              className: "break-all",
              cell: (e) =>
                `${e.targetKind ? `${e.targetKind} #${e.targetId}` : ""}${Object.keys(e.details).length ? ` ${Object.entries(e.details).map(([k, v]) => `${k}: ${String(v)}`).join(", ")}` : ""}`,
            },
          ]}
        />
      )}
      <p className="flex gap-4 text-sm">
        {before ? (
          <Link to={`${href("/dashboard")}#audit`} className="underline">
            {t("audit.newest")}
          </Link>
        ) : null}
        {last && audit.length >= 50 ? (
          <Link to={`${href("/dashboard")}?auditBefore=${last.id}#audit`} className="underline">
            {t("audit.older")}
          </Link>
        ) : null}
      </p>
    </Section>
  );
}
