/**
 * The contest rules against a real database: the current contest (unchanged is skipped),
 * role invitations, assignment (coverage, never a judge's own party, claims that run out,
 * recusal, skips flagged), scores that change until publish, the publish gate, and the
 * overrides' audit trail.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import type { MemberRole } from "~/features/auth/principal.server";
import { db } from "~/platform/db/db.server";
import { contestRounds, emailOutbox, entryJudges, entryScores, memberCurrentContests, memberRoles, members, parties, partyMembers, posts, roundEntries, type Member } from "~/platform/db/schema";
import { newJoinCode } from "~/features/parties/join-code";
import { acceptRoleInvite, advanceRound, applyOverride, auditTrail, changeContestStatus, createContest, createRound, findRoleInvite, inviteToContest, setCurrentContest } from "./console.server";
import { submitEntry } from "./compete.server";
import { claimNext, flaggedEntries, judgeDesk, scoreEntry, stepAside } from "./judging.server";
import { publishedResults, roundResults } from "./results.server";
import { consoleView } from "./console-view.server";

let n = 0;
async function person(): Promise<Member> {
  n += 1;
  const [row] = await db().insert(members).values({ phone: `+1555600${String(n).padStart(4, "0")}`, firstName: `Player${n}` }).returning();
  return row!;
}
async function rolesOf(member: Member): Promise<MemberRole[]> {
  return (await db().select({ role: memberRoles.role, contestId: memberRoles.contestId }).from(memberRoles).where(eq(memberRoles.memberId, member.id))) as MemberRole[];
}
async function partyIn(contestId: number, people: Member[]) {
  const [party] = await db().insert(parties).values({ name: `Party ${++n}`, contestId, joinCode: newJoinCode() }).returning();
  await db().insert(partyMembers).values(people.map((m, i) => ({ partyId: party!.id, memberId: m.id, contestId, role: i === 0 ? ("ringleader" as const) : ("member" as const) })));
  return party!;
}
const criteria = [
  { name: "Creativity", weight: 2 },
  { name: "Teamwork", weight: 1 },
];

/** A contest run by a new game master, with an open round, three parties with entries and four judges. */
async function world() {
  const gm = await person();
  await db().insert(memberRoles).values({ memberId: gm.id, contestId: null, role: "gamemaster" });
  const contest = await createContest(gm.id, await rolesOf(gm), { name: `Contest ${++n}`, description: "", startsAt: null, endsAt: null });
  if (!contest.ok) throw new Error("contest");
  const gmRoles = await rolesOf(gm);
  const round = await createRound(gmRoles, contest.value.id, { challenge: "Light a lantern", criteria, opensAt: null, closesAt: null });
  if (!round.ok) throw new Error("round");
  expect((await advanceRound(gm.id, gmRoles, round.value.id, "draft")).ok).toBe(true);
  const judges = [await person(), await person(), await person(), await person()];
  for (const j of judges) await db().insert(memberRoles).values({ memberId: j.id, contestId: contest.value.id, role: "judge" });
  const players = [await person(), await person(), await person()];
  // The first judge plays in the first party: a conflict of interest.
  const teams = [await partyIn(contest.value.id, [players[0]!, judges[0]!]), await partyIn(contest.value.id, [players[1]!]), await partyIn(contest.value.id, [players[2]!])];
  for (const [i, p] of players.entries()) expect((await submitEntry(p.id, round.value.id, { text: `Entry of team ${i}`, link: null })).ok).toBe(true);
  return { gm, gmRoles, contest: contest.value, round: round.value, judges, players, teams };
}

beforeAll(async () => {
  await createTestDatabase();
});

describe("the current contest", () => {
  it("is written when it changes and skipped when the id is unchanged", async () => {
    const { gm, contest } = await world();
    const other = await createContest(gm.id, await rolesOf(gm), { name: `Other ${++n}`, description: "", startsAt: null, endsAt: null });
    expect(await setCurrentContest(gm.id, contest.id)).toEqual({ changed: true });
    const [before] = await db().select().from(memberCurrentContests).where(eq(memberCurrentContests.memberId, gm.id));
    expect(await setCurrentContest(gm.id, contest.id, new Date(Date.now() + 60_000))).toEqual({ changed: false });
    const [after] = await db().select().from(memberCurrentContests).where(eq(memberCurrentContests.memberId, gm.id));
    expect(after!.changedAt).toEqual(before!.changedAt);
    expect(await setCurrentContest(gm.id, other.ok ? other.value.id : 0)).toEqual({ changed: true });
  });
});

