/**
 * The party rules (docs/parties.md) against a real database: building, the cap under
 * concurrent joins, join codes and their rotation, the roster lock, leadership, and points
 * that stay where they were earned.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import type { CurrentMember } from "~/features/auth/principal.server";
import { awardScore } from "~/features/leaderboard/score.server";
import { generatedName } from "~/features/members/member-name.server";
import { db } from "~/platform/db/db.server";
import { ConsoleEmailSender } from "~/platform/email/console.server";
import { deliverDueEmails } from "~/platform/email/queue.server";
import { contestRounds, contests, emailOutbox, invites, memberRoles, members, parties, partyEvents, partyMembers, posts, type Member } from "~/platform/db/schema";
import { acceptInvite, declineInvite, invite, resendInvite, revokeInvite } from "./invites.server";
import { buildParty, decideRequest, joinOpenParty, joinWithCode, requestToJoin, rotateJoinCode, type NewParty } from "./parties.server";
import { partyContributions, partyStanding } from "./points.server";
import { changeLeader, leaveParty, removeMember } from "./roster.server";
import { fairPartyScore, PARTY_RULES } from "./rules";
import { successionsFor } from "./views.server";

const ORIGIN = "https://glow.example";
let n = 0;

async function person(values: Partial<typeof members.$inferInsert> = {}): Promise<Member> {
  n += 1;
  const [row] = await db()
    .insert(members)
    .values({ phone: `+1555400${String(n).padStart(4, "0")}`, firstName: `Player${n}`, ...values })
    .returning();
  return row!;
}

/** What `requireMember` would answer for this member, with their roles now. */
async function acting(member: Member): Promise<CurrentMember> {
  const roles = await db().select({ role: memberRoles.role, contestId: memberRoles.contestId }).from(memberRoles).where(eq(memberRoles.memberId, member.id));
  return { member, sid: "test", accessLevel: 2, roles: roles as CurrentMember["roles"], fingerprint: null, avatarVersion: null, activeBeamkin: null };
}

async function contest(gameMaster?: Member) {
  const [row] = await db().insert(contests).values({ name: `Contest ${++n}`, gameMasterId: gameMaster?.id ?? null }).returning();
  return row!;
}

async function ringleaderIn(contestId: number) {
  const leader = await person();
  await db().insert(memberRoles).values({ memberId: leader.id, contestId, role: "ringleader" });
  return leader;
}

const party = (values: Partial<NewParty> = {}): NewParty => ({
  contestId: null,
  name: `Party ${++n}`,
  motto: "",
  zipcode: null,
  cap: 8,
  joinPolicy: "invite",
  ...values,
});

async function built(leader: Member, values: Partial<NewParty> = {}) {
  const outcome = await buildParty(await acting(leader), party(values));
  if (!outcome.ok) throw new Error(`build refused: ${outcome.refusal}`);
  const [row] = await db().select().from(parties).where(eq(parties.id, outcome.value.partyId));
  return row!;
}

async function linkInvite(leader: Member, partyId: number) {
  const made = await invite(leader.id, partyId, { channel: "link", role: "member" }, ORIGIN);
  if (!made.ok) throw new Error(`invite refused: ${made.refusal}`);
  return made.value;
}

async function rosterOf(partyId: number) {
  const rows = await db().select().from(partyMembers).where(eq(partyMembers.partyId, partyId));
  return new Map(rows.map((r) => [r.memberId, r.role]));
}

beforeAll(async () => {
  await createTestDatabase();
});

