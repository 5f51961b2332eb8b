/**
 * A member's view of their contests (/compete): each contest they play in with its status,
 * their party, the open round's challenge and deadline, their party's entry (any member of
 * the party submits or changes it until the round closes) and published results only.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { inTransaction } from "~/features/parties/tx.server";
import { db } from "~/platform/db/db.server";
import { contestRounds, contests, entryPhotos, parties, partyMembers, roundEntries } from "~/platform/db/schema";
import { done, refused } from "~/platform/outcome";
import { notifyContest } from "./live.server";
import type { PhotoChange } from "./photos.server";
import { contestStatus, entriesOpen } from "./rules";

export type EntryRefusal = "unknown-round" | "not-in-party" | "round-closed" | "contest-not-active";

/** The contests a member plays in (through a party), with their party there. */
export async function memberContests(memberId: number) {
  const rows = await db()
    .select({ id: contests.id, name: contests.name, description: contests.description, status: contests.status, startsAt: contests.startsAt, endsAt: contests.endsAt, partyId: parties.id, party: parties.name })
    .from(partyMembers)
    .innerJoin(parties, eq(parties.id, partyMembers.partyId))
    .innerJoin(contests, eq(contests.id, partyMembers.contestId))
    .where(eq(partyMembers.memberId, memberId))
    .orderBy(asc(contests.id));
  return rows.map((r) => ({ ...r, status: contestStatus(r.status), startsAt: r.startsAt?.toISOString() ?? null, endsAt: r.endsAt?.toISOString() ?? null }));
}

/** The rounds a member sees (drafts are the game master's own), with their party's entry in each. */
export async function roundsForParty(contestId: number, partyId: number, now = new Date()) {
  const rounds = await db().select().from(contestRounds).where(eq(contestRounds.contestId, contestId)).orderBy(asc(contestRounds.number));
  const shown = rounds.filter((r) => r.state !== "draft");
  const entries = shown.length
    ? await db()
        .select({ id: roundEntries.id, roundId: roundEntries.roundId, text: roundEntries.text, link: roundEntries.link, submittedAt: roundEntries.submittedAt, removedAt: roundEntries.removedAt, photo: entryPhotos.entryId })
        .from(roundEntries)
        .leftJoin(entryPhotos, eq(entryPhotos.entryId, roundEntries.id))
        .where(and(inArray(roundEntries.roundId, shown.map((r) => r.id)), eq(roundEntries.partyId, partyId)))
    : [];
  return shown.map((r) => {
    const entry = entries.find((e) => e.roundId === r.id && !e.removedAt) ?? null;
    return {
      id: r.id,
      number: r.number,
      state: r.state,
      challenge: r.challenge,
      criteria: r.criteria,
      closesAt: r.closesAt?.toISOString() ?? null,
      canSubmit: entriesOpen(r, now),
      entry: entry ? { id: entry.id, text: entry.text, link: entry.link, hasPhoto: entry.photo !== null, submittedAt: entry.submittedAt.toISOString() } : null,
    };
  });
}

/**
 * A party member submits (or resubmits) the party's entry for an open round; a
 * resubmission keeps the photo, replaces it or removes it.
 */
export function submitEntry(memberId: number, roundId: number, values: { text: string; link: string | null; photo?: PhotoChange }, now = new Date()) {
  return inTransaction<{ roundId: number; contestId: number }, EntryRefusal>(async (tx) => {
    const [round] = await tx.select().from(contestRounds).where(eq(contestRounds.id, roundId)).for("share");
    if (!round) return refused("unknown-round");
    const [contest] = await tx.select().from(contests).where(eq(contests.id, round.contestId));
    const [mine] = await tx
      .select({ partyId: partyMembers.partyId })
      .from(partyMembers)
      .where(and(eq(partyMembers.memberId, memberId), eq(partyMembers.contestId, round.contestId)));
    if (!mine) return refused("not-in-party");
    if (contestStatus(contest?.status) !== "Active") return refused("contest-not-active");
    if (!entriesOpen(round, now)) return refused("round-closed");
    const [entry] = await tx
      .insert(roundEntries)
      .values({ roundId, partyId: mine.partyId, text: values.text, link: values.link, submittedBy: memberId, submittedAt: now })
      .onConflictDoUpdate({
        target: [roundEntries.roundId, roundEntries.partyId],
        set: { text: values.text, link: values.link, submittedBy: memberId, submittedAt: now, removedAt: null },
      })
      .returning({ id: roundEntries.id });
    const photo = values.photo ?? { kind: "keep" };
    if (photo.kind === "remove") await tx.delete(entryPhotos).where(eq(entryPhotos.entryId, entry!.id));
    if (photo.kind === "replace") {
      const stored = { bytes: photo.bytes, contentType: photo.contentType, size: photo.bytes.length, createdAt: now };
      await tx
        .insert(entryPhotos)
        .values({ entryId: entry!.id, ...stored })
        .onConflictDoUpdate({ target: entryPhotos.entryId, set: stored });
    }
    notifyContest(round.contestId);
    return done({ roundId, contestId: round.contestId });
  });
}