describe("status changes", () => {
  it("pause and resume, end for good; only the contest's game master", async () => {
    const { gm, gmRoles, contest, judges } = await world();
    expect((await changeContestStatus(judges[1]!.id, await rolesOf(judges[1]!), contest.id, "Paused")).ok).toBe(false);
    expect(await changeContestStatus(gm.id, gmRoles, contest.id, "Paused")).toMatchObject({ ok: true });
    expect(await changeContestStatus(gm.id, gmRoles, contest.id, "Ended")).toMatchObject({ ok: true });
    expect(await changeContestStatus(gm.id, gmRoles, contest.id, "Active")).toMatchObject({ ok: false, refusal: "status-change" });
  });
});

describe("role invitations", () => {
  it("email a judge a link that reading does not spend and Accept does, once", async () => {
    const { gm, gmRoles, contest } = await world();
    const made = await inviteToContest(gm.id, gmRoles, contest.id, { role: "judge", channel: "email", email: "ada@example.com", language: "en" }, "https://glow.example");
    if (!made.ok) throw new Error("invite");
    const token = new URL(made.value.link).searchParams.get("invite")!;
    expect(made.value.link).toContain(`/judge-onboarding/${contest.id}/${gm.id}?invite=`);
    const [mail] = await db().select().from(emailOutbox).where(eq(emailOutbox.to, "ada@example.com"));
    expect(mail!.text).toContain(made.value.link);
    expect(await findRoleInvite(token, contest.id)).not.toBeNull();
    const judge = await person();
    expect(await acceptRoleInvite(judge.id, token, contest.id)).toMatchObject({ ok: true, value: { role: "judge" } });
    expect((await rolesOf(judge)).some((r) => r.role === "judge" && String(r.contestId) === String(contest.id))).toBe(true);
    const other = await person();
    expect(await acceptRoleInvite(other.id, token, contest.id)).toMatchObject({ ok: false, refusal: "used" });
  });
});

describe("the console names judges the game master can tell apart", () => {
  it("an invited judge without a name of their own by the email the invitation went to, a named one by their name; players never see it", async () => {
    const { gm, gmRoles, contest, round } = await world();
    const made = await inviteToContest(gm.id, gmRoles, contest.id, { role: "judge", channel: "email", email: "quiet.judge@example.com", language: "en" }, "https://glow.example");
    if (!made.ok) throw new Error("invite");
    // Signed in from the email, signup not finished: no name chosen.
    const [unnamed] = await db().insert(members).values({ phone: `+1555600${String(++n).padStart(4, "0")}` }).returning();
    expect((await acceptRoleInvite(unnamed!.id, new URL(made.value.link).searchParams.get("invite")!, contest.id)).ok).toBe(true);
    const roles = await rolesOf(unnamed!);
    const claim = await claimNext(unnamed!.id, roles, contest.id);
    if (!claim.ok) throw new Error(claim.refusal);
    expect((await scoreEntry(unnamed!.id, roles, { entryId: claim.value.entryId, scores: [4, 4], noteForParty: "", noteForGameMaster: "" })).ok).toBe(true);

    const view = (await consoleView(contest.id, null, "https://glow.example", "en"))!;
    const judged = view.rounds.find((r) => r.id === round.id)!.results!.rows.flatMap((r) => r.byJudge.map((j) => j.judge));
    expect(judged).toContain("quiet.judge@example.com");
    expect(view.invites.find((i) => i.email === "quiet.judge@example.com")).toMatchObject({ status: "accepted", acceptedBy: "quiet.judge@example.com" });
    // The one warning about few scores names them the same way.
    expect(view.rounds.find((r) => r.id === round.id)!.results!.warnings).toContainEqual(expect.objectContaining({ kind: "few-scores", judge: "quiet.judge@example.com" }));

    // Once they choose a name, that is their name.
    await db().update(members).set({ firstName: "Quinn", lastName: "Judge" }).where(eq(members.id, unnamed!.id));
    const named = (await consoleView(contest.id, null, "https://glow.example", "en"))!;
    expect(named.rounds.find((r) => r.id === round.id)!.results!.rows.flatMap((r) => r.byJudge.map((j) => j.judge))).toContain("Quinn Judge");

    // What players read of the contest never carries it.
    await db().update(members).set({ firstName: null, lastName: null }).where(eq(members.id, unnamed!.id));
    expect(JSON.stringify(await publishedResults(contest.id))).not.toContain("quiet.judge@example.com");
    expect(JSON.stringify(await roundResults(round))).not.toContain("quiet.judge@example.com");
  });
});