describe("building a party", () => {
  it("a friends' party needs no role; its builder leads it, and the feed says it formed", async () => {
    const builder = await person();
    const made = await built(builder, { name: "Night Owls", motto: "Up late, lit up." });
    expect(made.joinCode).toMatch(/^[23456789ABCDEFGHJKMNPQRSTVWXYZ]{6}$/);
    expect(await rosterOf(made.id)).toEqual(new Map([[builder.id, "ringleader"]]));
    const [post] = await db().select().from(posts).where(and(eq(posts.type, "party"), eq(posts.refId, made.id)));
    expect(post).toMatchObject({ actorId: builder.id, text: "Night Owls" });
  });

  it("inside a contest, only its ringleaders build, one party each, with names of their own", async () => {
    const c = await contest();
    const outsider = await person();
    expect(await buildParty(await acting(outsider), party({ contestId: c.id }))).toMatchObject({ ok: false, refusal: "not-ringleader" });
    const leader = await ringleaderIn(c.id);
    await built(leader, { contestId: c.id, name: "Glow Getters" });
    expect(await buildParty(await acting(leader), party({ contestId: c.id }))).toMatchObject({ ok: false, refusal: "other-party" });
    const second = await ringleaderIn(c.id);
    expect(await buildParty(await acting(second), party({ contestId: c.id, name: "glow getters" }))).toMatchObject({ ok: false, refusal: "name-taken" });
    expect(await buildParty(await acting(second), party({ contestId: 999_999 }))).toMatchObject({ ok: false, refusal: "unknown-contest" });
  });

  it("an ended contest takes no new parties", async () => {
    const [ended] = await db().insert(contests).values({ name: "Over", status: "Ended" }).returning();
    const leader = await ringleaderIn(ended!.id);
    expect(await buildParty(await acting(leader), party({ contestId: ended!.id }))).toMatchObject({ ok: false, refusal: "contest-ended" });
  });
});

describe("the cap", () => {
  it("counts pending invitations: no invitation past it", async () => {
    const leader = await person();
    const p = await built(leader, { cap: 3 });
    await linkInvite(leader, p.id);
    await linkInvite(leader, p.id);
    expect(await invite(leader.id, p.id, { channel: "link", role: "member" }, ORIGIN)).toMatchObject({ ok: false, refusal: "full" });
  });

  it("holds under concurrent accepts and code joins: never a member past it", async () => {
    const leader = await person();
    const p = await built(leader, { cap: 3 });
    const held = await linkInvite(leader, p.id);
    const invitee = await person();
    const crowd = await Promise.all(Array.from({ length: 6 }, () => person()));
    const outcomes = await Promise.all([
      acceptInvite(invitee.id, held.token, p.id),
      ...crowd.map((m) => joinWithCode(m.id, p.id, p.joinCode)),
    ]);
    // The invitation's place was its own; one code join took the last free place.
    expect(outcomes[0]).toMatchObject({ ok: true });
    expect(outcomes.slice(1).filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.slice(1).filter((o) => !o.ok).map((o) => !o.ok && o.refusal)).toEqual(Array(5).fill("full"));
    expect((await rosterOf(p.id)).size).toBe(3);
  });

  it("holds for an open party's Join pressed by many at once", async () => {
    const leader = await person();
    const p = await built(leader, { cap: 4, joinPolicy: "open" });
    const crowd = await Promise.all(Array.from({ length: 8 }, () => person()));
    const outcomes = await Promise.all(crowd.map((m) => joinOpenParty(m.id, p.id)));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(3);
    expect((await rosterOf(p.id)).size).toBe(4);
  });

  it("an invitation accepted twice at once joins once", async () => {
    const leader = await person();
    const p = await built(leader);
    const made = await linkInvite(leader, p.id);
    const [a, b] = [await person(), await person()];
    const outcomes = await Promise.all([acceptInvite(a.id, made.token, p.id), acceptInvite(b.id, made.token, p.id)]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.find((o) => !o.ok)).toMatchObject({ refusal: "used" });
    expect((await rosterOf(p.id)).size).toBe(2);
  });
});

