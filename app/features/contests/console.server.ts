/**
 * The game master's console: the contests they run (the switcher, the current contest per
 * member), contests and rounds made and changed, status changes, role invitations
 * (the parties' invitations, naming a contest and a role), the request modal's answers and
 * the overrides with their audit trail.
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { hasRole, type MemberRole } from "~/features/auth/index.server";
import { hashInviteToken, inviteProblem, isTokenShaped, newToken, peopleByIds, inTransaction } from "~/features/parties/index.server";
import { INVITE_TTL_MS } from "~/features/parties";
import { chosenName } from "~/features/members";
import { displayName } from "~/features/members/index.server";
import { db } from "~/platform/db/db.server";
import {
  contestAudit,
  contestRequests,
  contestRounds,
  contests,
  invites,
  memberCurrentContests,
  memberRoles,
  members,
  parties,
  partyEvents,
  partyMembers,
  roundEntries,
  type Contest,
  type ContestRound,
  type RoundCriterion,
} from "~/platform/db/schema";
import type { Queryable, Tx } from "~/platform/db/transaction.server";
import { enqueueEmail } from "~/platform/email/queue.server";
import type { Language } from "~/platform/i18n";
import { translatorFor } from "~/platform/i18n.server";
import { escapeHtml } from "~/platform/escape-html";
import { done, refused, type Outcome } from "~/platform/outcome";
import { canChangeStatus, contestStatus, gameMasterScreenRoles, NEXT_ROUND_STATE, type ContestStatus, type RoundState } from "./rules";
import { notifyContest } from "./live.server";
import { judgeShortfall, publishRoundIn } from "./results.server";

export type ConsoleRefusal =
  | "unknown-contest"
  | "not-game-master"
  | "unknown-round"
  | "not-draft"
  | "status-change"
  | "round-state"
  | "round-incomplete"
  | "contest-not-active"
  | "unknown-entry"
  | "unknown-request"
  | "not-pending"
  | "unknown-party"
  | "board-frozen"
  | "not-a-member"
  | "already-ringleader"
  | "too-few-judges";

/** The contests this member's roles show on the game master screen (section 6), with names and statuses. */
export async function consoleContests(roles: readonly MemberRole[]) {
  const entries = gameMasterScreenRoles(roles).filter((r) => r.contestId !== null);
  const ids = [...new Set(entries.map((r) => Number(r.contestId)).filter((id) => Number.isSafeInteger(id)))];
  if (ids.length === 0) return [];
  const rows = await db().select().from(contests).where(inArray(contests.id, ids)).orderBy(asc(contests.id));
  return rows.map((c) => ({
    id: c.id,
    name: c.name,
    status: contestStatus(c.status),
    role: entries.find((r) => String(r.contestId) === String(c.id))!.role,
  }));
}

/**
 * Spec section 4: setting the current contest is skipped when the id is unchanged (nothing
 * is written; `changed` says so).
 */
export async function setCurrentContest(memberId: number, contestId: number, now = new Date(), executor: Queryable = db()) {
  const [held] = await executor.select().from(memberCurrentContests).where(eq(memberCurrentContests.memberId, memberId));
  if (held && String(held.contestId) === String(contestId)) return { changed: false as const };
  await executor
    .insert(memberCurrentContests)
    .values({ memberId, contestId, changedAt: now })
    .onConflictDoUpdate({ target: memberCurrentContests.memberId, set: { contestId, changedAt: now } });
  return { changed: true as const };
}

/** The member's current contest among `allowed` (the first one when none is kept, or the kept one left the list). */
export async function currentContestAmong<T extends { id: number }>(memberId: number, allowed: readonly T[]): Promise<T | null> {
  if (allowed.length === 0) return null;
  const [held] = await db().select().from(memberCurrentContests).where(eq(memberCurrentContests.memberId, memberId));
  return allowed.find((c) => held && String(c.id) === String(held.contestId)) ?? allowed[0]!;
}

/** The contest, when `roles` make their holder its game master. */
async function ranBy(executor: Queryable, roles: readonly MemberRole[], contestId: number, lock = false): Promise<Outcome<Contest, ConsoleRefusal>> {
  const query = executor.select().from(contests).where(eq(contests.id, contestId));
  const [contest] = lock ? await query.for("update") : await query;
  if (!contest) return refused("unknown-contest");
  if (!hasRole(roles, "gamemaster", contest.id)) return refused("not-game-master");
  return done(contest);
}

