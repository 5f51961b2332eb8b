/**
 * What /judge-onboarding/:contestID/:gameMasterID shows: the contest the link names, the
 * invitation it carries (read, never spent) and the round whose criteria the calibration uses.
 */
import { eq } from "drizzle-orm";
import { hasRole, type MemberRole } from "~/features/auth/index.server";
import { inviteProblem, peopleByIds } from "~/features/parties/index.server";
import { db } from "~/platform/db/db.server";
import { contests } from "~/platform/db/schema";
import type { Language } from "~/platform/i18n";
import { findRoleInvite, roundsOf, type RoleInviteProblem } from "./console.server";

/** The page's status for each state of the invitation. */
export const ONBOARDING_STATUS: Record<RoleInviteProblem | "ready" | "already" | "none", 200 | 404 | 409 | 410> = {
  ready: 200,
  already: 200,
  none: 404,
  "unknown-invite": 404,
  expired: 410,
  revoked: 410,
  replaced: 410,
  declined: 410,
  used: 409,
};

export type Onboarding = NonNullable<Awaited<ReturnType<typeof readOnboarding>>>;

/** Contest and round what the link names; the invitation read, never spent. */
export async function readOnboarding(contestID: string, token: string | null, memberId: number, roles: readonly MemberRole[], lang: Language) {
  const contestId = /^\d{1,10}$/.test(contestID) ? Number(contestID) : 0;
  const [contest] = contestId ? await db().select().from(contests).where(eq(contests.id, contestId)) : [];
  if (!contest) return null;
  const invite = await findRoleInvite(token, contest.id);
  const problem = invite ? inviteProblem(invite, new Date(), memberId) : null;
  const isJudge = hasRole(roles, "judge", contest.id);
  const state: keyof typeof ONBOARDING_STATUS = problem === "mine" || (isJudge && !invite) ? "already" : invite ? (problem ?? "ready") : "none";
  const rounds = await roundsOf(contest.id);
  const round = rounds.find((r) => r.state === "open" || r.state === "judging") ?? rounds.find((r) => r.state === "draft") ?? null;
  const people = await peopleByIds([contest.gameMasterId, invite?.inviterId], db(), lang);
  return {
    contest: { id: contest.id, name: contest.name, description: contest.description, minJudges: contest.minJudges },
    gameMaster: people.get(invite?.inviterId ?? contest.gameMasterId ?? 0)?.name ?? null,
    role: invite?.role ?? "judge",
    state,
    token: invite && token ? token : null,
    criteria: round && round.criteria.length ? round.criteria : null,
  };
}