describe("one party per contest", () => {
  it("two invitations to two parties of a contest, accepted at once: one join", async () => {
    const c = await contest();
    const [l1, l2] = [await ringleaderIn(c.id), await ringleaderIn(c.id)];
    const [p1, p2] = [await built(l1, { contestId: c.id }), await built(l2, { contestId: c.id })];
    const [i1, i2] = [await linkInvite(l1, p1.id), await linkInvite(l2, p2.id)];
    const member = await person();
    const outcomes = await Promise.all([acceptInvite(member.id, i1.token, p1.id), acceptInvite(member.id, i2.token, p2.id)]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.find((o) => !o.ok)).toMatchObject({ refusal: "other-party" });
    // The refused invitation is still pending: its invitee may leave the other party and come.
    const pending = await db().select().from(invites).where(eq(invites.status, "pending"));
    expect(pending.some((i) => i.id === i1.inviteId || i.id === i2.inviteId)).toBe(true);
  });

  it("names the other party in the refusal", async () => {
    const c = await contest();
    const [l1, l2] = [await ringleaderIn(c.id), await ringleaderIn(c.id)];
    const p1 = await built(l1, { contestId: c.id, name: "Alpha Beams", joinPolicy: "open" });
    const p2 = await built(l2, { contestId: c.id, joinPolicy: "open" });
    const member = await person();
    expect(await joinOpenParty(member.id, p1.id)).toMatchObject({ ok: true });
    expect(await joinOpenParty(member.id, p2.id)).toMatchObject({ ok: false, refusal: "other-party", details: { party: "Alpha Beams" } });
  });
});