export interface ContestValues {
  name: string;
  description: string;
  startsAt: Date | null;
  endsAt: Date | null;
  /** Judges every entry needs before a round is published (the contest's default when absent). */
  minJudges?: number;
}

/** A game master (of any contest) starts a new one, Active, and becomes its game master. */
export function createContest(memberId: number, roles: readonly MemberRole[], values: ContestValues) {
  return inTransaction<Contest, ConsoleRefusal>(async (tx) => {
    if (!hasRole(roles, "gamemaster")) return refused("not-game-master");
    const [contest] = await tx.insert(contests).values({ ...values, gameMasterId: memberId }).returning();
    await tx.insert(memberRoles).values({ memberId, contestId: contest!.id, role: "gamemaster" }).onConflictDoNothing();
    await setCurrentContest(memberId, contest!.id, new Date(), tx);
    return done(contest!);
  });
}

export function updateContest(roles: readonly MemberRole[], contestId: number, values: ContestValues) {
  return inTransaction<Contest, ConsoleRefusal>(async (tx) => {
    const found = await ranBy(tx, roles, contestId, true);
    if (!found.ok) return found;
    const [contest] = await tx.update(contests).set(values).where(eq(contests.id, contestId)).returning();
    return done(contest!);
  });
}

/** Active ⇄ Paused, or Ended for good; the form explains each and asks to confirm first. */
export function changeContestStatus(memberId: number, roles: readonly MemberRole[], contestId: number, to: ContestStatus) {
  return inTransaction<{ from: ContestStatus; to: ContestStatus }, ConsoleRefusal>(async (tx) => {
    const found = await ranBy(tx, roles, contestId, true);
    if (!found.ok) return found;
    const from = contestStatus(found.value.status);
    if (!canChangeStatus(from, to)) return refused("status-change", { details: { from, to } });
    await tx.update(contests).set({ status: to }).where(eq(contests.id, contestId));
    await tx.insert(contestAudit).values({ contestId, actorId: memberId, action: "status", subject: `${from} → ${to}`, reason: "" });
    notifyContest(contestId);
    return done({ from, to });
  });
}

export interface RoundValues {
  challenge: string;
  criteria: RoundCriterion[];
  opensAt: Date | null;
  closesAt: Date | null;
}

export function createRound(roles: readonly MemberRole[], contestId: number, values: RoundValues) {
  return inTransaction<ContestRound, ConsoleRefusal>(async (tx) => {
    const found = await ranBy(tx, roles, contestId, true);
    if (!found.ok) return found;
    const [last] = await tx.select({ n: sql<number>`coalesce(max(${contestRounds.number}), 0)::int` }).from(contestRounds).where(eq(contestRounds.contestId, contestId));
    const [round] = await tx.insert(contestRounds).values({ contestId, number: (last?.n ?? 0) + 1, ...values }).returning();
    return done(round!);
  });
}

async function roundRanBy(tx: Tx, roles: readonly MemberRole[], roundId: number): Promise<Outcome<{ round: ContestRound; contest: Contest }, ConsoleRefusal>> {
  const [round] = await tx.select().from(contestRounds).where(eq(contestRounds.id, roundId)).for("update");
  if (!round) return refused("unknown-round");
  const found = await ranBy(tx, roles, round.contestId);
  if (!found.ok) return found;
  return done({ round, contest: found.value });
}

/** A draft round's challenge, criteria and times change freely; an open one keeps its criteria (judges may have scored). */
export function updateRound(roles: readonly MemberRole[], roundId: number, values: RoundValues) {
  return inTransaction<ContestRound, ConsoleRefusal>(async (tx) => {
    const found = await roundRanBy(tx, roles, roundId);
    if (!found.ok) return found;
    if (found.value.round.state !== "draft") return refused("not-draft");
    const [round] = await tx.update(contestRounds).set(values).where(eq(contestRounds.id, roundId)).returning();
    return done(round!);
  });
}

