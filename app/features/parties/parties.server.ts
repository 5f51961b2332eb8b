/**
 * Building parties and the ways in that need no invitation: an open party's Join, a
 * request to join a "request" party (and the ringleader's answer), and a join code typed
 * or scanned. The roster rules themselves live in roster.server.ts.
 */
import { and, eq, sql } from "drizzle-orm";
import { hasRole, type CurrentMember } from "~/features/auth/index.server";
import { contests, parties, partyEvents, partyJoinRequests, partyMembers, type JoinPolicy, type Party } from "~/platform/db/schema";
import type { Tx } from "~/platform/db/transaction.server";
import { done, refused } from "~/platform/outcome";
import { newJoinCode } from "./join-code";
import { addToRoster, ledParty, lockParty, partyInContest, rosterLocked, type JoinRefusal, type ManageRefusal } from "./roster.server";
import { inTransaction, isUniqueViolation, refuse } from "./tx.server";

export interface NewParty {
  contestId: number | null;
  name: string;
  motto: string;
  zipcode: string | null;
  cap: number;
  joinPolicy: JoinPolicy;
}

export type BuildRefusal = "unknown-contest" | "not-ringleader" | "contest-ended" | "locked" | "other-party" | "name-taken";

/** A party with a code no other party has (a clash, one in hundreds of millions, draws again). */
async function insertParty(tx: Tx, values: Omit<typeof parties.$inferInsert, "joinCode">): Promise<Party> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [party] = await tx
      .insert(parties)
      .values({ ...values, joinCode: newJoinCode() })
      .onConflictDoNothing()
      .returning();
    if (party) return party;
    // Nothing inserted: the name is taken in the contest, or (rarely) the code.
    if (values.contestId != null && (await nameTaken(tx, values.contestId, values.name))) refuse(refused("name-taken"));
  }
  throw new Error("no free join code after 5 draws");
}

async function nameTaken(tx: Tx, contestId: number, name: string) {
  const [row] = await tx
    .select({ id: parties.id })
    .from(parties)
    .where(and(eq(parties.contestId, contestId), sql`lower(${parties.name}) = lower(${name})`, sql`${parties.disbandedAt} is null`));
  return Boolean(row);
}

/**
 * Builds a party: inside a contest where the member is a ringleader, or a friends' party
 * outside contests (any member). Its builder is its first member and ringleader.
 */
export function buildParty(builder: CurrentMember, input: NewParty, now = new Date()) {
  return inTransaction<{ partyId: number }, BuildRefusal>(async (tx) => {
    const memberId = builder.member.id;
    if (input.contestId !== null) {
      const [contest] = await tx.select().from(contests).where(eq(contests.id, input.contestId));
      if (!contest) return refused("unknown-contest");
      if (!hasRole(builder.roles, "ringleader", contest.id)) return refused("not-ringleader");
      if (contest.status === "Ended") return refused("contest-ended");
      if (await rosterLocked(tx, contest.id)) return refused("locked");
      const other = await partyInContest(tx, memberId, contest.id);
      if (other) return refused("other-party", { details: { party: other.name } });
      if (await nameTaken(tx, contest.id, input.name)) return refused("name-taken");
    }
    const party = await insertParty(tx, {
      contestId: input.contestId,
      name: input.name,
      motto: input.motto,
      zipcode: input.zipcode,
      cap: input.cap,
      joinPolicy: input.joinPolicy,
      createdBy: memberId,
      createdAt: now,
    });
    const joined = await addToRoster(tx, party, memberId, { role: "ringleader", via: "founder", now });
    // The checks above ran under no lock of this new party: a join elsewhere in the contest
    // that committed meanwhile undoes the build.
    if (!joined.ok) refuse(joined.refusal === "other-party" ? refused("other-party", { details: joined.details }) : refused("locked"));
    return done({ partyId: party.id });
  });
}

/** A new join code for a party whose code leaked: the old one stops working at once. */
export function rotateJoinCode(ringleaderId: number, partyId: number, now = new Date()) {
  return inTransaction<{ partyId: number; code: string }, ManageRefusal>(async (tx) => {
    const party = await ledParty(tx, partyId, ringleaderId);
    for (let attempt = 0; attempt < 5; attempt++) {
      const code = newJoinCode();
      try {
        // A savepoint, so a clash with another party's code costs only this draw.
        await tx.transaction(async (inner) => {
          await inner.update(parties).set({ joinCode: code, codeRotatedAt: now }).where(eq(parties.id, party.id));
        });
      } catch (error) {
        if (isUniqueViolation(error)) continue;
        throw error;
      }
      await tx.insert(partyEvents).values({ partyId: party.id, kind: "code", actorId: ringleaderId, createdAt: now });
      return done({ partyId: party.id, code });
    }
    throw new Error("no free join code after 5 draws");
  });
}

