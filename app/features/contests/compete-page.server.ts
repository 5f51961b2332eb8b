/**
 * What /compete shows a member: the contests they play in and the one chosen, its rounds
 * with their party's entry, the published results, their questions, and their requests to
 * game masters (with the contests that let them in but where they have no party yet).
 */
import type { Language } from "~/platform/i18n";
import { formatMoment } from "~/ui/dates";
import { admittedWithoutParty, joinableContests, memberContests, partiesTakingMembers, requestsOf, roundsForParty } from "./compete.server";
import { currentContestAmong, questionsOf } from "./console.server";
import { publishedResults } from "./results.server";

export async function competeScreen(memberId: number, lng: Language) {
  const contests = await memberContests(memberId);
  const chosen = await currentContestAmong(memberId, contests);
  const [requests, joinable, admitted] = await Promise.all([requestsOf(memberId), joinableContests(memberId), admittedWithoutParty(memberId)]);
  const welcome = await Promise.all(admitted.map(async (c) => ({ id: c.id, name: c.name, parties: await partiesTakingMembers(c.id) })));
  const base = {
    contests: contests.map((c) => ({ id: c.id, name: c.name, status: c.status, party: c.party })),
    lng,
    requests,
    joinable,
    welcome,
    // Where a member may ask for a role: the contests they are in (a party, or let in).
    roleContests: [...contests.map((c) => ({ id: c.id, name: c.name })), ...admitted.map((c) => ({ id: c.id, name: c.name }))],
  };
  if (!chosen) return { ...base, chosen: null, rounds: [], results: null, questions: [] };
  const [rounds, results, questions] = await Promise.all([roundsForParty(chosen.id, chosen.partyId), publishedResults(chosen.id), questionsOf(memberId, chosen.id)]);
  return {
    ...base,
    chosen,
    // Moments told here, on the server (ui/dates.ts).
    rounds: rounds.map((r) => ({
      ...r,
      closesAtText: r.closesAt ? formatMoment(r.closesAt, lng) : null,
      entry: r.entry && { ...r.entry, submittedAtText: formatMoment(r.entry.submittedAt, lng) },
    })),
    results,
    questions: questions.map((q) => ({ ...q, at: q.at.toISOString() })),
  };
}

export type CompeteScreen = Awaited<ReturnType<typeof competeScreen>>;