/**
 * Moves a round on: draft → open (it needs a challenge and criteria, and an Active
 * contest), open → judging (entries close), judging → published (results go to players,
 * points to parties, a post to the feed).
 *
 * Publishing is refused while an entry has fewer judges than the contest's minimum
 * (`too-few-judges`, naming them), unless the game master overrides it with a reason, which
 * the contest's audit trail keeps with the entries that were short (decision 1221). That
 * the game master confirmed is the form's business (schemas.ts): a command has no second step.
 */
export function advanceRound(memberId: number, roles: readonly MemberRole[], roundId: number, expected: RoundState, now = new Date(), options: { overrideReason?: string } = {}) {
  return inTransaction<{ round: ContestRound; to: RoundState }, ConsoleRefusal>(async (tx) => {
    const found = await roundRanBy(tx, roles, roundId);
    if (!found.ok) return found;
    const { round, contest } = found.value;
    const to = NEXT_ROUND_STATE[round.state];
    // The form names the state it saw: a second press (or a stale tab) does not move it twice.
    if (!to || round.state !== expected) return refused("round-state");
    if (to === "open") {
      if (contestStatus(contest.status) !== "Active") return refused("contest-not-active");
      if (!round.challenge.trim() || round.criteria.length === 0) return refused("round-incomplete");
    }
    if (to === "published") {
      if (contest.boardFrozenAt) return refused("board-frozen");
      const short = await judgeShortfall(tx, round, contest.minJudges);
      const reason = options.overrideReason?.trim() ?? "";
      if (short.length && !reason) {
        return refused("too-few-judges", { details: { min: contest.minJudges, entries: short.map((e) => `${e.party} (${e.judges})`).join(", ") } });
      }
      if (short.length) {
        await tx.insert(contestAudit).values({
          contestId: contest.id,
          actorId: memberId,
          action: "publish-short",
          subject: `#${round.number} · ${short.map((e) => `${e.party} (${e.judges}/${contest.minJudges})`).join(", ")}`,
          reason,
          createdAt: now,
        });
      }
      await publishRoundIn(tx, contest, round, memberId, now);
    }
    const [moved] = await tx
      .update(contestRounds)
      .set({
        state: to,
        ...(to === "open" && !round.opensAt ? { opensAt: now } : {}),
        ...(to === "judging" ? { closesAt: round.closesAt && round.closesAt < now ? round.closesAt : now } : {}),
        ...(to === "published" ? { publishedAt: now } : {}),
      })
      .where(eq(contestRounds.id, roundId))
      .returning();
    notifyContest(contest.id);
    return done({ round: moved!, to });
  });
}

/** Freezes the contest's overall board for the final: no more rounds are published. */
export function freezeBoard(memberId: number, roles: readonly MemberRole[], contestId: number, now = new Date()) {
  return inTransaction<{ contestId: number }, ConsoleRefusal>(async (tx) => {
    const found = await ranBy(tx, roles, contestId, true);
    if (!found.ok) return found;
    if (found.value.boardFrozenAt) return refused("board-frozen");
    await tx.update(contests).set({ boardFrozenAt: now }).where(eq(contests.id, contestId));
    await tx.insert(contestAudit).values({ contestId, actorId: memberId, action: "freeze", subject: found.value.name, reason: "" });
    notifyContest(contestId);
    return done({ contestId });
  });
}

export type Override =
  | { kind: "reopen-round"; roundId: number; reason: string }
  | { kind: "remove-entry"; entryId: number; reason: string }
  | { kind: "admit-late"; roundId: number; partyId: number; text: string; reason: string }
  | { kind: "reassign-ringleader"; partyId: number; memberId: number; reason: string };

/**
 * The overrides for a stuck contest, each with a required reason, written to the audit
 * trail: reopen a round that went to judging too soon, remove an entry, admit a late
 * party's entry (the game master enters what the party sent), reassign a party's
 * ringleader (one of its members leads it; whoever led it becomes a member).
 */