export type OpenJoinRefusal = JoinRefusal | "invite-only" | "request-only";

/** Joins an open party (its page's Join button, an open party's link). */
export function joinOpenParty(memberId: number, partyId: number, now = new Date()) {
  return inTransaction<{ partyId: number }, OpenJoinRefusal>(async (tx) => {
    const party = await lockParty(tx, partyId);
    if (!party) return refused("unknown-party");
    if (party.joinPolicy === "invite") return refused("invite-only");
    if (party.joinPolicy === "request") return refused("request-only");
    const joined = await addToRoster(tx, party, memberId, { via: "open", now });
    return joined.ok ? done({ partyId: party.id }) : joined;
  });
}

export type CodeRefusal = JoinRefusal | "stale-code";

/** Joins with the party's join code (typed, or in a scanned QR code's link). */
export function joinWithCode(memberId: number, partyId: number, code: string, now = new Date()) {
  return inTransaction<{ partyId: number }, CodeRefusal>(async (tx) => {
    const party = await lockParty(tx, partyId);
    if (!party) return refused("unknown-party");
    if (party.joinCode !== code) return refused("stale-code");
    const joined = await addToRoster(tx, party, memberId, { via: "code", now });
    return joined.ok ? done({ partyId: party.id }) : joined;
  });
}

/** The party a join code belongs to now (codes are unique while they work). */
export async function partyByCode(tx: Pick<Tx, "select">, code: string) {
  const [party] = await tx
    .select({ id: parties.id, contestId: parties.contestId, disbandedAt: parties.disbandedAt })
    .from(parties)
    .where(eq(parties.joinCode, code));
  return party ?? null;
}

export type RequestRefusal = "unknown-party" | "disbanded" | "already-member" | "not-by-request" | "already-requested" | "other-party" | "locked";

/** Asks to join a "request to join" party; its ringleaders answer on their dashboard. */
export function requestToJoin(memberId: number, partyId: number, now = new Date()) {
  return inTransaction<{ partyId: number }, RequestRefusal>(async (tx) => {
    const party = await lockParty(tx, partyId);
    if (!party) return refused("unknown-party");
    if (party.disbandedAt) return refused("disbanded");
    const [member] = await tx
      .select({ id: partyMembers.memberId })
      .from(partyMembers)
      .where(and(eq(partyMembers.partyId, party.id), eq(partyMembers.memberId, memberId)));
    if (member) return refused("already-member");
    if (party.joinPolicy !== "request") return refused("not-by-request");
    if (party.contestId !== null) {
      const other = await partyInContest(tx, memberId, party.contestId);
      if (other) return refused("other-party", { details: { party: other.name } });
    }
    const inserted = await tx
      .insert(partyJoinRequests)
      .values({ partyId: party.id, memberId, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: partyJoinRequests.id });
    if (inserted.length === 0) return refused("already-requested");
    return done({ partyId: party.id });
  });
}

/** Takes back one's own pending request. */
export function withdrawRequest(memberId: number, partyId: number, now = new Date()) {
  return inTransaction<{ partyId: number }, "no-request">(async (tx) => {
    const ended = await tx
      .update(partyJoinRequests)
      .set({ status: "withdrawn", decidedAt: now })
      .where(and(eq(partyJoinRequests.partyId, partyId), eq(partyJoinRequests.memberId, memberId), eq(partyJoinRequests.status, "pending")))
      .returning({ id: partyJoinRequests.id });
    return ended.length ? done({ partyId }) : refused("no-request");
  });
}

export type DecideRefusal = ManageRefusal | JoinRefusal | "no-request";

/** A ringleader accepts (the member joins, by every rule of joining) or declines a request. */
export function decideRequest(ringleaderId: number, partyId: number, requestId: number, accept: boolean, now = new Date()) {
  return inTransaction<{ partyId: number; memberId: number; accepted: boolean }, DecideRefusal>(async (tx) => {
    const party = await ledParty(tx, partyId, ringleaderId);
    const [request] = await tx
      .select()
      .from(partyJoinRequests)
      .where(and(eq(partyJoinRequests.id, requestId), eq(partyJoinRequests.partyId, party.id), eq(partyJoinRequests.status, "pending")))
      .for("update");
    if (!request) return refused("no-request");
    if (accept) {
      const joined = await addToRoster(tx, party, request.memberId, { via: "request", now });
      if (!joined.ok) return joined;
    }
    await tx
      .update(partyJoinRequests)
      .set({ status: accept ? "accepted" : "declined", decidedAt: now, decidedBy: ringleaderId })
      .where(eq(partyJoinRequests.id, request.id));
    return done({ partyId: party.id, memberId: request.memberId, accepted: accept });
  });
}
