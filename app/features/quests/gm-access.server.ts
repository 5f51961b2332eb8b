/**
 * The game master's screens choose a contest (?contest=…, or their first) and are guarded
 * for it: requireRole(context, "gamemaster", { contestId }).
 */
import type { RouterContextProvider } from "react-router";
import { principalRequest } from "~/platform/principal.server";
import { forbidden } from "~/platform/respond.server";
import { requireMember, requireRole } from "~/features/auth/index.server";
import { gameMasterContests } from "./game-master.server";

export async function gameMasterOf(context: Readonly<RouterContextProvider>, asked: string | null | undefined) {
  const me = await requireMember(context);
  const contests = await gameMasterContests(me.member.id);
  const contestId = asked && /^\d{1,10}$/.test(asked) ? Number(asked) : contests[0]?.id;
  if (contestId === undefined) {
    await requireRole(context, "gamemaster");
    // A game master of no contest yet: nothing here is theirs either.
    forbidden(principalRequest(context), context);
  }
  await requireRole(context, "gamemaster", { contestId });
  return { me, contestId, contests, contest: contests.find((c) => c.id === contestId) ?? { id: contestId, name: "" } };
}