describe("assignment", () => {
  it("never gives a judge their own party's entry, and refuses their score of it", async () => {
    const { judges, contest, round } = await world();
    const roles = await rolesOf(judges[0]!);
    const seen: number[] = [];
    for (let i = 0; i < 3; i++) {
      const claim = await claimNext(judges[0]!.id, roles, contest.id);
      if (!claim.ok) break;
      seen.push(claim.value.entryId);
      await scoreEntry(judges[0]!.id, roles, { entryId: claim.value.entryId, scores: [3, 3], noteForParty: "", noteForGameMaster: "" });
    }
    const entries = await db().select().from(roundEntries).where(eq(roundEntries.roundId, round.id));
    const own = entries.find((e) => seen.includes(e.id) && e.partyId === entries[0]!.partyId);
    expect(own).toBeUndefined();
    expect(seen).toHaveLength(2);
    expect(await scoreEntry(judges[0]!.id, roles, { entryId: entries[0]!.id, scores: [5, 5], noteForParty: "", noteForGameMaster: "" })).toMatchObject({ ok: false, refusal: "own-party" });
  });

  it("takes a judge's scores only for an entry handed to them, and stores nothing else", async () => {
    const { judges, contest, round } = await world();
    const judge = judges[1]!;
    const roles = await rolesOf(judge);
    const claim = await claimNext(judge.id, roles, contest.id);
    if (!claim.ok) throw new Error("claim");
    const entries = await db().select().from(roundEntries).where(eq(roundEntries.roundId, round.id));
    const unassigned = entries.find((e) => e.id !== claim.value.entryId)!;
    const sheet = (entryId: number) => ({ entryId, scores: [5, 5], noteForParty: "Lovely", noteForGameMaster: "" });
    const mine = async (entryId: number) => ({
      scores: await db().select().from(entryScores).where(and(eq(entryScores.entryId, entryId), eq(entryScores.judgeId, judge.id))),
      holds: await db().select().from(entryJudges).where(and(eq(entryJudges.entryId, entryId), eq(entryJudges.judgeId, judge.id))),
    });

    expect(await scoreEntry(judge.id, roles, sheet(unassigned.id))).toMatchObject({ ok: false, refusal: "not-assigned" });
    expect(await mine(unassigned.id)).toEqual({ scores: [], holds: [] });

    expect(await scoreEntry(judge.id, roles, sheet(claim.value.entryId))).toMatchObject({ ok: true });
    expect((await mine(claim.value.entryId)).scores.map((s) => s.score)).toEqual([5, 5]);
    // Scores change until the round is published: the entry stays theirs once scored, and a
    // claim that ran out (a judge who took longer than 5 minutes) does not lose their work.
    expect(await scoreEntry(judge.id, roles, { ...sheet(claim.value.entryId), scores: [2, 3] }, new Date(Date.now() + 60 * 60_000))).toMatchObject({ ok: true });
    expect((await mine(claim.value.entryId)).scores.map((s) => s.score).sort()).toEqual([2, 3]);

    // Skipped before scoring, an entry is back in the pool: it is theirs again only when handed to them.
    const other = judges[2]!;
    const otherRoles = await rolesOf(other);
    const taken = await claimNext(other.id, otherRoles, contest.id);
    if (!taken.ok) throw new Error("claim");
    await stepAside(other.id, otherRoles, taken.value.entryId, "skipped");
    expect(await scoreEntry(other.id, otherRoles, sheet(taken.value.entryId))).toMatchObject({ ok: false, refusal: "not-assigned" });
  });

  it("hands out the least-judged entry first and keeps a claimed entry from others for 5 minutes", async () => {
    const { judges, contest } = await world();
    const now = new Date();
    const a = await claimNext(judges[1]!.id, await rolesOf(judges[1]!), contest.id, now);
    const b = await claimNext(judges[2]!.id, await rolesOf(judges[2]!), contest.id, now);
    if (!a.ok || !b.ok) throw new Error("claims");
    expect(a.value.entryId).not.toBe(b.value.entryId);
    // Six minutes later judge 1's claim has run out: judge 3 may get that entry.
    const later = new Date(now.getTime() + 6 * 60_000);
    const c = await claimNext(judges[3]!.id, await rolesOf(judges[3]!), contest.id, later);
    expect(c.ok).toBe(true);
    // The same judge asking again keeps their own claim.
    expect(await claimNext(judges[2]!.id, await rolesOf(judges[2]!), contest.id, now)).toMatchObject({ ok: true, value: { entryId: b.value.entryId } });
  });

  it("gives every entry three judges when there are enough", async () => {
    const { judges, contest, round } = await world();
    for (const judge of judges) {
      const roles = await rolesOf(judge);
      for (;;) {
        const claim = await claimNext(judge.id, roles, contest.id);
        if (!claim.ok) break;
        await scoreEntry(judge.id, roles, { entryId: claim.value.entryId, scores: [4, 2], noteForParty: "", noteForGameMaster: "" });
      }
    }
    const results = await roundResults(round);
    expect(results.rows.map((r) => r.judges).every((j) => j >= 3)).toBe(true);
  });

  it("never offers a recused entry again, and flags an entry skipped three times", async () => {
    const { judges, contest } = await world();
    const roles1 = await rolesOf(judges[1]!);
    const first = await claimNext(judges[1]!.id, roles1, contest.id);
    if (!first.ok) throw new Error("claim");
    await stepAside(judges[1]!.id, roles1, first.value.entryId, "recused");
    const next = await claimNext(judges[1]!.id, roles1, contest.id);
    expect(next.ok && next.value.entryId).not.toBe(first.value.entryId);
    expect(await scoreEntry(judges[1]!.id, roles1, { entryId: first.value.entryId, scores: [1, 1], noteForParty: "", noteForGameMaster: "" })).toMatchObject({ ok: false, refusal: "recused" });
    for (const judge of judges.slice(1)) {
      await stepAside(judge.id, await rolesOf(judge), next.ok ? next.value.entryId : 0, "skipped");
    }
    expect((await flaggedEntries(contest.id)).map((f) => f.entryId)).toContain(next.ok ? next.value.entryId : 0);
  });
});