export function applyOverride(memberId: number, roles: readonly MemberRole[], override: Override, now = new Date()) {
  return inTransaction<{ contestId: number }, ConsoleRefusal>(async (tx) => {
    const audit = (contestId: number, subject: string) =>
      tx.insert(contestAudit).values({ contestId, actorId: memberId, action: override.kind, subject, reason: override.reason, createdAt: now });
    if (override.kind === "reopen-round") {
      const found = await roundRanBy(tx, roles, override.roundId);
      if (!found.ok) return found;
      if (found.value.round.state !== "judging") return refused("round-state");
      await tx.update(contestRounds).set({ state: "open", closesAt: null }).where(eq(contestRounds.id, override.roundId));
      await audit(found.value.contest.id, `#${found.value.round.number}`);
      notifyContest(found.value.contest.id);
      return done({ contestId: found.value.contest.id });
    }
    if (override.kind === "remove-entry") {
      const [entry] = await tx
        .select({ id: roundEntries.id, roundId: roundEntries.roundId, party: parties.name, removedAt: roundEntries.removedAt })
        .from(roundEntries)
        .innerJoin(parties, eq(parties.id, roundEntries.partyId))
        .where(eq(roundEntries.id, override.entryId));
      if (!entry || entry.removedAt) return refused("unknown-entry");
      const found = await roundRanBy(tx, roles, entry.roundId);
      if (!found.ok) return found;
      if (found.value.round.state === "published") return refused("round-state");
      await tx.update(roundEntries).set({ removedAt: now }).where(eq(roundEntries.id, entry.id));
      await audit(found.value.contest.id, `${entry.party} · #${found.value.round.number}`);
      notifyContest(found.value.contest.id);
      return done({ contestId: found.value.contest.id });
    }
    if (override.kind === "reassign-ringleader") {
      // The party locked first, as every roster change does (docs/parties.md).
      const [party] = await tx.select().from(parties).where(eq(parties.id, override.partyId)).for("update");
      if (!party || party.contestId === null || party.disbandedAt) return refused("unknown-party");
      const found = await ranBy(tx, roles, party.contestId);
      if (!found.ok) return found;
      const roster = await tx.select({ memberId: partyMembers.memberId, role: partyMembers.role }).from(partyMembers).where(eq(partyMembers.partyId, party.id));
      const chosen = roster.find((m) => m.memberId === override.memberId);
      if (!chosen) return refused("not-a-member");
      const others = roster.filter((m) => m.role === "ringleader" && m.memberId !== chosen.memberId);
      if (chosen.role === "ringleader" && others.length === 0) return refused("already-ringleader");
      // The chosen member leads alone: every other ringleader becomes a member.
      await tx.update(partyMembers).set({ role: "member" }).where(and(eq(partyMembers.partyId, party.id), eq(partyMembers.role, "ringleader")));
      await tx.update(partyMembers).set({ role: "ringleader" }).where(and(eq(partyMembers.partyId, party.id), eq(partyMembers.memberId, chosen.memberId)));
      // A contest party's ringleaders hold the contest's ringleader role (docs/parties.md).
      await tx.insert(memberRoles).values({ memberId: chosen.memberId, contestId: party.contestId, role: "ringleader" }).onConflictDoNothing();
      await tx.insert(partyEvents).values({ partyId: party.id, kind: "ringleader", actorId: memberId, subjectId: chosen.memberId, createdAt: now });
      const people = await peopleByIds([chosen.memberId, ...others.map((o) => o.memberId)], tx);
      const name = (id: number) => people.get(id)?.name ?? "";
      const before = others.map((o) => name(o.memberId)).join(", ");
      await audit(party.contestId, `${party.name}: ${before ? `${before} → ` : ""}${name(chosen.memberId)}`);
      notifyContest(party.contestId);
      return done({ contestId: party.contestId });
    }
    const found = await roundRanBy(tx, roles, override.roundId);
    if (!found.ok) return found;
    if (found.value.round.state === "published" || found.value.round.state === "draft") return refused("round-state");
    const [party] = await tx.select().from(parties).where(and(eq(parties.id, override.partyId), eq(parties.contestId, found.value.contest.id)));
    if (!party) return refused("unknown-party");
    await tx
      .insert(roundEntries)
      .values({ roundId: override.roundId, partyId: party.id, text: override.text, submittedBy: memberId, submittedAt: now, late: true })
      .onConflictDoUpdate({ target: [roundEntries.roundId, roundEntries.partyId], set: { text: override.text, submittedAt: now, late: true, removedAt: null } });
    await audit(found.value.contest.id, `${party.name} · #${found.value.round.number}`);
    notifyContest(found.value.contest.id);
    return done({ contestId: found.value.contest.id });
  });
}