describe("invitations", () => {
  it("are good for 7 days", async () => {
    const leader = await person();
    const p = await built(leader);
    const now = new Date();
    const made = await invite(leader.id, p.id, { channel: "link", role: "member" }, ORIGIN, now);
    const [row] = await db().select().from(invites).where(eq(invites.id, made.ok ? made.value.inviteId : 0));
    expect(row!.expiresAt.getTime() - now.getTime()).toBe(PARTY_RULES.inviteDays * 24 * 3600 * 1000);
    const later = new Date(now.getTime() + 7 * 24 * 3600 * 1000 + 1000);
    expect(await acceptInvite((await person()).id, made.ok ? made.value.token : "", p.id, later)).toMatchObject({ ok: false, refusal: "expired" });
  });

  it("a resend kills the old link and keeps the place; a revoked one frees it", async () => {
    const leader = await person();
    const p = await built(leader, { cap: 2 });
    const first = await linkInvite(leader, p.id);
    const again = await resendInvite(leader.id, first.inviteId, ORIGIN);
    expect(again.ok).toBe(true);
    if (!again.ok) return;
    expect(again.value.token).not.toBe(first.token);
    expect(await acceptInvite((await person()).id, first.token, p.id)).toMatchObject({ ok: false, refusal: "replaced" });
    // The cap is 2: the leader and the resent invitation.
    expect(await invite(leader.id, p.id, { channel: "link", role: "member" }, ORIGIN)).toMatchObject({ ok: false, refusal: "full" });
    expect(await revokeInvite(leader.id, again.value.inviteId)).toMatchObject({ ok: true });
    expect(await acceptInvite((await person()).id, again.value.token, p.id)).toMatchObject({ ok: false, refusal: "revoked" });
    expect((await invite(leader.id, p.id, { channel: "link", role: "member" }, ORIGIN)).ok).toBe(true);
  });

  it("an email invitation is queued with its link and the join code, in the invitee's language", async () => {
    const leader = await person({ firstName: "Katherine", lastName: "Johnson" });
    const p = await built(leader, { name: "Moon Walkers" });
    const made = await invite(leader.id, p.id, { channel: "email", role: "member", email: "friend@example.com", language: "zh" }, ORIGIN);
    expect(made.ok).toBe(true);
    if (!made.ok) return;
    const [mail] = await db().select().from(emailOutbox).where(eq(emailOutbox.to, "friend@example.com"));
    expect(mail).toMatchObject({ status: "pending", kind: "party-invite" });
    expect(mail!.text).toContain(made.value.link);
    expect(mail!.text).toContain(`${p.joinCode.slice(0, 3)}-${p.joinCode.slice(3)}`);
    expect(mail!.text).toContain("Katherine Johnson");
    expect(mail!.subject).toMatch(/邀请/);
    expect(mail!.html).toContain(`href="${made.value.link}"`);
  });

  it("a party name with bidi controls reaches the invitation's subject without them, in the mailbox and the queue", async () => {
    const leader = await person({ firstName: "Ada", lastName: "Lovelace" });
    // Shown raw, U+202E would turn "exe.gnp" around: "Wicks png.exe".
    const p = await built(leader, { name: "Wicks \u202Eexe.gnp\u202C\u2066!\u2069" });
    const made = await invite(leader.id, p.id, { channel: "email", role: "member", email: "bidi@example.com", language: "en" }, ORIGIN);
    expect(made.ok).toBe(true);
    const [mail] = await db().select().from(emailOutbox).where(eq(emailOutbox.to, "bidi@example.com"));
    const subject = "Ada Lovelace invites you to Wicks exe.gnp! on Glow";
    expect(mail!.subject).toBe(subject);
    const mailbox = new ConsoleEmailSender();
    vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    await deliverDueEmails(new Date(Date.now() + 60_000), mailbox);
    vi.restoreAllMocks();
    expect(mailbox.mailbox().find((m) => m.to === "bidi@example.com")!.subject).toBe(subject);
  });

  it("only the party's ringleaders invite, resend and revoke", async () => {
    const leader = await person();
    const p = await built(leader, { joinPolicy: "open" });
    const member = await person();
    await joinOpenParty(member.id, p.id);
    expect(await invite(member.id, p.id, { channel: "link", role: "member" }, ORIGIN)).toMatchObject({ ok: false, refusal: "not-ringleader" });
    const made = await linkInvite(leader, p.id);
    expect(await revokeInvite(member.id, made.inviteId)).toMatchObject({ ok: false, refusal: "not-ringleader" });
    expect(await resendInvite(member.id, made.inviteId, ORIGIN)).toMatchObject({ ok: false, refusal: "not-ringleader" });
  });

  it("a decline ends the invitation; an invitation to co-lead promotes a member already in", async () => {
    const leader = await person();
    const p = await built(leader);
    const made = await linkInvite(leader, p.id);
    const invitee = await person();
    expect(await declineInvite(invitee.id, made.token, p.id)).toMatchObject({ ok: true });
    expect(await acceptInvite(invitee.id, made.token, p.id)).toMatchObject({ ok: false, refusal: "declined" });

    const joined = await linkInvite(leader, p.id);
    await acceptInvite(invitee.id, joined.token, p.id);
    const lead = await invite(leader.id, p.id, { channel: "link", role: "ringleader" }, ORIGIN);
    expect(lead.ok && (await acceptInvite(invitee.id, lead.value.token, p.id))).toMatchObject({ ok: true, value: { promoted: true } });
    expect((await rosterOf(p.id)).get(invitee.id)).toBe("ringleader");
  });

  it("a token of another party, or no token at all, is unknown", async () => {
    const leader = await person();
    const [p1, p2] = [await built(leader), await built(leader)];
    const made = await linkInvite(leader, p1.id);
    expect(await acceptInvite((await person()).id, made.token, p2.id)).toMatchObject({ ok: false, refusal: "unknown-invite" });
    expect(await acceptInvite((await person()).id, "x".repeat(43), p1.id)).toMatchObject({ ok: false, refusal: "unknown-invite" });
  });
});

describe("join codes", () => {
  it("rotation stops the old code at once; the new one works", async () => {
    const leader = await person();
    const p = await built(leader);
    const rotated = await rotateJoinCode(leader.id, p.id);
    expect(rotated.ok).toBe(true);
    if (!rotated.ok) return;
    expect(rotated.value.code).not.toBe(p.joinCode);
    expect(await joinWithCode((await person()).id, p.id, p.joinCode)).toMatchObject({ ok: false, refusal: "stale-code" });
    expect(await joinWithCode((await person()).id, p.id, rotated.value.code)).toMatchObject({ ok: true });
    const [event] = await db().select().from(partyEvents).where(and(eq(partyEvents.partyId, p.id), eq(partyEvents.kind, "code")));
    expect(event).toMatchObject({ actorId: leader.id });
  });

  it("only a ringleader rotates", async () => {
    const leader = await person();
    const p = await built(leader, { joinPolicy: "open" });
    const member = await person();
    await joinOpenParty(member.id, p.id);
    expect(await rotateJoinCode(member.id, p.id)).toMatchObject({ ok: false, refusal: "not-ringleader" });
  });
});