describe("publishing", () => {
  it("shows players nothing before publish; then results, points and a feed post", async () => {
    const { gm, gmRoles, contest, round, judges, players } = await world();
    for (const judge of judges.slice(1)) {
      const roles = await rolesOf(judge);
      const desk = await judgeDesk(judge.id, roles, contest.id, null);
      expect(desk.progress[0]!.total).toBe(3);
      for (;;) {
        const claim = await claimNext(judge.id, roles, contest.id);
        if (!claim.ok) break;
        const [entry] = await db().select().from(roundEntries).where(eq(roundEntries.id, claim.value.entryId));
        const best = entry!.text.endsWith("1") ? 5 : 2;
        await scoreEntry(judge.id, roles, { entryId: claim.value.entryId, scores: [best, best], noteForParty: "Well lit", noteForGameMaster: "" });
      }
    }
    expect(await publishedResults(contest.id)).toEqual({ rounds: [], standing: [] });
    expect((await advanceRound(gm.id, gmRoles, round.id, "open")).ok).toBe(true);
    expect(await publishedResults(contest.id)).toEqual({ rounds: [], standing: [] });
    // A judge may still revise while judging.
    const [revise] = await db().select().from(roundEntries).where(eq(roundEntries.roundId, round.id));
    expect((await scoreEntry(judges[1]!.id, await rolesOf(judges[1]!), { entryId: revise!.id, scores: [1, 1], noteForParty: "", noteForGameMaster: "" })).ok).toBe(true);
    expect((await advanceRound(gm.id, gmRoles, round.id, "judging")).ok).toBe(true);
    // A second press of the same button does not publish twice.
    expect(await advanceRound(gm.id, gmRoles, round.id, "judging")).toMatchObject({ ok: false, refusal: "round-state" });
    const shown = await publishedResults(contest.id);
    expect(shown.rounds).toHaveLength(1);
    expect(shown.rounds[0]!.rows[0]!.party).toBe((await db().select().from(parties).where(eq(parties.id, shown.rounds[0]!.rows[0]!.partyId)))[0]!.name);
    const [winner] = await db().select().from(members).where(eq(members.id, players[1]!.id));
    expect(winner!.score).toBeGreaterThanOrEqual(50);
    const feed = await db().select().from(posts).where(eq(posts.refId, contest.id));
    expect(feed.some((p) => p.type === "contest")).toBe(true);
    // Scores no longer change once published.
    expect(await scoreEntry(judges[1]!.id, await rolesOf(judges[1]!), { entryId: revise!.id, scores: [5, 5], noteForParty: "", noteForGameMaster: "" })).toMatchObject({ ok: false, refusal: "round-closed" });
  });
});