/** The contest's audit trail, newest first. */
/** A member's names as a statement joined to `members` reads them (a left join that finds no one gives null). */
const nameColumns = { id: members.id, firstName: members.firstName, lastName: members.lastName, username: members.username };

export async function auditTrail(contestId: number, lang: Language = "en", limit = 50) {
  // The actor named in the same statement.
  const rows = await db()
    .select({ entry: contestAudit, actor: nameColumns })
    .from(contestAudit)
    .leftJoin(members, eq(members.id, contestAudit.actorId))
    .where(eq(contestAudit.contestId, contestId))
    .orderBy(desc(contestAudit.createdAt), desc(contestAudit.id))
    .limit(limit);
  return rows.map(({ entry: r, actor }) => ({
    id: r.id,
    action: r.action,
    subject: r.subject,
    reason: r.reason,
    at: r.createdAt.toISOString(),
    actor: actor ? displayName(actor, lang) : null,
  }));
}

/** A contest's rounds, in order. */
export function roundsOf(contestId: number) {
  return db().select().from(contestRounds).where(eq(contestRounds.contestId, contestId)).orderBy(asc(contestRounds.number));
}

/** Pending requests and questions of a contest (the request modal), oldest first. */
export async function pendingRequests(contestId: number, lang: Language = "en") {
  const rows = await db()
    .select({ request: contestRequests, member: nameColumns })
    .from(contestRequests)
    .leftJoin(members, eq(members.id, contestRequests.memberId))
    .where(and(eq(contestRequests.contestId, contestId), eq(contestRequests.status, "pending")))
    .orderBy(asc(contestRequests.createdAt))
    .limit(100);
  return rows.map(({ request: r, member }) => ({
    id: r.id,
    kind: r.kind as "join" | "role" | "question",
    role: r.role,
    message: r.message,
    at: r.createdAt.toISOString(),
    member: member ? displayName(member, lang) : "",
  }));
}

export type RequestAnswer = { requestId: number; decision: "accept" | "decline" | "reply"; text: string };

/**
 * Answers a request from the modal: accepting a role request gives the role in this
 * contest; declining says why; a question gets a reply the member reads on /compete.
 */
export function answerRequest(memberId: number, roles: readonly MemberRole[], answer: RequestAnswer, now = new Date()) {
  return inTransaction<{ contestId: number; kind: string }, ConsoleRefusal>(async (tx) => {
    const [request] = await tx.select().from(contestRequests).where(eq(contestRequests.id, answer.requestId)).for("update");
    if (!request) return refused("unknown-request");
    const found = await ranBy(tx, roles, request.contestId);
    if (!found.ok) return found;
    if (request.status !== "pending") return refused("not-pending");
    const status = answer.decision === "accept" ? "approved" : answer.decision === "decline" ? "declined" : "answered";
    if (status === "approved" && request.kind === "role" && (request.role === "judge" || request.role === "ringleader")) {
      await tx.insert(memberRoles).values({ memberId: request.memberId, contestId: request.contestId, role: request.role }).onConflictDoNothing();
    }
    await tx
      .update(contestRequests)
      .set({ status, answer: answer.text || null, answeredBy: memberId, decidedAt: now })
      .where(eq(contestRequests.id, request.id));
    notifyContest(request.contestId);
    return done({ contestId: request.contestId, kind: request.kind });
  });
}

/** A member asks the game master of a contest a question (answered in the request modal). */
export async function askQuestion(memberId: number, contestId: number, text: string) {
  const [contest] = await db().select({ id: contests.id }).from(contests).where(eq(contests.id, contestId));
  if (!contest) return refused<ConsoleRefusal>("unknown-contest");
  await db().insert(contestRequests).values({ contestId, memberId, kind: "question", message: text });
  notifyContest(contestId);
  return done({ contestId });
}

