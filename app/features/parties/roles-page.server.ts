/**
 * What User Role Display shows (and, at /user-role-display/enhanced, the enhanced display):
 * the member's roles grouped by contest as the spec's section 6 groups them, their parties,
 * the removals that concern them and, enhanced, the successions in the contests they run.
 */
import type { CurrentMember, MemberRole } from "~/features/auth/index.server";
import type { Language } from "~/platform/i18n";
import { formatDay } from "~/ui/dates";
import { contestNames } from "./contests.server";
import { partiesOf, removalsOf, successionsFor } from "./views.server";

type RoleName = MemberRole["role"];

/** Section 6's order of the contest roles. */
const ROLE_ORDER: RoleName[] = ["gamemaster", "ringleader", "judge"];

export async function rolesScreen(current: CurrentMember, enhanced: boolean, lng: Language) {
  const contestIds = [...new Set(current.roles.map((r) => r.contestId).filter((id): id is number => id !== null).map(Number))];
  const [names, parties, removals] = await Promise.all([contestNames(contestIds), partiesOf(current.member.id), removalsOf(current.member.id, lng)]);
  const groups = new Map<string, { contestId: number | null; contest: string | null; roles: RoleName[] }>();
  for (const entry of current.roles) {
    const contestId = entry.contestId === null ? null : Number(entry.contestId);
    const key = String(contestId);
    const group = groups.get(key) ?? { contestId, contest: contestId === null ? null : (names.get(contestId) ?? null), roles: [] };
    if (!group.roles.includes(entry.role)) group.roles.push(entry.role);
    groups.set(key, group);
  }
  const byContest = [...groups.values()]
    .map((g) => ({ ...g, roles: ROLE_ORDER.filter((r) => g.roles.includes(r)) }))
    .sort((a, b) => (a.contestId ?? 0) - (b.contestId ?? 0));
  const runs = current.roles.filter((r) => r.role === "gamemaster" && r.contestId !== null).map((r) => Number(r.contestId));
  const successions = enhanced ? await successionsFor(runs, lng) : [];
  return {
    enhanced,
    byContest,
    parties,
    removals: removals.map((r) => ({ ...r, on: formatDay(r.at, lng) })),
    successions: successions.map((s) => ({ ...s, on: formatDay(s.at, lng) })),
  };
}

export type RolesScreen = Awaited<ReturnType<typeof rolesScreen>>;