describe("the roster lock", () => {
  it("while a round of the contest is open, nobody joins, leaves or is removed; leadership still changes", async () => {
    const c = await contest();
    const leader = await ringleaderIn(c.id);
    const p = await built(leader, { contestId: c.id, joinPolicy: "open" });
    const [stays, waits] = [await person(), await person()];
    await joinOpenParty(stays.id, p.id);
    const made = await linkInvite(leader, p.id);
    const [round] = await db().insert(contestRounds).values({ contestId: c.id, number: 1, state: "open" }).returning();

    expect(await joinOpenParty(waits.id, p.id)).toMatchObject({ ok: false, refusal: "locked" });
    expect(await acceptInvite(waits.id, made.token, p.id)).toMatchObject({ ok: false, refusal: "locked" });
    expect(await joinWithCode(waits.id, p.id, p.joinCode)).toMatchObject({ ok: false, refusal: "locked" });
    expect(await leaveParty(stays.id, p.id)).toMatchObject({ ok: false, refusal: "locked" });
    expect(await removeMember(leader.id, p.id, stays.id, "Round cheating", "en")).toMatchObject({ ok: false, refusal: "locked" });
    const other = await ringleaderIn(c.id);
    expect(await buildParty(await acting(other), party({ contestId: c.id }))).toMatchObject({ ok: false, refusal: "locked" });
    expect(await changeLeader(leader.id, p.id, stays.id, false, "en")).toMatchObject({ ok: true });

    await db().update(contestRounds).set({ state: "judging" }).where(eq(contestRounds.id, round!.id));
    expect(await acceptInvite(waits.id, made.token, p.id)).toMatchObject({ ok: true });
    expect(await leaveParty(stays.id, p.id)).toMatchObject({ ok: true });
  });

  it("locks only the contest whose round is open", async () => {
    const [c1, c2] = [await contest(), await contest()];
    await db().insert(contestRounds).values({ contestId: c1.id, number: 1, state: "open" });
    const leader = await ringleaderIn(c2.id);
    const p = await built(leader, { contestId: c2.id, joinPolicy: "open" });
    const friends = await built(await person(), { joinPolicy: "open" });
    expect(await joinOpenParty((await person()).id, p.id)).toMatchObject({ ok: true });
    expect(await joinOpenParty((await person()).id, friends.id)).toMatchObject({ ok: true });
  });
});