/** A member's questions to a contest's game master and the answers, newest first. */
export async function questionsOf(memberId: number, contestId: number) {
  return db()
    .select({ id: contestRequests.id, message: contestRequests.message, answer: contestRequests.answer, status: contestRequests.status, at: contestRequests.createdAt })
    .from(contestRequests)
    .where(and(eq(contestRequests.memberId, memberId), eq(contestRequests.contestId, contestId), eq(contestRequests.kind, "question")))
    .orderBy(desc(contestRequests.createdAt))
    .limit(20);
}

// ——— Role invitations: the parties' invitations, naming a contest and a role, no party ———

export type RoleInviteRole = "judge" | "ringleader";

/** Where a role invitation leads: Judge Onboarding for a judge, the same screen names a ringleader's role. */
export function roleInviteLink(origin: string, contestId: number, gameMasterId: number, token: string) {
  return `${origin}/judge-onboarding/${contestId}/${gameMasterId}?invite=${token}`;
}

/**
 * Where a contest role invitation without a party lands once its invitee is signed in
 * (spec: /accept-invite/invite/{contestId}/{memberId}/{role}/{inviteType}): Judge Onboarding,
 * which accepts a judge's and a ringleader's role alike, with what else the link carried (its
 * token) kept. Null when no such contest exists.
 */
export async function roleInvitationPage(contestId: string | undefined, carried: URLSearchParams): Promise<string | null> {
  if (!contestId || !/^\d{1,10}$/.test(contestId)) return null;
  const [contest] = await db().select({ id: contests.id, gameMasterId: contests.gameMasterId }).from(contests).where(eq(contests.id, Number(contestId)));
  if (!contest) return null;
  const query = carried.toString();
  return `/judge-onboarding/${contest.id}/${contest.gameMasterId ?? 0}${query ? `?${query}` : ""}`;
}

async function roleInviteEmail(language: Language, facts: { gameMaster: string; contest: string; role: RoleInviteRole; link: string; expiresAt: Date }) {
  const t = await translatorFor(language);
  const values = { ...facts, role: t(`contests:roles.${facts.role}`), date: new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(facts.expiresAt) };
  const lines = [t("contests:email.greeting"), t("contests:email.invites", values), t("contests:email.what", values), t("contests:email.expires", values)];
  const text = [lines[0], "", lines[1], lines[2], "", facts.link, "", lines[3]].join("\n");
  const html = `<!doctype html><html lang="${language === "zh" ? "zh-Hans" : "en"}"><body style="font-family: sans-serif; line-height: 1.5">${lines
    .slice(0, 3)
    .map((l) => `<p>${escapeHtml(l!)}</p>`)
    .join("")}<p><a href="${escapeHtml(facts.link)}">${escapeHtml(facts.link)}</a></p><p>${escapeHtml(lines[3]!)}</p></body></html>`;
  return { subject: t("contests:email.subject", values), text, html };
}

/** The game master invites a judge or a ringleader by email (queued) or by link (shown once, with its QR code). */
export function inviteToContest(
  gameMasterId: number,
  roles: readonly MemberRole[],
  contestId: number,
  options: { role: RoleInviteRole; channel: "link" | "email"; email?: string; language?: Language },
  origin: string,
  now = new Date(),
) {
  return inTransaction<{ link: string; email: string | null }, ConsoleRefusal>(async (tx) => {
    const found = await ranBy(tx, roles, contestId);
    if (!found.ok) return found;
    if (contestStatus(found.value.status) === "Ended") return refused("contest-not-active");
    const token = newToken();
    const [invite] = await tx
      .insert(invites)
      .values({
        tokenHash: hashInviteToken(token),
        partyId: null,
        contestId,
        inviterId: gameMasterId,
        role: options.role,
        channel: options.channel,
        email: options.email ?? null,
        language: options.language ?? null,
        expiresAt: new Date(now.getTime() + INVITE_TTL_MS),
        createdAt: now,
      })
      .returning();
    const link = roleInviteLink(origin, contestId, gameMasterId, token);
    if (options.channel === "email" && options.email) {
      const language = options.language ?? "en";
      // The invitee reads the game master's name in the email's language.
      const people = await peopleByIds([gameMasterId], tx, language);
      const email = await roleInviteEmail(language, {
        gameMaster: people.get(gameMasterId)?.name ?? "",
        contest: found.value.name,
        role: options.role,
        link,
        expiresAt: invite!.expiresAt,
      });
      await enqueueEmail(tx, { ...email, to: options.email, kind: "contest-invite" }, now);
    }
    return done({ link, email: invite!.email });
  });
}