describe("overrides", () => {
  it("need the contest's game master and land in the audit trail with their reason", async () => {
    const { gm, gmRoles, contest, round, judges, teams } = await world();
    expect((await applyOverride(judges[1]!.id, await rolesOf(judges[1]!), { kind: "reopen-round", roundId: round.id, reason: "x" })).ok).toBe(false);
    await advanceRound(gm.id, gmRoles, round.id, "open");
    expect(await applyOverride(gm.id, gmRoles, { kind: "reopen-round", roundId: round.id, reason: "Closed too early" })).toMatchObject({ ok: true });
    const [reopened] = await db().select().from(contestRounds).where(eq(contestRounds.id, round.id));
    expect(reopened!.state).toBe("open");
    const [entry] = await db().select().from(roundEntries).where(eq(roundEntries.partyId, teams[2]!.id));
    expect(await applyOverride(gm.id, gmRoles, { kind: "remove-entry", entryId: entry!.id, reason: "Copied from another party" })).toMatchObject({ ok: true });
    const trail = await auditTrail(contest.id);
    expect(trail.map((t) => [t.action, t.reason])).toEqual(
      expect.arrayContaining([
        ["reopen-round", "Closed too early"],
        ["remove-entry", "Copied from another party"],
      ]),
    );
    expect((await roundResults(reopened!)).rows.map((r) => r.partyId)).not.toContain(teams[2]!.id);
  });

  it("reassign a party's ringleader: one of its members leads, the old ringleader becomes a member, with the reason in the trail", async () => {
    const { gm, gmRoles, contest, judges, players, teams } = await world();
    // teams[0] is players[0] (ringleader) and judges[0] (member).
    const party = teams[0]!;
    const roster = async () =>
      Object.fromEntries((await db().select().from(partyMembers).where(eq(partyMembers.partyId, party.id))).map((m) => [m.memberId, m.role]));
    const move = { kind: "reassign-ringleader" as const, partyId: party.id, memberId: judges[0]!.id, reason: "Their ringleader moved away" };
    // Only the contest's game master.
    expect(await applyOverride(players[1]!.id, await rolesOf(players[1]!), move)).toMatchObject({ ok: false, refusal: "not-game-master" });
    // Someone outside the party cannot be made its ringleader.
    expect(await applyOverride(gm.id, gmRoles, { ...move, memberId: players[1]!.id })).toMatchObject({ ok: false, refusal: "not-a-member" });
    expect(await applyOverride(gm.id, gmRoles, move)).toMatchObject({ ok: true });
    expect(await roster()).toEqual({ [players[0]!.id]: "member", [judges[0]!.id]: "ringleader" });
    // The new ringleader holds the contest's ringleader role.
    expect(await rolesOf(judges[0]!)).toEqual(expect.arrayContaining([{ role: "ringleader", contestId: contest.id }]));
    // Again: they already lead alone.
    expect(await applyOverride(gm.id, gmRoles, move)).toMatchObject({ ok: false, refusal: "already-ringleader" });
    const [last] = await auditTrail(contest.id);
    expect(last).toMatchObject({ action: "reassign-ringleader", reason: "Their ringleader moved away" });
    expect(last!.subject).toContain(party.name);
    expect(last!.subject).toContain(`${players[0]!.firstName} → ${judges[0]!.firstName}`);
  });
});
