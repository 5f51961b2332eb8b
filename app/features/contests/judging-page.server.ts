/**
 * What /judging shows a judge: the contests they judge, the one chosen, and its desk (each
 * round's progress, the entry they hold open, what they scored), the claim's end told here.
 */
import type { CurrentMember } from "~/features/auth/index.server";
import { contestNames } from "~/features/parties/index.server";
import type { Language } from "~/platform/i18n";
import { formatMoment } from "~/ui/dates";
import { currentContestAmong } from "./console.server";
import { judgeDesk } from "./judging.server";

/** The contests where the member judges, in id order. */
export async function judgedContests(roles: { role: string; contestId: number | string | null }[]) {
  const ids = [...new Set(roles.filter((r) => r.role === "judge" && r.contestId !== null).map((r) => Number(r.contestId)))];
  const names = await contestNames(ids);
  return ids.filter((id) => names.has(id)).sort((a, b) => a - b).map((id) => ({ id, name: names.get(id)! }));
}

export async function judgingScreen(request: Request, current: CurrentMember, lang: Language) {
  const contests = await judgedContests(current.roles);
  const chosen = await currentContestAmong(current.member.id, contests);
  const asked = Number(new URL(request.url).searchParams.get("entry"));
  const desk = chosen ? await judgeDesk(current.member.id, current.roles, chosen.id, Number.isSafeInteger(asked) && asked > 0 ? asked : null) : null;
  const open = desk?.open;
  // The claim's end told here, on the server (ui/dates.ts).
  const claimedUntilText = open?.claimedUntil ? formatMoment(open.claimedUntil, lang) : null;
  return { contests, chosenId: chosen?.id ?? null, desk, claimedUntilText };
}

export type JudgingScreen = Awaited<ReturnType<typeof judgingScreen>>;
export type JudgeDesk = NonNullable<JudgingScreen["desk"]>;