describe("leadership", () => {
  it("a hand-over makes the member the ringleader (and a contest ringleader) and the ringleader a member", async () => {
    const c = await contest();
    const leader = await ringleaderIn(c.id);
    const p = await built(leader, { contestId: c.id, joinPolicy: "open" });
    const heir = await person();
    await joinOpenParty(heir.id, p.id);
    expect(await changeLeader(leader.id, p.id, heir.id, true, "en")).toMatchObject({ ok: true });
    expect(await rosterOf(p.id)).toEqual(new Map([[leader.id, "member"], [heir.id, "ringleader"]]));
    const roles = await db().select().from(memberRoles).where(and(eq(memberRoles.memberId, heir.id), eq(memberRoles.contestId, c.id)));
    expect(roles.map((r) => r.role)).toEqual(["ringleader"]);
    // The former ringleader can no longer manage it.
    expect(await rotateJoinCode(leader.id, p.id)).toMatchObject({ ok: false, refusal: "not-ringleader" });
  });

  it("a co-ringleader leads beside the ringleader; ringleaders are not removed by each other", async () => {
    const leader = await person();
    const p = await built(leader, { joinPolicy: "open" });
    const co = await person();
    await joinOpenParty(co.id, p.id);
    expect(await changeLeader(leader.id, p.id, co.id, false, "en")).toMatchObject({ ok: true });
    expect(await changeLeader(leader.id, p.id, co.id, false, "en")).toMatchObject({ ok: false, refusal: "already-ringleader" });
    expect(await removeMember(co.id, p.id, leader.id, "coup", "en")).toMatchObject({ ok: false, refusal: "ringleader" });
    expect(await rosterOf(p.id)).toEqual(new Map([[leader.id, "ringleader"], [co.id, "ringleader"]]));
  });

  it("when the last ringleader leaves, the longest-standing member takes over and the game master is told", async () => {
    const gameMaster = await person({ email: "gm@example.com" });
    const c = await contest(gameMaster);
    const leader = await ringleaderIn(c.id);
    const p = await built(leader, { contestId: c.id, joinPolicy: "open", name: "Succession Party" });
    const [first, second] = [await person(), await person()];
    await joinOpenParty(first.id, p.id, new Date(Date.now() + 1000));
    await joinOpenParty(second.id, p.id, new Date(Date.now() + 2000));
    expect(await leaveParty(leader.id, p.id)).toMatchObject({ ok: true, value: { successor: first.id, disbanded: false } });
    expect((await rosterOf(p.id)).get(first.id)).toBe("ringleader");
    const told = await successionsFor([c.id], "en");
    expect(told[0]).toMatchObject({ party: "Succession Party", member: first.firstName });
    const [mail] = await db().select().from(emailOutbox).where(eq(emailOutbox.to, "gm@example.com"));
    expect(mail?.text).toContain("Succession Party");
  });

  it("the succession email names a member without a chosen name in English and in Chinese, each in its own part", async () => {
    const gameMaster = await person({ email: "gm-names@example.com" });
    const c = await contest(gameMaster);
    const leader = await ringleaderIn(c.id);
    const p = await built(leader, { contestId: c.id, joinPolicy: "open", name: "Nameless Heir" });
    const heir = await person({ firstName: null });
    await joinOpenParty(heir.id, p.id, new Date(Date.now() + 1000));
    expect(await leaveParty(leader.id, p.id)).toMatchObject({ ok: true, value: { successor: heir.id } });
    const [mail] = await db().select().from(emailOutbox).where(eq(emailOutbox.to, "gm-names@example.com"));
    const [english, chinese] = mail!.text.split("\n\n");
    expect(english).toContain(`longest-standing member, ${generatedName(heir.id, "en")}, took over`);
    expect(chinese).toContain(`资历最久的成员 ${generatedName(heir.id, "zh")} 接任了领队`);
    expect(mail!.subject).toBe("Nameless Heir has a new ringleader · 「Nameless Heir」有了新的领队");
    expect(mail!.html).toContain(`<p lang="zh-Hans">`);
  });

  it("a removal or a hand-over answers with the member's name in the ringleader's language", async () => {
    const leader = await person();
    const p = await built(leader, { joinPolicy: "open" });
    const [gone, heir] = [await person({ firstName: null }), await person({ firstName: null })];
    await joinOpenParty(gone.id, p.id);
    await joinOpenParty(heir.id, p.id);
    expect(generatedName(gone.id, "zh")).not.toBe(generatedName(gone.id, "en"));
    expect(await removeMember(leader.id, p.id, gone.id, "Never came", "zh")).toMatchObject({ ok: true, value: { memberName: generatedName(gone.id, "zh") } });
    expect(await changeLeader(leader.id, p.id, heir.id, false, "zh")).toMatchObject({ ok: true, value: { memberName: generatedName(heir.id, "zh") } });
    expect(await changeLeader(heir.id, p.id, leader.id, true, "en")).toMatchObject({ ok: true, value: { memberName: leader.firstName } });
  });

  it("the last member to leave disbands the party, and its pending invitations end", async () => {
    const leader = await person();
    const p = await built(leader);
    const made = await linkInvite(leader, p.id);
    expect(await leaveParty(leader.id, p.id)).toMatchObject({ ok: true, value: { disbanded: true } });
    expect(await acceptInvite((await person()).id, made.token, p.id)).toMatchObject({ ok: false, refusal: "revoked" });
    const [row] = await db().select().from(parties).where(eq(parties.id, p.id));
    expect(row!.disbandedAt).not.toBeNull();
  });

  it("a removal keeps its reason for the member removed", async () => {
    const leader = await person();
    const p = await built(leader, { joinPolicy: "open" });
    const member = await person();
    await joinOpenParty(member.id, p.id);
    expect(await removeMember(leader.id, p.id, member.id, "Never came to a round", "en")).toMatchObject({ ok: true });
    const [event] = await db().select().from(partyEvents).where(and(eq(partyEvents.kind, "removed"), eq(partyEvents.subjectId, member.id)));
    expect(event).toMatchObject({ note: "Never came to a round", actorId: leader.id });
    expect(await removeMember(leader.id, p.id, leader.id, "me", "en")).toMatchObject({ ok: false, refusal: "self" });
  });
});

