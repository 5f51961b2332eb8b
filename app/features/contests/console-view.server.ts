/** What the game master screen reads for one contest, in one place. */
import type { Language } from "~/platform/i18n";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { db } from "~/platform/db/db.server";
import { displayName } from "~/features/members/index.server";
import { contests, entryPhotos, members, parties, partyMembers, roundEntries, type InviteRole } from "~/platform/db/schema";
import { drawQr } from "~/platform/qr.server";
import { auditTrail, findRoleInvite, judgeLabels, pendingRequests, roleInviteLink, roleInvites, roundsOf } from "./console.server";
import { flaggedEntries } from "./judging.server";
import { roundsResults } from "./results.server";
import { contestStatus } from "./rules";
import { formatMoment } from "~/ui/dates";

/** A moment as the console shows it, told on the server (ui/dates.ts). */
const momentText = (at: Date | null, lang: Language) => (at ? formatMoment(at.toISOString(), lang) : null);

export async function consoleView(contestId: number, shownToken: string | null, origin: string, lang: Language) {
  const [contest] = await db().select().from(contests).where(eq(contests.id, contestId));
  if (!contest) return null;
  const rounds = await roundsOf(contestId);
  const entries = rounds.length
    ? await db()
        .select({ id: roundEntries.id, roundId: roundEntries.roundId, party: parties.name, text: roundEntries.text, link: roundEntries.link, late: roundEntries.late, submittedAt: roundEntries.submittedAt, photo: entryPhotos.entryId })
        .from(roundEntries)
        .innerJoin(parties, eq(parties.id, roundEntries.partyId))
        .leftJoin(entryPhotos, eq(entryPhotos.entryId, roundEntries.id))
        .where(and(inArray(roundEntries.roundId, rounds.map((r) => r.id)), isNull(roundEntries.removedAt)))
        .orderBy(asc(roundEntries.submittedAt))
    : [];
  // Every round past its draft, in the same two statements.
  // Judges by the names the game master knows them by (an invited judge's email until they choose a name).
  const results = await roundsResults(rounds.filter((round) => round.state !== "draft"), db(), lang, (ids) => judgeLabels(contestId, ids, lang));
  const withResults = rounds.map((round) => ({
      id: round.id,
      number: round.number,
      state: round.state,
      challenge: round.challenge,
      criteria: round.criteria,
      opensAt: round.opensAt?.toISOString() ?? null,
      closesAt: round.closesAt?.toISOString() ?? null,
      opensAtText: momentText(round.opensAt, lang),
      closesAtText: momentText(round.closesAt, lang),
      publishedAt: round.publishedAt?.toISOString() ?? null,
      entries: entries.filter((e) => e.roundId === round.id).map(({ photo, ...e }) => ({ ...e, hasPhoto: photo !== null, submittedAt: e.submittedAt.toISOString() })),
      results: results.get(round.id) ?? null,
    }));
  const contestParties = await db().select({ id: parties.id, name: parties.name }).from(parties).where(and(eq(parties.contestId, contestId), isNull(parties.disbandedAt))).orderBy(asc(parties.name));
  // Each party's roster, for the reassign-ringleader override.
  // Each member named in the same statement.
  const roster = contestParties.length
    ? await db()
        .select({ partyId: partyMembers.partyId, memberId: partyMembers.memberId, role: partyMembers.role, member: { id: members.id, firstName: members.firstName, lastName: members.lastName, username: members.username } })
        .from(partyMembers)
        .innerJoin(members, eq(members.id, partyMembers.memberId))
        .where(inArray(partyMembers.partyId, contestParties.map((p) => p.id)))
        .orderBy(asc(partyMembers.joinedAt), asc(partyMembers.memberId))
    : [];
  const rosters = contestParties.map((p) => ({
    ...p,
    members: roster.filter((r) => r.partyId === p.id).map((r) => ({ id: r.memberId, name: displayName(r.member, lang), role: r.role })),
  }));
  let shownInvite: { link: string; qr: ReturnType<typeof drawQr>; role: InviteRole } | null = null;
  if (shownToken) {
    const invite = await findRoleInvite(shownToken, contestId);
    if (invite && invite.status === "pending" && invite.inviterId !== null) {
      const link = roleInviteLink(origin, contestId, invite.inviterId, shownToken);
      shownInvite = { link, qr: drawQr(link), role: invite.role };
    }
  }
  return {
    contest: {
      id: contest.id,
      name: contest.name,
      description: contest.description,
      status: contestStatus(contest.status),
      startsAt: contest.startsAt?.toISOString() ?? null,
      endsAt: contest.endsAt?.toISOString() ?? null,
      startsAtText: momentText(contest.startsAt, lang),
      endsAtText: momentText(contest.endsAt, lang),
      frozen: contest.boardFrozenAt !== null,
      minJudges: contest.minJudges,
    },
    rounds: withResults,
    parties: contestParties,
    rosters,
    requests: await pendingRequests(contestId, lang),
    invites: await roleInvites(contestId, lang),
    audit: (await auditTrail(contestId, lang)).map((entry) => ({ ...entry, atText: formatMoment(entry.at, lang) })),
    flagged: await flaggedEntries(contestId, rounds),
    shownInvite,
  };
}