/**
 * How the console names a contest's judges: the name a judge chose, or, while they have none
 * (signup not finished), the email their invitation went to, which the game master knows (a
 * generated name like "Kind Hedgehog 30" tells them nothing); else the generated name. Only
 * for the console: the game master of this contest sent those invitations.
 */
export async function judgeLabels(contestId: number, judgeIds: Iterable<number>, lang: Language = "en"): Promise<Map<number, { name: string }>> {
  const wanted = [...new Set(judgeIds)];
  const labels = new Map<number, { name: string }>();
  if (wanted.length === 0) return labels;
  const people = await db()
    .select({ id: members.id, firstName: members.firstName, lastName: members.lastName, username: members.username })
    .from(members)
    .where(inArray(members.id, wanted));
  const unnamed = people.filter((p) => chosenName(p) === null).map((p) => p.id);
  const invited = unnamed.length
    ? await db()
        .select({ memberId: invites.acceptedBy, email: invites.email })
        .from(invites)
        .where(and(eq(invites.contestId, contestId), isNull(invites.partyId), inArray(invites.acceptedBy, unnamed), isNotNull(invites.email)))
        .orderBy(desc(invites.decidedAt))
    : [];
  for (const person of people) {
    const email = invited.find((i) => i.memberId === person.id)?.email;
    labels.set(person.id, { name: chosenName(person) ?? email ?? displayName(person, lang) });
  }
  return labels;
}

/** The contest's role invitations for the console: who was invited, and who accepted. */
export async function roleInvites(contestId: number, lang: Language = "en") {
  const rows = await db()
    .select()
    .from(invites)
    .where(and(eq(invites.contestId, contestId), isNull(invites.partyId)))
    .orderBy(desc(invites.createdAt))
    .limit(50);
  const people = await judgeLabels(contestId, rows.flatMap((r) => (r.acceptedBy === null ? [] : [r.acceptedBy])), lang);
  return rows.map((r) => ({
    id: r.id,
    role: r.role,
    channel: r.channel,
    email: r.email,
    status: r.status,
    expiresAt: r.expiresAt.toISOString(),
    acceptedBy: r.acceptedBy === null ? null : (people.get(r.acceptedBy)?.name ?? null),
  }));
}

export type RoleInviteProblem = "unknown-invite" | "expired" | "revoked" | "replaced" | "declined" | "used";

/** A contest role invitation behind a token, if it names this contest (reading spends nothing). */
export async function findRoleInvite(token: string | null, contestId: number, executor: Queryable = db()) {
  if (!isTokenShaped(token)) return null;
  const [row] = await executor.select().from(invites).where(eq(invites.tokenHash, hashInviteToken(token)));
  if (!row || row.partyId !== null || row.contestId !== contestId || (row.role !== "judge" && row.role !== "ringleader")) return null;
  return row;
}

/** The invitee's Accept on Judge Onboarding: the one thing that spends a role invitation. */
export function acceptRoleInvite(memberId: number, token: string, contestId: number, now = new Date()) {
  return inTransaction<{ role: RoleInviteRole; contestId: number }, RoleInviteProblem>(async (tx) => {
    const found = await findRoleInvite(token, contestId, tx);
    if (!found) return refused("unknown-invite");
    const [invite] = await tx.select().from(invites).where(eq(invites.id, found.id)).for("update");
    const problem = inviteProblem(invite!, now, memberId);
    if (problem === "mine") return done({ role: invite!.role as RoleInviteRole, contestId });
    if (problem) return refused(problem);
    await tx.insert(memberRoles).values({ memberId, contestId, role: invite!.role as RoleInviteRole }).onConflictDoNothing();
    await tx.update(invites).set({ status: "accepted", decidedAt: now, acceptedBy: memberId }).where(eq(invites.id, invite!.id));
    notifyContest(contestId);
    return done({ role: invite!.role as RoleInviteRole, contestId });
  });
}