describe("requests to join", () => {
  it("a request waits for a ringleader; accepted, the member joins by every rule", async () => {
    const leader = await person();
    const p = await built(leader, { joinPolicy: "request", cap: 2 });
    const [asker, late] = [await person(), await person()];
    expect(await joinOpenParty(asker.id, p.id)).toMatchObject({ ok: false, refusal: "request-only" });
    expect(await requestToJoin(asker.id, p.id)).toMatchObject({ ok: true });
    expect(await requestToJoin(asker.id, p.id)).toMatchObject({ ok: false, refusal: "already-requested" });
    await requestToJoin(late.id, p.id);
    const requests = await db().query.partyJoinRequests.findMany({ where: (r, { eq }) => eq(r.partyId, p.id) });
    const byMember = new Map(requests.map((r) => [r.memberId, r.id]));
    expect(await decideRequest(leader.id, p.id, byMember.get(asker.id)!, true)).toMatchObject({ ok: true });
    // The party is full now (cap 2): the next acceptance is refused, the request stays.
    expect(await decideRequest(leader.id, p.id, byMember.get(late.id)!, true)).toMatchObject({ ok: false, refusal: "full" });
    expect(await decideRequest(leader.id, p.id, byMember.get(late.id)!, false)).toMatchObject({ ok: true, value: { accepted: false } });
  });
});

describe("points", () => {
  it("stay with the party they were earned in when the member leaves", async () => {
    const leader = await person();
    const p = await built(leader, { joinPolicy: "open" });
    const member = await person();
    await joinOpenParty(member.id, p.id);
    await awardScore(db(), member.id, { starsReceived: 3 }); // 15 points
    await awardScore(db(), leader.id, { gemsReceived: 6 });
    expect(await partyStanding(p.id)).toMatchObject({ points: 21, headcount: 2 });
    await leaveParty(member.id, p.id);
    await awardScore(db(), member.id, { gemsReceived: 100 }); // earned elsewhere: not the party's
    expect(await partyStanding(p.id)).toMatchObject({ points: 21, headcount: 2, members: 1 });
    expect(await partyContributions(p.id)).toEqual([
      { memberId: member.id, points: 15 },
      { memberId: leader.id, points: 6 },
    ]);
  });

  it("a contest's points go to the member's party in that contest only", async () => {
    const c = await contest();
    const leader = await ringleaderIn(c.id);
    const contestParty = await built(leader, { contestId: c.id });
    const friends = await built(leader);
    await awardScore(db(), leader.id, { contestPoints: 40 }, new Date(), { contestId: c.id });
    expect((await partyStanding(contestParty.id))?.points).toBe(40);
    expect((await partyStanding(friends.id))?.points).toBe(0);
  });

  it("the score is fair to the party's size", () => {
    // One lucky member does not top a party: the points are shared by at least three.
    expect(fairPartyScore(90, 1)).toBe(30);
    expect(fairPartyScore(90, 3)).toBe(30);
    expect(fairPartyScore(120, 6)).toBe(20);
    expect(fairPartyScore(0, 0)).toBe(0);
  });
});
